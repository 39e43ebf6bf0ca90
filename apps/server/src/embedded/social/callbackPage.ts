/**
 * The page the OAuth callback shows in the person's browser (the popup the frame opened): where the sign-in stands
 * and that the window may be closed — the site learns the rest from /social/finish. Static text only: no script, no
 * data from the request (the headers in frame/securityHeaders.ts forbid scripts, framing, caching and Referer).
 */
export type CallbackOutcome = 'signed_in' | 'cancelled' | 'failed' | 'unavailable'

const MESSAGES: Record<CallbackOutcome, string> = {
  signed_in: 'You are signed in. You can close this window and go back to the site.',
  cancelled: 'The sign-in was cancelled. You can close this window and go back to the site.',
  failed: 'This sign-in could not be completed. Close this window and start the sign-in again from the site.',
  unavailable: 'The sign-in provider could not be reached. Close this window and try again shortly.',
}

export function callbackPage(outcome: CallbackOutcome): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Foyer</title><style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}</style></head><body><h1>Foyer</h1><p data-testid="social-callback" data-outcome="${outcome}">${MESSAGES[outcome]}</p></body></html>`
}

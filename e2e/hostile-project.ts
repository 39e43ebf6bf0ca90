/**
 * A project the e2e stack seeds whose one allowed origin is a page a spec serves itself: a hostile site that the
 * frame's CSP really lets frame the wallet (e2e/embedded-wallet.spec.ts checks the frame still refuses it).
 */
export const HOSTILE_PROJECT = { id: 'e2e-hostile', origin: 'http://127.0.0.1:19451', port: 19451 } as const

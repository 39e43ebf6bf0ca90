/**
 * English for social login and Sign in with Farcaster: Connect's provider buttons, the social list, the waiting
 * views and their ends, and the Account line of a person signed in with a provider.
 */
export const enSocial = {
  'social.continueWith': 'Continue with {provider}',
  'social.allSocials': 'All socials',
  'social.listLabel': 'Sign in with',
  'social.continueInPopup': 'Continue in the {provider} window',
  'social.popupHint': 'Sign in there and allow access; this window updates by itself.',
  'social.finishing': 'Finishing sign-in…',
  'social.retry': 'Try again',
  'social.errorBlocked': 'The sign-in window was blocked. Allow pop-ups for this site, then try again.',
  'social.errorClosed': 'The sign-in window was closed before you finished.',
  'social.errorCancelled': 'Sign-in was cancelled.',
  'social.errorFailed': 'Sign-in failed. Try again.',
  'social.errorExpired': 'The sign-in took too long and expired. Try again.',
  'social.errorUnavailable': 'This sign-in method is not available right now.',
  'farcaster.scan': 'Scan with your phone’s camera or the Farcaster app to sign in',
  'farcaster.qrLabel': 'QR code to sign in with Farcaster',
  'farcaster.openApp': 'Open Farcaster',
  'farcaster.copyLink': 'Copy link',
  'farcaster.waiting': 'Waiting for approval in Farcaster…',
  'farcaster.cancel': 'Cancel',
  'account.signedInWith': 'Signed in with {provider} as {name}',
  'account.signedInWithProvider': 'Signed in with {provider}',
  'account.farcasterFid': 'fid {fid}',
} as const

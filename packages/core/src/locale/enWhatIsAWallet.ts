/** English for the What is a wallet? view's text. */
export const enWhatIsAWallet = {
  'whatIsAWallet.body':
    'A wallet lets you hold digital assets and sign in to sites without a password. Install a browser wallet or use one on your phone, then come back here to connect.',
} as const

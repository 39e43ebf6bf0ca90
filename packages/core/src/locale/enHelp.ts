/** English for What is a wallet? (its title is in the base, with every view's title). */
export const enHelp = {
  'whatIsAWallet.body':
    'A wallet lets you hold digital assets and sign in to sites without a password. Install a browser wallet or use one on your phone, then come back here to connect.',
} as const

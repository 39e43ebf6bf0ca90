/** English for sign-in with Ethereum: the ConnectingSiwe view and the statement in the message the wallet signs. */
export const enSiwe = {
  'siwe.statement': 'Sign in to {name} with this account.',
  'siwe.heading': '{name} asks you to sign in',
  'siwe.body':
    'Sign a message in your wallet to prove that you own this account. It costs nothing and sends no transaction.',
  'siwe.accountLabel': 'Account',
  'siwe.sign': 'Sign in',
  'siwe.cancel': 'Cancel',
  'siwe.waiting': 'Waiting for your wallet…',
  'siwe.waitingDetail': 'Approve the sign-in message in your wallet.',
  'siwe.checking': 'Checking your session…',
  'siwe.failed': 'Sign-in failed',
} as const

/** English for ConnectingExternal: a browser wallet asked to connect, declined or failed. */
export const enConnecting = {
  'connecting.continueInWallet': 'Continue in {name}',
  'connecting.acceptRequest': 'Accept the connection request in your wallet',
  'connecting.declined': 'Connection declined',
  'connecting.declinedDetail': 'The connection was declined in the wallet.',
  'connecting.failed': 'Connection failed',
  'connecting.retry': 'Try again',
} as const

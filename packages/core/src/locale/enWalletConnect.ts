/** English for the WalletConnect QR view. */
export const enWalletConnect = {
  'walletConnect.scan': 'Scan this QR code with your phone',
  'walletConnect.scanWith': 'Scan with {name}, or open it below',
  'walletConnect.qrLabel': 'WalletConnect QR code for {name}',
  'walletConnect.preparing': 'Preparing the QR code…',
  'walletConnect.copyLink': 'Copy link',
  'walletConnect.openOn': 'Open {name} on',
  'walletConnect.platform.browser': 'Browser',
  'walletConnect.platform.mobile': 'Mobile',
  'walletConnect.platform.desktop': 'Desktop',
  'walletConnect.platform.web': 'Web app',
  'walletConnect.declined': 'Connection declined',
  'walletConnect.declinedDetail': 'The connection was declined in the wallet.',
  'walletConnect.failed': 'Connection failed',
  'walletConnect.retry': 'Try again',
  'walletConnect.getWallet': "Don't have {name}?",
} as const

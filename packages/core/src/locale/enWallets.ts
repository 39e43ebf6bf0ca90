/**
 * English for the catalogue's list views: the labels of a list's sections, All Wallets (search, grid) and Get a
 * Wallet (each wallet with its store pages and website; every link label names the wallet and says it opens in a
 * new tab).
 */
export const enWallets = {
  'wallets.featured': 'Featured',
  'wallets.recommended': 'Recommended',
  'wallets.custom': 'Custom',
  'wallets.searchLabel': 'Search wallets',
  'wallets.searchPlaceholder': 'Search wallet',
  'wallets.gridLabel': 'Wallets',
  'wallets.empty': 'No wallet found',
  'wallets.loadFailed': 'The wallet list could not be loaded.',
  'wallets.loadingMore': 'Loading more wallets…',
  'getWallet.intro': 'Choose a wallet and get it from its official store or website, then come back here to connect.',
  'getWallet.listLabel': 'Wallets you can get',
  'getWallet.appStore': 'App Store',
  'getWallet.playStore': 'Google Play',
  'getWallet.website': 'Website',
  'getWallet.appStoreLabel': '{name} on the App Store (opens in a new tab)',
  'getWallet.playStoreLabel': '{name} on Google Play (opens in a new tab)',
  'getWallet.websiteLabel': 'The website of {name} (opens in a new tab)',
  'getWallet.more': 'Show more wallets',
} as const

/** English for All Wallets: the catalogue's search and grid. */
export const enAllWallets = {
  'wallets.searchLabel': 'Search wallets',
  'wallets.searchPlaceholder': 'Search wallet',
  'wallets.gridLabel': 'Wallets',
  'wallets.empty': 'No wallet found',
  'wallets.loadFailed': 'The wallet list could not be loaded.',
  'wallets.loadingMore': 'Loading more wallets…',
} as const

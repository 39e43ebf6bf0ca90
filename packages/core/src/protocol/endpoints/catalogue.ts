// The wallet catalogue and the images: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const wallets = { name: 'wallets', method: 'GET', path: '/getWallets' } as const
export const walletImage = { name: 'walletImage', method: 'GET', path: '/getWalletImage/:id' } as const
export const assetImage = { name: 'assetImage', method: 'GET', path: '/public/getAssetImage/:id' } as const
export const currencyImage = { name: 'currencyImage', method: 'GET', path: '/public/getCurrencyImage/:id' } as const
export const tokenImage = { name: 'tokenImage', method: 'GET', path: '/public/getTokenImage/:id' } as const
export const analyticsConfig = { name: 'analyticsConfig', method: 'GET', path: '/getAnalyticsConfig' } as const

// Account data: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const accountBalance = { name: 'accountBalance', method: 'GET', path: '/v1/account/:address/balance' } as const
export const fungiblePrice = { name: 'fungiblePrice', method: 'POST', path: '/v1/fungible/price' } as const
export const identity = { name: 'identity', method: 'GET', path: '/v1/identity/:address' } as const
export const accountHistory = { name: 'accountHistory', method: 'GET', path: '/v1/account/:account/history' } as const

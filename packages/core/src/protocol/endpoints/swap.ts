// Swaps: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const swapTokens = { name: 'swapTokens', method: 'GET', path: '/v1/convert/tokens' } as const
export const swapQuotes = { name: 'swapQuotes', method: 'GET', path: '/v1/convert/quotes' } as const
export const swapAllowance = { name: 'swapAllowance', method: 'GET', path: '/v1/convert/allowance' } as const
export const swapGasPrice = { name: 'swapGasPrice', method: 'GET', path: '/v1/convert/gas-price' } as const
export const swapBuildApprove = { name: 'swapBuildApprove', method: 'GET', path: '/v1/convert/build-approve' } as const
export const swapBuildTransaction = {
  name: 'swapBuildTransaction',
  method: 'POST',
  path: '/v1/convert/build-transaction',
} as const

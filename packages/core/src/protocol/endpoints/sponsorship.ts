// Gas sponsorship: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const paymaster = { name: 'paymaster', method: 'POST', path: '/v1/paymaster' } as const

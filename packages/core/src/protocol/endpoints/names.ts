// Account names: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const nameAccount = { name: 'nameAccount', method: 'GET', path: '/v1/profile/account/:name' } as const
export const nameReverse = { name: 'nameReverse', method: 'GET', path: '/v1/profile/reverse/:address' } as const
export const nameSuggestions = {
  name: 'nameSuggestions',
  method: 'GET',
  path: '/v1/profile/suggestions/:name',
} as const
export const nameRegister = { name: 'nameRegister', method: 'POST', path: '/v1/profile/account' } as const

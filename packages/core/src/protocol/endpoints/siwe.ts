// Sign-in with Ethereum: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const siweNonce = { name: 'siweNonce', method: 'GET', path: '/v1/auth/siwe/nonce' } as const
export const siweVerify = { name: 'siweVerify', method: 'POST', path: '/v1/auth/siwe/verify' } as const
export const siweSession = { name: 'siweSession', method: 'GET', path: '/v1/auth/siwe/session' } as const
export const siweSignOut = { name: 'siweSignOut', method: 'POST', path: '/v1/auth/siwe/sign-out' } as const
export const jwks = { name: 'jwks', method: 'GET', path: '/.well-known/jwks.json' } as const

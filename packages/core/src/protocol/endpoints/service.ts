// The server itself and the calling project: the endpoints (name, method, path) of these routes. A module per feature, so a bundle holds only
// the paths of the features it loads.

export const health = { name: 'health', method: 'GET', path: '/health' } as const
export const metrics = { name: 'metrics', method: 'GET', path: '/metrics' } as const
export const project = { name: 'project', method: 'GET', path: '/v1/project' } as const

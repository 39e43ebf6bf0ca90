// Analytics: the endpoint (name, method, path) of the route that takes the modal's events. A module of its own, so
// the sender's chunk holds only this path.

export const analyticsEvents = { name: 'analyticsEvents', method: 'POST', path: '/e' } as const

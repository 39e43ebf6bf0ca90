import { describe, expect, it } from 'vitest'
import { endpoints, fillPath } from './endpoints.ts'
import { API_ERROR_CODES, CONSOLE_ERROR_CODES } from './errors.ts'
import { ANY_ROUTE_ERRORS, type Route, routes } from './routes.ts'

const entries = Object.entries(routes) as [string, Route][]

describe('the route table', () => {
  it('has one entry per endpoint, each with the endpoint’s method and path, and no two alike', () => {
    expect(Object.keys(routes)).toEqual(Object.keys(endpoints))
    for (const [name, route] of entries) {
      expect(route.name, name).toBe(name)
      expect(route, name).toMatchObject(endpoints[name as keyof typeof endpoints])
    }
    expect(new Set(entries.map(([, route]) => `${route.method} ${route.path}`)).size).toBe(entries.length)
  })

  it('lists the code of each coded parameter among the route’s errors', () => {
    for (const [name, route] of entries)
      for (const code of Object.values(route.codes ?? {})) expect(route.errors, `${name}: ${code}`).toContain(code)
  })

  it('names every error code somewhere: a route, any route, an unknown route (not_found), or the console', () => {
    const named = new Set<string>([
      'not_found',
      ...ANY_ROUTE_ERRORS,
      ...CONSOLE_ERROR_CODES,
      ...entries.flatMap(([, route]) => route.errors),
    ])
    expect(API_ERROR_CODES.filter((code) => !named.has(code))).toEqual([])
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length)
  })
})

describe('fillPath', () => {
  it('fills each path parameter, URI-encoded', () => {
    expect(fillPath('/v1/account/:account/history', { account: 'a/b c' })).toBe('/v1/account/a%2Fb%20c/history')
    expect(fillPath('/health')).toBe('/health')
  })
  it('refuses a path whose parameter is missing', () => {
    expect(() => fillPath('/v1/identity/:address', {})).toThrow(':address')
  })
})

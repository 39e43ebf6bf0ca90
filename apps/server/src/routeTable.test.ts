/**
 * The server registers exactly the routes of the route table (`routes` in `@foyer/core/protocol`): none missing,
 * none the table does not name. Hono lists every registered handler in `app.routes` (middlewares added with `use`
 * as method ALL). The operator console's API (/console/api/*) is not part of the public table: its own contract is
 * apps/server/src/console/contract.ts, and console/session/consoleSession.test.ts covers it.
 */
import { type Route, routes } from '@foyer/core/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from './app.ts'
import { loadConfig } from './config.ts'
import { CONSOLE_API_PATH } from './console/contract.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from './test/backends.ts'

let t: TestDatabase
let app: FoyerApp

beforeAll(async () => {
  t = await openTestPGlite()
  const config = loadConfig(
    { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data' },
    { repoRoot: '/nonexistent' },
  )
  app = createApp({ db: t.database, config })
}, BACKEND_TIMEOUT_MS)
afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`

describe('the route table and the server', () => {
  it('the server registers every route of the table and no other', () => {
    const registered = new Set(
      app.routes.filter((route) => route.method !== 'ALL' && !route.path.startsWith(`${CONSOLE_API_PATH}/`)).map(key),
    )
    const table = new Set(Object.values(routes).map(key))
    expect(
      [...table].filter((route) => !registered.has(route)),
      'in the table, not registered',
    ).toEqual([])
    expect(
      [...registered].filter((route) => !table.has(route)),
      'registered, not in the table',
    ).toEqual([])
    expect(table.size).toBe(Object.keys(routes).length)
  })

  it('each path parameter of a route is read by its params schema, and each params schema key is in the path', () => {
    for (const [name, route] of Object.entries(routes) as [string, Route][]) {
      const inPath = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map(([, parameter]) => parameter).sort()
      const schema = route.params as { entries?: Record<string, unknown> } | undefined
      const inSchema = Object.keys(schema?.entries ?? {}).sort()
      // The images and the wallet image read their id themselves: a route without a params schema names none.
      if (schema) expect(inSchema, name).toEqual(inPath)
    }
  })

  it('an unknown route answers 404 not_found in the error envelope', async () => {
    const response = await app.request('/v1/nowhere')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
  })
})

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../http/context.ts'
import { CONSOLE_CSP, registerConsoleApp } from './consoleHost.ts'

const build = mkdtempSync(join(tmpdir(), 'foyer-console-build-'))
mkdirSync(join(build, 'assets'))
writeFileSync(
  join(build, 'index.html'),
  '<!doctype html><title>console</title><script src="/console/assets/app-1a2b.js"></script>',
)
writeFileSync(join(build, 'assets', 'app-1a2b.js'), 'console.log(1)')
writeFileSync(join(build, 'robots.txt'), 'User-agent: *')
afterAll(() => rmSync(build, { recursive: true, force: true }))

/** The console host on an app with an API route under /console/api and the server's JSON 404. */
function appWith(distDir: string | undefined) {
  const app = new Hono<AppEnv>()
  registerConsoleApp(app, { distDir })
  app.get('/console/api/session', (c) => c.json({ operator: null }, 401))
  app.post('/console/api/session', (c) => c.json({ ok: true }))
  app.notFound((c) => c.json({ error: { code: 'not_found', message: 'No route' } }, 404))
  return app
}

describe('the console host', () => {
  const app = appWith(build)

  it('serves the app with the page headers: a strict CSP, never framed, nosniff, no referrer', async () => {
    const res = await app.request('/console/')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<title>console</title>')
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe(CONSOLE_CSP)
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'")
    expect(CONSOLE_CSP).toContain("script-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('answers the app’s own paths with index.html, and /console with a redirect to /console/', async () => {
    for (const path of ['/console/projects/shop', '/console/projects/shop/analytics', '/console/index.html']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('<title>console</title>')
    }
    const bare = await app.request('/console')
    expect(bare.status).toBe(308)
    expect(bare.headers.get('location')).toBe('/console/')
  })

  it('serves the build’s files with their types, hashed assets cached for good, a missing asset a 404', async () => {
    const js = await app.request('/console/assets/app-1a2b.js')
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await js.text()).toBe('console.log(1)')
    const robots = await app.request('/console/robots.txt')
    expect(robots.headers.get('cache-control')).toBe('no-cache')
    const missing = await app.request('/console/assets/gone-9z.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toContain('text/plain')
  })

  it('never answers under /console/api: the API routes do, and an unknown API path is the JSON 404', async () => {
    const session = await app.request('/console/api/session')
    expect(session.status).toBe(401)
    expect(await session.json()).toEqual({ operator: null })
    const post = await app.request('/console/api/session', { method: 'POST' })
    expect(await post.json()).toEqual({ ok: true })
    const unknown = await app.request('/console/api/nothing-here')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } })
    expect(unknown.headers.get('content-security-policy')).toBeNull()
  })

  it('without a build, says how to get one (404), and refuses a folder that is not a build', async () => {
    const res = await appWith(undefined).request('/console/')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('FOYER_CONSOLE_DIR')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(() => appWith(join(build, 'assets'))).toThrow(/no index.html/)
  })
})

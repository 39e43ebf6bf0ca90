import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../log.ts'
import { metricsAuthorized, routePattern } from './metrics.ts'
import { requestContext, requestIdFrom } from './requestId.ts'

describe('request ids', () => {
  it('keeps a sane incoming id and replaces anything else with a UUID', () => {
    expect(requestIdFrom('abc-123_x.y:z')).toBe('abc-123_x.y:z')
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), '<script>', 'a\nb', 'ü'])
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('echoes the id, logs one JSON line per request with the route pattern (never the raw path or query)', async () => {
    const lines: string[] = []
    const app = new Hono()
    app.use(
      requestContext(
        createLogger('info', (l) => lines.push(l)),
        routePattern,
      ),
    )
    app.get('/v1/account/:address/balance', (c) => c.json({ ok: true }))
    const answer = await app.request('/v1/account/0xabc/balance?token=secret', { headers: { 'X-Request-Id': 'req-1' } })
    expect(answer.headers.get('x-request-id')).toBe('req-1')
    const missing = await app.request('/nope/0xdef')
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const logged = lines.map((l) => JSON.parse(l))
    expect(logged).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        msg: 'request',
        requestId: 'req-1',
        method: 'GET',
        route: '/v1/account/:address/balance',
        status: 200,
        ms: expect.any(Number),
      },
      {
        time: expect.any(String),
        level: 'info',
        msg: 'request',
        requestId: missing.headers.get('x-request-id'),
        method: 'GET',
        route: 'unmatched',
        status: 404,
        ms: expect.any(Number),
      },
    ])
    expect(lines.join('\n')).not.toMatch(/0xabc|0xdef|secret/)
  })
})

describe('route patterns', () => {
  it('name the route that answered, even when later routes match too; an app-wide answer names the matched route', async () => {
    const seen: string[] = []
    const app = new Hono()
    app.use(async (c, next) => {
      await next()
      seen.push(routePattern(c))
    })
    app.use(async (c, next) => (c.req.header('x-refuse') ? c.text('too large', 413) : next()))
    app.get('/', (c) => c.text('page'))
    app.get('/assets/:name', (c) => c.text('asset'))
    app.get('*', (c) => c.text('fallback'))
    await app.request('/')
    await app.request('/assets/x.js')
    await app.request('/other/0xabc')
    await app.request('/assets/y.js', { headers: { 'x-refuse': '1' } })
    await app.request('/', { method: 'POST' })
    expect(seen).toEqual(['/', '/assets/:name', '/*', '/assets/:name', 'unmatched'])
  })
})

describe('logger', () => {
  it('writes JSON lines and never writes secret-named fields or URL passwords', () => {
    const lines: string[] = []
    const log = createLogger('debug', (l) => lines.push(l))
    log.info('connecting', {
      database: 'postgres://foyer:hunter2@db/foyer',
      password: 'p4ss',
      authorization: 'Bearer abc',
      nested: { smtpPass: 'x1', apiKey: 'k' },
      ok: 1n,
    })
    log.debug('below', {})
    createLogger('warn', (l) => lines.push(l)).info('hidden')
    expect(lines).toHaveLength(2)
    const first = JSON.parse(lines[0]!)
    expect(first).toMatchObject({
      level: 'info',
      msg: 'connecting',
      database: 'postgres://foyer:***@db/foyer',
      password: '***',
      authorization: '***',
      nested: { smtpPass: '***', apiKey: '***' },
      ok: '1',
    })
    expect(lines[0]).not.toMatch(/hunter2|p4ss|Bearer abc|x1"|"k"/)
  })
})

describe('metrics token', () => {
  it('is open without a token; with one, needs exactly Bearer <token>', () => {
    expect(metricsAuthorized(undefined, undefined)).toBe(true)
    const token = 'metrics-token-0123456789'
    expect(metricsAuthorized(`Bearer ${token}`, token)).toBe(true)
    for (const header of [
      undefined,
      '',
      token,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `bearer ${token}`,
      `Basic ${token}`,
    ]) {
      expect(metricsAuthorized(header, token)).toBe(false)
    }
  })
})

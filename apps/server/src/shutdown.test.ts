/**
 * createServer().close() — what SIGTERM runs: requests in flight are answered, new connections are refused, a
 * handler whose client has gone runs to its end before close() goes on, and a request that does not finish within
 * FOYER_SHUTDOWN_GRACE_SECONDS is cut so the process can still stop.
 */
import { request } from 'node:http'
import { createConnection } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createServer } from './index.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from './test/backends.ts'

let t: TestDatabase
beforeAll(async () => {
  t = await openTestPGlite()
}, BACKEND_TIMEOUT_MS)
afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

const configWith = (grace: string, delay = '0') =>
  loadConfig(
    {
      PORT: '0',
      FOYER_SHUTDOWN_GRACE_SECONDS: grace,
      FOYER_SHUTDOWN_DELAY_SECONDS: delay,
      LOG_LEVEL: 'silent',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
    },
    { repoRoot: null, cwd: '/nonexistent' },
  )

/** Starts a POST whose body is only half sent; `finish()` sends the rest. */
function halfSentPost(base: string) {
  const url = new URL(`${base}/v1/convert/build-transaction`)
  const body = JSON.stringify({ from: `0x${'2'.repeat(40)}`, amount: '1' })
  const req = request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-project-id': 'foyer-demo',
    },
  })
  const answer = new Promise<{ status: number; requestId: string | undefined }>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume()
      res.on('end', () =>
        resolve({ status: res.statusCode!, requestId: res.headers['x-request-id'] as string | undefined }),
      )
    })
    req.on('error', reject)
  })
  const sent = new Promise<void>((resolve) => req.write(body.slice(0, 10), () => setTimeout(resolve, 100)))
  return { answer, sent, finish: () => req.end(body.slice(10)) }
}

describe('closing the server', () => {
  it('answers the request in flight and refuses new connections meanwhile', async () => {
    const server = await createServer(configWith('10'), { database: t.database })
    const { url } = await server.listen()
    const inFlight = halfSentPost(url)
    await inFlight.sent
    let closed = false
    const closing = server.close().then(() => (closed = true))
    await new Promise((r) => setTimeout(r, 100))
    expect(closed).toBe(false) // still draining
    const refused = await fetch(`${url}/health`).then(
      (r) => `answered ${r.status}`,
      (e: Error & { cause?: { code?: string } }) => e.cause?.code,
    )
    expect(refused).toBe('ECONNREFUSED')
    inFlight.finish()
    const answer = await inFlight.answer
    expect(answer.status).toBeGreaterThanOrEqual(200)
    expect(answer.status).toBeLessThan(500)
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/)
    await closing
    expect(closed).toBe(true)
  })

  it('waits for a handler whose client reset its connection before it goes on closing', async () => {
    const server = await createServer(configWith('10'), { database: t.database })
    let handlerEnded = 0
    server.app.get('/test/slow', async (c) => {
      await new Promise((r) => setTimeout(r, 600))
      handlerEnded = performance.now()
      return c.json({ ok: true })
    })
    const { port } = await server.listen()
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.on('error', () => {})
    socket.write(`GET /test/slow HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
    await new Promise((r) => setTimeout(r, 150))
    socket.resetAndDestroy() // the client is gone; its handler is still running
    await new Promise((r) => setTimeout(r, 50))
    await server.close()
    const closedAt = performance.now()
    expect(handlerEnded).toBeGreaterThan(0)
    expect(handlerEnded).toBeLessThanOrEqual(closedAt)
  })

  it('cuts a request that outlives the grace period, so shutdown still ends', async () => {
    const server = await createServer(configWith('1'), { database: t.database })
    const { url } = await server.listen()
    const stuck = halfSentPost(url)
    await stuck.sent
    const cut = stuck.answer.then(
      () => new Error('answered'),
      (e: Error) => e,
    )
    const started = performance.now()
    await server.close()
    const ms = performance.now() - started
    expect(ms).toBeGreaterThanOrEqual(900)
    expect(ms).toBeLessThan(5_000)
    expect((await cut).message).toMatch(/socket hang up|ECONNRESET/)
  })

  it('with a shutdown delay, first fails /health while serving (connections closed after each answer), then refuses', async () => {
    const server = await createServer(configWith('5', '1'), { database: t.database })
    const { url } = await server.listen()
    const started = performance.now()
    const closing = server.close()
    await new Promise((r) => setTimeout(r, 200))
    const health = await fetch(`${url}/health`)
    expect(health.status).toBe(503)
    expect(health.headers.get('connection')).toBe('close')
    expect(await health.json()).toMatchObject({ ok: false, draining: true })
    const served = await fetch(`${url}/getWallets?page=1&entries=1`, { headers: { 'x-project-id': 'foyer-demo' } })
    expect(served.status).toBe(200)
    await closing
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    const refused = await fetch(`${url}/health`).then(
      (r) => `answered ${r.status}`,
      (e: Error & { cause?: { code?: string } }) => e.cause?.code,
    )
    expect(refused).toBe('ECONNREFUSED')
  })
})

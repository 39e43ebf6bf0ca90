/**
 * SIGTERM to one server instance while visitors' flows run through HAProxy: the requests in flight on it finish
 * (no flow fails), new requests go to the other instance, and the process exits 0 within its drain deadline
 * (FOYER_SHUTDOWN_DELAY_SECONDS, during which /health answers 503 so the proxy takes it out before it stops
 * accepting connections, then at most FOYER_SHUTDOWN_GRACE_SECONDS for what is in flight). Handlers whose clients
 * went away before the signal run to their end before the database is closed under them.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createConnection } from 'node:net'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FaultProxy } from './faultProxy.ts'
import { checkLedger } from './stack/checks.ts'
import { burst, flows, MIX_WITH_PURCHASES, summarize } from './stack/flows.ts'
import { CHAIN_ID, type FaultStack, STACK_PORTS, sleep, startFaultStack } from './stack/index.ts'

const GRACE_SECONDS = 5
/** Above HAProxy's time to mark a server down (2 failed checks 200–300 ms apart). */
const DELAY_SECONDS = 1

/** The second test's `a` reaches Postgres through this proxy. */
const DB_PROXY_PORT = 19706
/** The second test's `a` listens here, outside HAProxy's rotation. */
const ALONE_PORT = 19713

let stack: FaultStack
let dbProxy: FaultProxy
beforeAll(async () => {
  dbProxy = await FaultProxy.start(`127.0.0.1:${STACK_PORTS.postgres}`, DB_PROXY_PORT)
  stack = await startFaultStack({
    env: { FOYER_SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), FOYER_SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS) },
  })
})
afterAll(async () => {
  await stack?.stop()
  await dbProxy?.stop()
})

describe('SIGTERM to one instance during a burst', () => {
  it('drains: no flow fails, new requests go to the other instance, it exits 0 within the deadline', async () => {
    const f = flows(stack.proxy.url, stack.sink)
    for (const flow of MIX_WITH_PURCHASES) expect((await f.run(flow)).detail).toBeUndefined()

    const [a, b] = stack.servers
    let termAt = 0
    const servedByB = () => b.logs().filter((l) => l.msg === 'request' && l.route !== '/health').length
    let bBefore = 0
    const { outcomes, fault, ms } = await burst(
      f,
      { concurrency: 10, after: 200, max: 500, mix: MIX_WITH_PURCHASES },
      async () => {
        await sleep(1_500)
        bBefore = servedByB()
        termAt = performance.now()
        const exitMs = await a.term((DELAY_SECONDS + GRACE_SECONDS) * 1000 + 5_000)
        const exit = await a.child()!.exited
        const downMs = await stack.proxy.waitState('a', 'DOWN')
        return { exitMs, exit, downMs }
      },
    )
    const inFlight = outcomes.filter((o) => o.startedAt <= termAt && o.endedAt >= termAt)
    console.info(
      '[faults] SIGTERM:',
      JSON.stringify({
        ms,
        total: outcomes.length,
        inFlightAtSignal: inFlight.length,
        ...fault,
        flows: summarize(outcomes),
      }),
    )

    expect(outcomes.length).toBeGreaterThanOrEqual(200)
    expect(inFlight.length).toBeGreaterThan(0)
    expect(outcomes.filter((o) => !o.ok).map((o) => o.detail)).toEqual([])
    expect(fault.exit).toEqual({ code: 0, signal: null })
    expect(fault.exitMs).toBeLessThanOrEqual((DELAY_SECONDS + GRACE_SECONDS) * 1000 + 1_000)
    const messages = a.logs().map((l) => l.msg)
    expect(messages).toContain('shutting down: draining requests in flight')
    expect(messages).toContain('draining: /health answers 503 until the load balancer has taken this instance out')
    expect(messages.at(-1)).toBe('shut down cleanly')
    expect(messages).not.toContain('shutdown grace period over; closing open connections')
    // The other instance took the traffic after the signal.
    expect(servedByB() - bBefore).toBeGreaterThan(100)

    const report = await checkLedger(stack.postgres, f.ledger)
    expect(report).toEqual({ lost: [], doubled: [], halfWritten: [] })
  })
})

/**
 * A name registration posted straight to port `port`, its client gone `abortAfterMs` later: the connection is reset
 * (RST, as a proxy drops its side when its client goes away), so the server sees it closed while the handler runs on.
 */
async function abandonedRegistration(port: number, requestId: string, abortAfterMs: number) {
  const account = privateKeyToAccount(generatePrivateKey())
  const name = `gone-${randomBytes(5).toString('hex')}.foyer.id`
  const message = JSON.stringify({
    name,
    address: account.address,
    chainId: CHAIN_ID,
    project: 'foyer-demo',
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const body = JSON.stringify({
    coin_type: (0x80000000 | CHAIN_ID) >>> 0,
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  })
  const answer = await new Promise<string>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString()
    })
    socket.on('error', () => {})
    socket.write(
      [
        'POST /v1/profile/account HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Project-Id: foyer-demo',
        `X-Request-Id: ${requestId}`,
        '',
        body,
      ].join('\r\n'),
    )
    setTimeout(() => {
      socket.resetAndDestroy()
      resolve(received ? `answered ${received.split('\r\n')[0]}` : 'reset before the answer')
    }, abortAfterMs)
  })
  return { name, requestId, answer }
}

describe('SIGTERM while handlers of clients that went away still run', () => {
  it('waits for them: each write is whole or not done, no destroyed-driver error, no 500', async () => {
    const [a] = stack.servers
    if (a.child()?.running()) await a.term() // (when this test runs alone)
    // `a` again, on a port HAProxy does not know (only these clients reach it: a health check in flight, waiting for
    // the database, would hold the drain open), reaching Postgres through the fault proxy, with 2 pooled connections,
    // no limits (no counter queries before a handler reads its body) and no indexer (docs/operations.md: one
    // instance indexes; stopping an indexer whose queries are slowed would also hold the database open long enough
    // to hide what is tested here).
    await a.start({
      PORT: String(ALONE_PORT),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${DB_PROXY_PORT}/foyer`,
      FOYER_DATABASE_POOL_MAX: '2',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
      FOYER_INDEXER: 'false',
    })
    // Every Postgres answer reaches `a` 150 ms late, so each registration's transaction takes most of a second and
    // the others wait for one of the 2 connections. The clients give up 300 to 550 ms after sending, when every
    // handler has read its body; the signal goes at once, so the listener closes (after the 1 s shutdown delay)
    // with all connections gone and handlers still writing or waiting for a connection.
    await dbProxy.set({ kind: 'delay', ms: 150 })
    const sent = Array.from({ length: 6 }, (_, i) => abandonedRegistration(ALONE_PORT, randomUUID(), 300 + i * 50))
    await sleep(100)
    const termAt = performance.now()
    const exitMs = await a.term((DELAY_SECONDS + GRACE_SECONDS) * 1000 + 5_000)
    const exit = await a.child()!.exited
    const abandoned = await Promise.all(sent)
    await dbProxy.set({ kind: 'pass' })

    const lines = a.child()!.lines
    const logs = a.logs()
    const ended = new Map(logs.filter((l) => l.msg === 'request').map((l) => [String(l.requestId), l]))
    const names = abandoned.map((r) => r.name)
    const stored = await stack.postgres.query<{ name: string }>('select name from account_names where name = any($1)', [
      names,
    ])
    const history = await stack.postgres.query<{ name: string }>(
      'select name from account_name_history where name = any($1)',
      [names],
    )
    const handlers = abandoned.map((r) => ({
      client: r.answer,
      handler: ended.get(r.requestId)?.status ?? 'no end logged',
      stored: stored.some((s) => s.name === r.name),
      history: history.filter((h) => h.name === r.name).length,
    }))
    console.info(
      '[faults] SIGTERM with abandoned handlers:',
      JSON.stringify({
        exitMs,
        sinceTermMs: Math.round(performance.now() - termAt),
        exit,
        handlers: handlers.map((h) => `${h.client}/${h.handler}/${h.stored ? 'stored' : 'not stored'}`),
        problems: lines.filter((l) => /destroyed|"level":"error"|"status":5\d\d/.test(l)).slice(0, 3),
      }),
    )

    expect(exit).toEqual({ code: 0, signal: null })
    // Every client had gone before its answer.
    for (const r of abandoned) expect(r.answer).toBe('reset before the answer')
    // Nothing ran into a closed database or Redis, and no handler failed.
    expect(lines.filter((l) => /destroyed/i.test(l))).toEqual([])
    expect(logs.filter((l) => l.level === 'error').map((l) => `${l.msg} ${JSON.stringify(l.error ?? '')}`)).toEqual([])
    // Each handler ran to its end before the process stopped, and its answer is what is stored: a name with its one
    // history row when it answered 200, nothing at all otherwise (a 400: its client gone before it read the body).
    for (const h of handlers) {
      if (h.handler === 200) expect(h).toMatchObject({ stored: true, history: 1 })
      else expect(h).toMatchObject({ handler: 400, stored: false, history: 0 })
    }
    // Most wrote after their client had gone: the case this test is about.
    expect(handlers.filter((h) => h.stored).length).toBeGreaterThanOrEqual(4)
    expect(logs.map((l) => l.msg).at(-1)).toBe('shut down cleanly')
  })
})

/**
 * SIGTERM to one server instance while visitors' flows run through HAProxy: the requests in flight on it finish
 * (no flow fails), new requests go to the other instance, and the process exits 0 within its drain deadline
 * (FOYER_SHUTDOWN_DELAY_SECONDS, during which /health answers 503 so the proxy takes it out before it stops
 * accepting connections, then at most FOYER_SHUTDOWN_GRACE_SECONDS for what is in flight).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger } from './stack/checks.ts'
import { burst, flows, MIX, summarize } from './stack/flows.ts'
import { type FaultStack, sleep, startFaultStack } from './stack/index.ts'

const GRACE_SECONDS = 5
/** Above HAProxy's time to mark a server down (2 failed checks 200–300 ms apart). */
const DELAY_SECONDS = 1

let stack: FaultStack
beforeAll(async () => {
  stack = await startFaultStack({
    env: { FOYER_SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS), FOYER_SHUTDOWN_DELAY_SECONDS: String(DELAY_SECONDS) },
  })
})
afterAll(() => stack?.stop())

describe('SIGTERM to one instance during a burst', () => {
  it('drains: no flow fails, new requests go to the other instance, it exits 0 within the deadline', async () => {
    const f = flows(stack.proxy.url, stack.sink)
    for (const flow of MIX) expect((await f.run(flow)).detail).toBeUndefined()

    const [a, b] = stack.servers
    let termAt = 0
    const servedByB = () => b.logs().filter((l) => l.msg === 'request' && l.route !== '/health').length
    let bBefore = 0
    const { outcomes, fault, ms } = await burst(f, { concurrency: 10, after: 200, max: 500 }, async () => {
      await sleep(1_500)
      bBefore = servedByB()
      termAt = performance.now()
      const exitMs = await a.term((DELAY_SECONDS + GRACE_SECONDS) * 1000 + 5_000)
      const exit = await a.child()!.exited
      const downMs = await stack.proxy.waitState('a', 'DOWN')
      return { exitMs, exit, downMs }
    })
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

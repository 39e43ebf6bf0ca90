/**
 * `kill -9` of one server instance while visitors' flows run through HAProxy (on-ramp webhooks among them, some sent
 * twice on purpose, a delivery cut by the kill sent again with the same event id): the proxy routes around it, only
 * the flows that had a request on the killed instance at that moment may fail, nothing the servers answered as
 * written is lost or written twice (no purchase, and no webhook event applied twice), and the instance, started
 * again, passes its health check and serves again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger } from './stack/checks.ts'
import { burst, flows, MIX_WITH_PURCHASES, summarize } from './stack/flows.ts'
import { type FaultStack, sleep, startFaultStack } from './stack/index.ts'

let stack: FaultStack
beforeAll(async () => {
  stack = await startFaultStack()
})
afterAll(() => stack?.stop())

describe('kill -9 of one instance during a burst', () => {
  it('the proxy routes around it; only its in-flight flows fail; nothing lost or doubled; it rejoins', async () => {
    const f = flows(stack.proxy.url, stack.sink)
    // Every flow works through the proxy before the fault (so a failure below is the fault's).
    for (const flow of MIX_WITH_PURCHASES) expect((await f.run(flow)).detail).toBeUndefined()

    const [a] = stack.servers
    // The instance dies somewhere between the signal and the moment its exit is seen: that window is "when it died".
    let killedAt = 0
    let diedAt = 0
    const { outcomes, fault, ms } = await burst(
      f,
      { concurrency: 10, after: 150, max: 500, mix: MIX_WITH_PURCHASES },
      async () => {
        await sleep(1_500)
        killedAt = performance.now()
        await a.kill()
        diedAt = performance.now()
        const downMs = await stack.proxy.waitState('a', 'DOWN')
        await sleep(1_000) // a while on one instance
        const restartMs = await a.start()
        const upMs = await stack.proxy.waitState('a', 'UP')
        return { downMs, restartMs, upMs }
      },
    )
    const failed = outcomes.filter((o) => !o.ok)
    console.info(
      '[faults] kill -9:',
      JSON.stringify({
        ms,
        total: outcomes.length,
        ...fault,
        flows: summarize(outcomes),
        purchases: f.ledger.purchases.length,
        webhooks: f.ledger.webhooks,
      }),
    )

    expect(outcomes.length).toBeGreaterThanOrEqual(200)
    // A failed flow was in flight when the instance died; the proxy answered for it (502) or the connection broke.
    for (const o of failed) {
      expect(o.startedAt, o.detail).toBeLessThanOrEqual(diedAt)
      expect(o.endedAt, o.detail).toBeGreaterThanOrEqual(killedAt)
    }
    expect(failed.length).toBeLessThanOrEqual(10) // at most one per visitor running at the time
    // Purchases ran, with their deliberate duplicates, and every one of those was answered as a duplicate.
    expect(f.ledger.purchases.length).toBeGreaterThanOrEqual(20)
    expect(f.ledger.webhooks.duplicatesSent).toBeGreaterThanOrEqual(20)
    expect(f.ledger.webhooks.answeredDuplicate).toBeGreaterThanOrEqual(f.ledger.webhooks.duplicatesSent)

    const report = await checkLedger(stack.postgres, f.ledger)
    expect(report).toEqual({ lost: [], doubled: [], halfWritten: [] })

    // Rejoined: the new process answers its own health check and takes its share of the proxy's traffic.
    expect((await fetch(`${a.url}/health`)).status).toBe(200)
    const served = () => a.logs().filter((l) => l.msg === 'request' && l.route !== '/health').length
    const servedBefore = served()
    for (let i = 0; i < 10; i++) expect((await f.run('read')).detail).toBeUndefined()
    expect(served()).toBeGreaterThan(servedBefore)
  })
})

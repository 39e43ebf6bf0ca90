/**
 * Redis (the rate limits' counter store, REDIS_URL) killed while visitors' flows run through HAProxy. The rule:
 * - sign-ins fail closed: their limits cannot be counted, so SIWE sign-ins (nonce, verify) are refused with 503
 *   `limits_unavailable`, Retry-After and a JSON reason — never let through unlimited;
 * - emailed-code checks and sends count in Postgres, not Redis: email logins go on, limited as before;
 * - everything else goes on with its limits let through (logged): the catalogue, balances, names, analytics;
 * - when Redis is back, sign-ins work again without a server restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { burst, flows, MIX, summarize } from './stack/flows.ts'
import { type FaultStack, sleep, startFaultStack, waitFor } from './stack/index.ts'

let stack: FaultStack
beforeAll(async () => {
  stack = await startFaultStack({ redis: true })
})
afterAll(() => stack?.stop())

describe('Redis gone during a burst', () => {
  it('sign-ins refuse with 503 limits_unavailable, reads and the rest go on, sign-ins recover when it is back', async () => {
    const redis = stack.redis!
    const f = flows(stack.proxy.url, stack.sink)
    for (const flow of MIX) expect((await f.run(flow)).detail).toBeUndefined()
    const pids = stack.servers.map((s) => s.child()!.proc.pid)

    let killedAt = 0
    let restartedAt = 0
    const { outcomes, fault, ms } = await burst(f, { concurrency: 8, after: 100, max: 600 }, async () => {
      await sleep(1_000)
      killedAt = performance.now()
      await redis.kill()
      await sleep(4_000)
      restartedAt = performance.now()
      await redis.start()
      const recoveryMs = await waitFor(
        'a SIWE sign-in through the proxy after Redis is back',
        async () => ((await f.run('siwe')).ok ? Math.round(performance.now() - restartedAt) : undefined),
        20_000,
        { everyMs: 100 },
      )
      return { recoveryMs }
    })
    const during = outcomes.filter((o) => o.startedAt > killedAt + 1_500 && o.endedAt < restartedAt)
    console.info(
      '[faults] Redis killed:',
      JSON.stringify({
        ms,
        total: outcomes.length,
        downMs: Math.round(restartedAt - killedAt),
        ...fault,
        flows: summarize(outcomes),
        whileDown: summarize(during),
        // When each failure other than a refused sign-in happened, in ms after the kill.
        otherFailures: outcomes
          .filter((o) => !o.ok && !o.detail?.includes('limits_unavailable'))
          .map((o) => `${o.flow} ${Math.round(o.startedAt - killedAt)}..${Math.round(o.endedAt - killedAt)} ms`),
      }),
    )

    // While it was down (past the first second, when a command may still be timing out), every sign-in was
    // refused with the JSON reason and Retry-After…
    const signIns = during.filter((o) => o.flow === 'siwe')
    expect(signIns.length).toBeGreaterThan(5)
    for (const o of signIns) {
      expect(o.ok).toBe(false)
      expect(o.detail).toMatch(/^siwe\/nonce: 503 retry-after=\d+ \{"error":\{"code":"limits_unavailable"/)
    }
    // …and no other flow failed, then or at any time.
    expect(outcomes.filter((o) => !o.ok && o.flow !== 'siwe').map((o) => o.detail)).toEqual([])
    for (const flow of ['read', 'email-login', 'name', 'analytics'] as const)
      expect(during.filter((o) => o.flow === flow && o.ok).length, flow).toBeGreaterThan(5)
    // A sign-in failure only while Redis was away (or its connection was coming back).
    for (const o of outcomes.filter((x) => !x.ok)) {
      expect(o.endedAt).toBeGreaterThanOrEqual(killedAt)
      expect(o.startedAt).toBeLessThanOrEqual(restartedAt + fault.recoveryMs)
    }
    expect(fault.recoveryMs).toBeLessThan(10_000)
    expect(stack.servers.map((s) => s.child()!.proc.pid)).toEqual(pids)
  })
})

/**
 * Postgres stopped and started again (`pg_ctl stop -m fast`, then `pg_ctl start`) while visitors' flows run through
 * HAProxy: while it is down the servers answer 503 `database_unavailable` with Retry-After (never a 500, never a
 * hang), they recover on their own once it is back (no server restart), and nothing is half-written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkLedger } from './stack/checks.ts'
import { burst, flows, MIX_WITH_PURCHASES, summarize } from './stack/flows.ts'
import { type FaultStack, sleep, startFaultStack, waitFor } from './stack/index.ts'

const DOWN_MS = 3_000

let stack: FaultStack
beforeAll(async () => {
  stack = await startFaultStack()
})
afterAll(() => stack?.stop())

describe('Postgres restarted during a burst', () => {
  it('503 with Retry-After while it is down, recovery without a restart, nothing half-written', async () => {
    const f = flows(stack.proxy.url, stack.sink)
    for (const flow of MIX_WITH_PURCHASES) expect((await f.run(flow)).detail).toBeUndefined()
    const pids = stack.servers.map((s) => s.child()!.proc.pid)

    let stoppedAt = 0
    let startedAt = 0
    const { outcomes, fault, ms } = await burst(
      f,
      { concurrency: 8, after: 150, max: 600, mix: MIX_WITH_PURCHASES },
      async () => {
        await sleep(1_500)
        stoppedAt = performance.now()
        const stopMs = stack.postgres.stop()
        // While it is down: each server answers a database route itself with 503, Retry-After and the JSON reason.
        const direct = await Promise.all(
          stack.servers.map(async (s) => {
            const res = await fetch(`${s.url}/v1/auth/siwe/nonce`, {
              headers: { 'x-project-id': 'foyer-demo', origin: 'http://127.0.0.1:5173' },
            }).catch((e: Error) => {
              throw new Error(`${s.name}: ${e.message}; its last log lines:\n${s.child()!.lines.slice(-15).join('\n')}`)
            })
            return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }
          }),
        )
        const health = await Promise.all(stack.servers.map((s) => fetch(`${s.url}/health`).then((r) => r.status)))
        await sleep(DOWN_MS - (performance.now() - stoppedAt))
        startedAt = performance.now()
        stack.postgres.start()
        // Recovered: a flow that writes succeeds through the proxy again, without any server restarted.
        const recoveryMs = await waitFor(
          'a SIWE sign-in through the proxy after the restart',
          async () => ((await f.run('siwe')).ok ? Math.round(performance.now() - startedAt) : undefined),
          20_000,
          { everyMs: 100 },
        )
        const upMs = await Promise.all(stack.servers.map((s) => stack.proxy.waitState(s.name, 'UP')))
        return { stopMs, direct, health, recoveryMs, upMs }
      },
    )
    const failed = outcomes.filter((o) => !o.ok)
    console.info(
      '[faults] Postgres restart:',
      JSON.stringify({
        ms,
        total: outcomes.length,
        downMs: Math.round(startedAt - stoppedAt),
        ...fault,
        direct: fault.direct.map((d) => `${d.status} retry-after=${d.retryAfter} ${d.body?.error?.code}`),
        flows: summarize(outcomes),
      }),
    )

    for (const d of fault.direct) {
      expect(d.status).toBe(503)
      expect(Number(d.retryAfter)).toBeGreaterThan(0)
      expect(d.body).toMatchObject({ error: { code: 'database_unavailable' } })
    }
    expect(fault.health).toEqual([503, 503])
    expect(outcomes.length).toBeGreaterThanOrEqual(150)
    expect(failed.length).toBeGreaterThan(0) // the outage was seen
    // Every failure is the servers' own 503 with Retry-After and the JSON reason, around the outage; no 500, no hang.
    for (const o of failed) {
      expect(o.detail).toMatch(/: 503 retry-after=\d+ \{"error":\{"code":"database_unavailable"/)
      expect(o.endedAt).toBeGreaterThanOrEqual(stoppedAt)
      expect(o.startedAt).toBeLessThanOrEqual(startedAt + fault.recoveryMs)
    }
    expect(fault.recoveryMs).toBeLessThan(10_000)
    // The same processes: recovery needed no restart.
    expect(stack.servers.map((s) => s.child()!.proc.pid)).toEqual(pids)
    expect(stack.servers.every((s) => s.child()!.running())).toBe(true)

    const report = await checkLedger(stack.postgres, f.ledger)
    expect(report).toEqual({ lost: [], doubled: [], halfWritten: [] })
  })
})

/**
 * The mail sink down, then hanging, while visitors ask for email login codes. The server sends through a TCP fault
 * proxy to the devnet's mail sink, which is stopped for real and started again on the same port.
 *
 * Promise: while mail cannot be sent, `POST /v1/embedded/email/start` answers `503 mail_unavailable` (at once when
 * the connection is refused; after the SMTP greeting timeout when the sink hangs), and leaves nothing behind: no
 * code row that could be used, no resend lock, no send counted against the visitor's or the server's quota. As soon
 * as the sink is back the same visitor asks again, gets the code by mail and signs in. Every code row in the
 * database is a code that was mailed.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { type MailSink, type SinkMessage, startMailSink } from '@foyer/devnet/mail'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../apps/server/src/config.ts'
import { createServer, type FoyerServer } from '../apps/server/src/index.ts'
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/src/test/backends.ts'
import { FaultProxy } from './faultProxy.ts'

const SMTP_PORT = 19870
const SINK_HTTP_PORT = 19871
const FRAME = 'http://127.0.0.1:5174'
/** nodemailer's greeting timeout in the server's mailer (embedded/mailer.ts), and a margin for a loaded machine. */
const GREETING_TIMEOUT_MS = 5_000
const MARGIN_MS = 2_000
/** The server's hourly send quota for this run: small, so that failed sends counted against it would show. */
const SENDS_PER_HOUR = 16

let scratch: ScratchDatabase
let db: pg.Pool
let proxy: FaultProxy
let server: FoyerServer
let apiUrl = ''
/** Every sink started in this run (a stopped sink keeps its inbox). */
const sinks: MailSink[] = []
const sink = () => sinks.at(-1)!
const delivered = (): SinkMessage[] => sinks.flatMap((s) => s.messages())

beforeAll(async () => {
  sinks.push(await startMailSink({ smtpPort: SMTP_PORT, httpPort: SINK_HTTP_PORT }))
  proxy = await FaultProxy.start(`127.0.0.1:${SMTP_PORT}`)
  scratch = await createScratchDatabase()
  db = new pg.Pool({ connectionString: scratch.url, max: 2 })
  const config = loadConfig(
    {
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch.url,
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_INDEXER: 'false',
      SMTP_PORT: String(proxy.port),
      FOYER_PUBLIC_URL: 'http://127.0.0.1:8787',
      // Each visitor comes from its own address, through a proxy on this machine.
      FOYER_TRUST_PROXY: '1',
      FOYER_EMAIL_SENDS_PER_HOUR: String(SENDS_PER_HOUR),
    },
    { repoRoot: null },
  )
  server = await createServer(config)
  apiUrl = (await server.listen()).url
}, 120_000)

afterAll(async () => {
  await server?.close()
  await db?.end()
  await scratch?.drop()
  await proxy?.stop()
  for (const s of sinks) await s.stop()
})

let visitors = 0
function visitor() {
  const n = ++visitors
  const email = `visitor${n}.${Date.now()}@example.test`
  const deviceId = `${'d'.repeat(32)}${n.toString(16).padStart(32, '0')}`
  const headers = {
    'content-type': 'application/json',
    origin: FRAME,
    'x-project-id': 'foyer-demo',
    'x-forwarded-for': `10.9.${n >> 8}.${n & 255}`,
  }
  const post = async (path: string, body: object) => {
    const started = performance.now()
    const res = await fetch(`${apiUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    const json = (await res.json()) as { error?: { code: string }; sessionToken?: string }
    return { status: res.status, code: json.error?.code, body: json, ms: Math.round(performance.now() - started) }
  }
  return {
    email,
    start: () => post('/v1/embedded/email/start', { email, deviceId }),
    verify: (otp: string) => post('/v1/embedded/email/verify', { email, deviceId, otp }),
    mails: () => delivered().filter((m) => m.to.includes(email)),
  }
}

/** What is left in the database for these addresses: code rows (usable or not) and resend locks. */
async function leftovers(emails: string[]) {
  const { rows } = await db.query(
    `select (select count(*) from embedded_challenges where email = any($1))::int as codes,
            (select count(*) from embedded_challenges where email = any($1) and consumed_at is null
               and expires_at > now())::int as usable,
            (select count(*) from embedded_email_locks
               where email = any(select 'login:' || e from unnest($1::text[]) e))::int as locks`,
    [emails],
  )
  return rows[0] as { codes: number; usable: number; locks: number }
}

async function signIn(v: ReturnType<typeof visitor>) {
  const started = await v.start()
  expect(started).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
  const code = /\b(\d{6})\b/.exec(v.mails()[0]?.subject ?? '')?.[1]
  expect(code).toBeDefined()
  const verified = await v.verify(code!)
  expect(verified.status).toBe(200)
  expect(verified.body.sessionToken).toBeTypeOf('string')
}

const figures: Record<string, unknown> = {}

describe('the mail sink down', () => {
  it('a visitor signs in while the sink is up', async () => {
    await signIn(visitor())
  })

  it('sink stopped: 503 mail_unavailable at once, nothing left behind, no quota used; back: the same visitors sign in', async () => {
    await sink().stop()
    const waiting = Array.from({ length: 4 }, () => visitor())
    // Each visitor tries several times while the sink is down: more tries in all than the server's hourly quota.
    const answers = []
    for (let round = 0; round < 5; round++) answers.push(...(await Promise.all(waiting.map((v) => v.start()))))
    expect(answers.length).toBeGreaterThan(SENDS_PER_HOUR)
    for (const a of answers) expect(a).toMatchObject({ status: 503, code: 'mail_unavailable' })
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(MARGIN_MS)
    // No code that was never sent, and no lock: the visitor may ask again right away.
    expect(await leftovers(waiting.map((v) => v.email))).toEqual({ codes: 0, usable: 0, locks: 0 })
    figures.down = { answers: answers.length, slowestMs: Math.max(...answers.map((a) => a.ms)) }

    sinks.push(await startMailSink({ smtpPort: SMTP_PORT, httpPort: SINK_HTTP_PORT }))
    for (const v of waiting) await signIn(v)
    const left = await leftovers(waiting.map((v) => v.email))
    // One code each, mailed and used.
    expect(left).toEqual({ codes: waiting.length, usable: 0, locks: waiting.length })
    for (const v of waiting) expect(v.mails()).toHaveLength(1)
  })

  it('sink hanging (accepts, never greets): 503 mail_unavailable within the greeting timeout, nothing left behind', async () => {
    await proxy.set({ kind: 'blackhole' })
    const waiting = [visitor(), visitor()]
    const answers = await Promise.all(waiting.map((v) => v.start()))
    for (const a of answers) expect(a).toMatchObject({ status: 503, code: 'mail_unavailable' })
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(GREETING_TIMEOUT_MS + MARGIN_MS)
    expect(await leftovers(waiting.map((v) => v.email))).toEqual({ codes: 0, usable: 0, locks: 0 })
    figures.hanging = { answers: answers.length, slowestMs: Math.max(...answers.map((a) => a.ms)) }
    await proxy.set({ kind: 'pass' })
    for (const v of waiting) await signIn(v)
  })

  it('the sink stopped and started while visitors keep asking: each gets one code, every code row was mailed', async () => {
    const crowd = Array.from({ length: 6 }, () => visitor())
    const outage = (async () => {
      await sleep(100)
      await sink().stop()
      await sleep(1_500)
      sinks.push(await startMailSink({ smtpPort: SMTP_PORT, httpPort: SINK_HTTP_PORT }))
    })()
    const tries = await Promise.all(
      crowd.map(async (v, i) => {
        await sleep(i * 50)
        for (let n = 1; ; n++) {
          const a = await v.start()
          if (a.status === 200) return n
          // The only other answer: mail could not be sent (never a lock left by a failed send, never a hang).
          expect(a).toMatchObject({ status: 503, code: 'mail_unavailable' })
          expect(a.ms).toBeLessThan(MARGIN_MS)
          await sleep(150)
        }
      }),
    )
    await outage
    // At least one visitor met the outage, and everyone got through after it.
    expect(Math.max(...tries)).toBeGreaterThan(1)
    const emails = crowd.map((v) => v.email)
    expect(await leftovers(emails)).toEqual({ codes: crowd.length, usable: crowd.length, locks: crowd.length })
    for (const v of crowd) expect(v.mails()).toHaveLength(1)
    for (const v of crowd) {
      const code = /\b(\d{6})\b/.exec(v.mails()[0]!.subject)![1]!
      expect((await v.verify(code)).status).toBe(200)
    }
    figures.flapping = { visitors: crowd.length, tries }
    console.log(`mailSinkDown figures:\n${JSON.stringify(figures, null, 1)}`)
  })
})

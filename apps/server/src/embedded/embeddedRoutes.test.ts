/**
 * Embedded-wallet auth over real SMTP (the devnet's mail sink) on PGlite and, when reachable, Postgres:
 * codes, the 30 s lock, brute-force limits, device approval, sessions, the auth share, email update, and the
 * trust model's promise that the server's stored data alone cannot rebuild a key.
 */
import { randomBytes } from 'node:crypto'
import { type MailSink, startMailSink } from '@foyer/devnet/mail'
import { combineShares, splitSecret, toHex } from '@foyer/embedded/host'
import { sql } from 'kysely'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FoyerApp, createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { ProjectStore } from '../projects/store.ts'
import { seedProjects } from '../projects/seed.ts'
import { BACKEND_TIMEOUT_MS, notePostgres, openTestPGlite, openTestPostgres, probePostgres, type TestDatabase } from '../test/backends.ts'
import { CODE_ATTEMPTS_LIMIT, FAILURES_PER_EMAIL_LIMIT } from './embeddedRoutes.ts'

const FRAME = 'http://127.0.0.1:5174'
const postgres = await probePostgres()
notePostgres(postgres, 'embeddedRoutes.test.ts')

let sink: MailSink
beforeAll(async () => {
  sink = await startMailSink({ smtpPort: 19410, httpPort: 19411 })
})
afterAll(() => sink?.stop())

const deviceId = () => randomBytes(32).toString('hex')

function suite(name: string, open: () => Promise<TestDatabase>, smtpPortOffset: number) {
  describe(name, () => {
    let t: TestDatabase
    let app: FoyerApp
    const config = loadConfig(
      {
        PORT: '0',
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_DATA_DIR: '/nonexistent/data',
        SMTP_PORT: String(19410 + smtpPortOffset),
        FOYER_PUBLIC_URL: 'http://127.0.0.1:8787',
        FOYER_PROJECTS: JSON.stringify([{ id: 'no-email', allowedOrigins: ['https://x.example'], features: { email: false } }]),
      },
      { repoRoot: '/nonexistent' },
    )

    beforeAll(async () => {
      t = await open()
      const projects = new ProjectStore(t.database.kysely)
      await seedProjects(projects, config)
      app = createApp({ db: t.database, config, projects })
    }, BACKEND_TIMEOUT_MS)
    afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

    const call = (path: string, body?: Record<string, unknown>, headers: Record<string, string> = {}) =>
      app.request(path, {
        method: body ? 'POST' : 'GET',
        headers: { origin: FRAME, 'x-project-id': 'foyer-demo', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      })
    const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any })
    const inbox = async (to: string) => (await (await fetch(`${sink.inboxUrl}/messages?to=${encodeURIComponent(to)}`)).json()) as { subject: string; text: string }[]
    const latestCode = async (to: string) => {
      const [mail] = await inbox(to)
      const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1]
      if (!code) throw new Error(`no code mailed to ${to}`)
      return code
    }
    /** Moves the email's challenges back in time, past the 30 s lock (instead of waiting). */
    const pastLock = (email: string) => sql`update embedded_challenges set created_at = created_at - interval '31 seconds' where email = ${email}`.execute(t.database.kysely)
    async function login(email: string, device = deviceId()) {
      expect((await json(await call('/v1/embedded/email/start', { email, deviceId: device }))).body).toEqual({ action: 'VERIFY_OTP' })
      const otp = await latestCode(email)
      const verified = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp }))
      expect(verified.status).toBe(200)
      return { device, token: verified.body.sessionToken as string, user: verified.body.user }
    }

    it('answers the frame origin only, for projects with email on', async () => {
      const preflight = await app.request('/v1/embedded/email/start', { method: 'OPTIONS', headers: { origin: FRAME, 'access-control-request-method': 'POST' } })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get('access-control-allow-origin')).toBe(FRAME)
      const foreign = await app.request('/v1/embedded/email/start', { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' } })
      expect(foreign.status).toBe(403)
      const fromSite = await json(await call('/v1/embedded/email/start', { email: 'a@b.co', deviceId: deviceId() }, { origin: 'http://127.0.0.1:5173' }))
      expect(fromSite).toMatchObject({ status: 403, body: { error: { code: 'origin_not_allowed' } } })
      const off = await json(await call('/v1/embedded/config', undefined, { 'x-project-id': 'no-email' }))
      expect(off).toMatchObject({ status: 403, body: { error: { code: 'feature_disabled' } } })
      const conf = await json(await call('/v1/embedded/config'))
      expect(conf.body.allowedOrigins).toContain('http://127.0.0.1:5173')
    })

    it('refuses bad input with a 4xx JSON reason and writes nothing', async () => {
      const bad = await json(await call('/v1/embedded/email/start', { email: 'not-an-email', deviceId: 'xyz', extra: 1 }))
      expect(bad.status).toBe(400)
      expect(bad.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual(['deviceId', 'email', 'extra'])
      const count = await sql<{ n: string }>`select count(*)::text as n from embedded_challenges`.execute(t.database.kysely)
      expect(count.rows[0]!.n).toBe('0')
    })

    it('emails a code over SMTP, locks new emails for 30 s, signs in, keeps the auth share, signs out', async () => {
      const email = `ana-${smtpPortOffset}@example.com`
      const device = deviceId()
      expect((await json(await call('/v1/embedded/email/start', { email: 'Ana-' + smtpPortOffset + '@Example.com ', deviceId: device }))).body).toEqual({ action: 'VERIFY_OTP' })
      const again = await json(await call('/v1/embedded/email/start', { email, deviceId: device }))
      expect(again.status).toBe(429)
      expect(again.body.error.code).toBe('email_rate_limited')
      expect(again.body.error.message).toMatch(/^Please try again after \d+ seconds$/)
      expect(again.body.error.details.retryAfterSeconds).toBeGreaterThan(25)
      const otp = await latestCode(email)

      const wrong = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp: otp === '000000' ? '111111' : '000000' }))
      expect(wrong).toMatchObject({ status: 400, body: { error: { code: 'invalid_code' } } })
      const ok = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp }))
      expect(ok.status).toBe(200)
      expect(ok.body.user).toMatchObject({ email, address: null, authShare: null })
      const reuse = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp }))
      expect(reuse.body.error.code).toBe('code_expired')

      const auth = { authorization: `Bearer ${ok.body.sessionToken}` }
      const key = `0x${randomBytes(32).toString('hex')}` as const
      const [, authShare] = await splitSecret(Buffer.from(key.slice(2), 'hex'), { shares: 3, threshold: 2 })
      const address = privateKeyToAddress(key)
      const created = await json(await call('/v1/embedded/wallet', { address, authShare: toHex(authShare!) }, auth))
      expect(created.body.user.address).toBe(address.toLowerCase())
      expect((await json(await call('/v1/embedded/wallet', { address, authShare: toHex(authShare!) }, auth))).status).toBe(409)
      expect((await json(await call('/v1/embedded/session', undefined, auth))).body.user.authShare).toBe(toHex(authShare!))

      expect((await call('/v1/embedded/sign-out', {}, auth)).status).toBe(200)
      expect((await json(await call('/v1/embedded/session', undefined, auth))).body.error.code).toBe('unauthorized')
      expect((await json(await call('/v1/embedded/session'))).status).toBe(401)
    })

    it('limits wrong codes per code and per email', async () => {
      const email = `brute-${smtpPortOffset}@example.com`
      const device = deviceId()
      await call('/v1/embedded/email/start', { email, deviceId: device })
      const otp = await latestCode(email)
      const guesses = ['000001', '000002', '000003', '000004', '000005', '000006'].filter((g) => g !== otp)
      const statuses: number[] = []
      for (const guess of guesses.slice(0, CODE_ATTEMPTS_LIMIT)) statuses.push((await call('/v1/embedded/email/verify', { email, deviceId: device, otp: guess })).status)
      expect(statuses).toEqual([400, 400, 400, 400, 429])
      // The code is burnt: even the right one no longer works.
      expect((await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp }))).body.error.code).toBe('code_expired')

      // Per email: after FAILURES_PER_EMAIL_LIMIT failures in the window every attempt is refused, right or not.
      for (let round = 0; round < 2; round++) {
        await pastLock(email)
        await call('/v1/embedded/email/start', { email, deviceId: device })
        const code = await latestCode(email)
        for (const guess of ['100000', '100001', '100002', '100003', '100004'].filter((g) => g !== code).slice(0, 4)) await call('/v1/embedded/email/verify', { email, deviceId: device, otp: guess })
      }
      const failures = await sql<{ n: string }>`select count(*)::text as n from embedded_code_failures where email = ${email}`.execute(t.database.kysely)
      expect(Number(failures.rows[0]!.n)).toBeGreaterThanOrEqual(FAILURES_PER_EMAIL_LIMIT)
      await pastLock(email)
      await call('/v1/embedded/email/start', { email, deviceId: device })
      const refused = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp: await latestCode(email) }))
      expect(refused).toMatchObject({ status: 429, body: { error: { code: 'too_many_attempts' } } })
    })

    it('makes a new device approve a link from the email before the code, then signs it in', async () => {
      const email = `dev-${smtpPortOffset}@example.com`
      await login(email)
      await pastLock(email)
      const second = deviceId()
      expect((await json(await call('/v1/embedded/email/start', { email, deviceId: second }))).body).toEqual({ action: 'VERIFY_DEVICE' })
      expect((await json(await call('/v1/embedded/device/status', { email, deviceId: second }))).body).toEqual({ approved: false })
      const [mail] = await inbox(email)
      const link = /http:\/\/127\.0\.0\.1:8787(\/v1\/embedded\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
      const pageHtml = await (await app.request(link)).text()
      expect(pageHtml).toContain('Approve device')
      const token = new URL(link, 'http://x').searchParams.get('token')!
      const approved = await app.request('/v1/embedded/device/approve', { method: 'POST', body: new URLSearchParams({ token }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      expect(approved.status).toBe(200)
      expect((await app.request('/v1/embedded/device/approve', { method: 'POST', body: new URLSearchParams({ token }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(400)
      expect((await json(await call('/v1/embedded/device/status', { email, deviceId: second }))).body).toEqual({ approved: true })
      const otp = await latestCode(email)
      expect((await call('/v1/embedded/email/verify', { email, deviceId: second, otp })).status).toBe(200)
    })

    it('updates the email with a code to the current address, then one to the new address', async () => {
      const email = `old-${smtpPortOffset}@example.com`
      const next = `new-${smtpPortOffset}@example.com`
      const { token } = await login(email)
      const auth = { authorization: `Bearer ${token}` }
      expect((await json(await call('/v1/embedded/email/update', { email: next }, auth))).body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
      expect((await json(await call('/v1/embedded/email/update/primary', { otp: await latestCode(email) }, auth))).body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
      expect((await json(await call('/v1/embedded/email/update/secondary', { otp: await latestCode(next) }, auth))).body).toEqual({ email: next })
      expect((await json(await call('/v1/embedded/session', undefined, auth))).body.user.email).toBe(next)
    })

    it("the server's stored data alone cannot rebuild a wallet key", async () => {
      const email = `keys-${smtpPortOffset}@example.com`
      const { token } = await login(email)
      const key = randomBytes(32)
      const [deviceShare, authShare, recoveryShare] = await splitSecret(key, { shares: 3, threshold: 2 })
      await call('/v1/embedded/wallet', { address: privateKeyToAddress(`0x${key.toString('hex')}`), authShare: toHex(authShare!) }, { authorization: `Bearer ${token}` })

      // Everything the server stored, as text.
      const dump: string[] = []
      for (const table of ['embedded_users', 'embedded_devices', 'embedded_challenges', 'embedded_code_failures', 'embedded_sessions', 'projects']) {
        const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.kysely)
        for (const row of rows.rows) dump.push(...Object.values(row).map((v) => (v instanceof Date ? v.toISOString() : JSON.stringify(v))))
      }
      const text = dump.join('\n')
      expect(text).not.toContain(key.toString('hex'))
      expect(text).not.toContain(toHex(deviceShare!))
      expect(text).not.toContain(toHex(recoveryShare!))
      // Every share-shaped value in the database, combined pairwise, never gives this key.
      const candidates = [...new Set(text.match(/(?<![0-9a-f])(?!00)[0-9a-f]{66}(?![0-9a-f])/g) ?? [])].map((h) => Uint8Array.from(Buffer.from(h, 'hex')))
      expect(candidates.map(toHex)).toContain(toHex(authShare!))
      for (const a of candidates) for (const b of candidates) {
        if (a[0] === b[0]) continue
        expect(toHex(await combineShares([a, b]))).not.toBe(key.toString('hex'))
      }
      // With the device share (kept by the frame's origin) or the recovery share (the person's), it does.
      expect(toHex(await combineShares([authShare!, deviceShare!]))).toBe(key.toString('hex'))
      expect(toHex(await combineShares([authShare!, recoveryShare!]))).toBe(key.toString('hex'))
    })
  })
}

suite('PGlite', openTestPGlite, 0)
if (postgres.available) suite('Postgres', () => openTestPostgres(), 0)

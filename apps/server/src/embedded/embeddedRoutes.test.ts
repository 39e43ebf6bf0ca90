/**
 * Embedded-wallet auth over real SMTP (the devnet's mail sink) on PGlite and, when reachable, Postgres:
 * codes, the 30 s lock, brute-force limits, device approval, sessions, the auth share, email update, and the
 * trust model's promise that the server's stored data alone cannot rebuild a key.
 */
import { randomBytes } from 'node:crypto'
import { combineShares, splitSecret, toHex } from '@foyer/embedded/host'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { CODE_ATTEMPTS_LIMIT, FAILURES_PER_EMAIL_LIMIT } from './embeddedRoutes.ts'
import { describeEmbedded, deviceId, FRAME } from './embeddedTestKit.ts'

await describeEmbedded('embeddedRoutes.test.ts', (k, name) => {
  it('answers the frame origin only, for projects with email on', async () => {
    const { app, call, json } = k
    const preflight = await app.request('/v1/embedded/email/start', {
      method: 'OPTIONS',
      headers: { origin: FRAME, 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(FRAME)
    const foreign = await app.request('/v1/embedded/email/start', {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' },
    })
    expect(foreign.status).toBe(403)
    const fromSite = await json(
      await call(
        '/v1/embedded/email/start',
        { email: 'a@b.co', deviceId: deviceId() },
        { origin: 'http://127.0.0.1:5173' },
      ),
    )
    expect(fromSite).toMatchObject({ status: 403, body: { error: { code: 'origin_not_allowed' } } })
    const off = await json(await call('/v1/embedded/config', undefined, { 'x-project-id': 'no-email' }))
    expect(off).toMatchObject({ status: 403, body: { error: { code: 'feature_disabled' } } })
    const conf = await json(await call('/v1/embedded/config'))
    expect(conf.body.allowedOrigins).toContain('http://127.0.0.1:5173')
  })

  it('refuses bad input with a 4xx JSON reason and writes nothing', async () => {
    const { call, json, t } = k
    const bad = await json(await call('/v1/embedded/email/start', { email: 'not-an-email', deviceId: 'xyz', extra: 1 }))
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'deviceId',
      'email',
      'extra',
    ])
    for (const email of [
      'alice<victim@example.com>',
      '(c)victim@example.com',
      'a;victim@example.com',
      'victim@example.com,other@x.y',
    ]) {
      expect(
        (await json(await call('/v1/embedded/email/start', { email, deviceId: deviceId() }))).body.error.details.issues,
      ).toEqual([{ path: 'email', message: expect.any(String) }])
    }
    const count = await sql<{
      n: string
    }>`select (select count(*) from embedded_challenges) + (select count(*) from embedded_email_locks) as n`.execute(
      t.database.kysely,
    )
    expect(String(count.rows[0]!.n)).toBe('0')
    expect(k.sink.messages()).toEqual([])
  })

  it('emails a code over SMTP, locks the address for 30 s, signs in, keeps the auth share, signs out', async () => {
    const { call, json, latestCode } = k
    const email = `ana-${name}@example.com`.toLowerCase()
    const device = deviceId()
    expect(
      (await json(await call('/v1/embedded/email/start', { email: ` Ana-${name}@Example.com `, deviceId: device })))
        .body,
    ).toEqual({ action: 'VERIFY_OTP' })
    const again = await json(await call('/v1/embedded/email/start', { email, deviceId: device }))
    expect(again.status).toBe(429)
    expect(again.body.error.code).toBe('email_rate_limited')
    expect(again.body.error.message).toMatch(/^Please try again after \d+ seconds$/)
    expect(again.body.error.details.retryAfterSeconds).toBeGreaterThan(25)
    const otp = await latestCode(email)

    const wrong = await json(
      await call('/v1/embedded/email/verify', { email, deviceId: device, otp: otp === '000000' ? '111111' : '000000' }),
    )
    expect(wrong).toMatchObject({ status: 400, body: { error: { code: 'invalid_code' } } })
    const ok = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp }))
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({ email, address: null, authShare: null })
    const reuse = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp }))
    expect(reuse.body.error.code).toBe('code_expired')

    const auth = { authorization: `Bearer ${ok.body.sessionToken}` }
    const key = `0x${randomBytes(32).toString('hex')}` as const
    const [, authShare] = await splitSecret(Buffer.from(key.slice(2), 'hex'), { shares: 3, threshold: 2 })
    const wallet = await k.signedWallet(ok.body.user.id, toHex(authShare!), key)
    const created = await json(await call('/v1/embedded/wallet', wallet, auth))
    expect(created.body.user.address).toBe(wallet.address.toLowerCase())
    expect((await json(await call('/v1/embedded/wallet', wallet, auth))).status).toBe(409)
    expect((await json(await call('/v1/embedded/session', undefined, auth))).body.user.authShare).toBe(
      toHex(authShare!),
    )

    expect((await call('/v1/embedded/sign-out', {}, auth)).status).toBe(200)
    expect((await json(await call('/v1/embedded/session', undefined, auth))).body.error.code).toBe('unauthorized')
    expect((await json(await call('/v1/embedded/session'))).status).toBe(401)
  })

  it('limits checks per code and per email', async () => {
    const { call, json, latestCode, pastLock } = k
    const email = `brute-${name}@example.com`.toLowerCase()
    const device = deviceId()
    await call('/v1/embedded/email/start', { email, deviceId: device })
    const otp = await latestCode(email)
    const guesses = ['000001', '000002', '000003', '000004', '000005', '000006'].filter((g) => g !== otp)
    const statuses: number[] = []
    for (const guess of guesses.slice(0, CODE_ATTEMPTS_LIMIT))
      statuses.push((await call('/v1/embedded/email/verify', { email, deviceId: device, otp: guess })).status)
    expect(statuses).toEqual([400, 400, 400, 400, 429])
    // The code is burnt: even the right one no longer works (and it is not compared: the attempt is refused first).
    expect(
      (await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp }))).body.error.code,
    ).toBe('code_expired')

    // Per email: after FAILURES_PER_EMAIL_LIMIT checks in the window every check is refused, right or not —
    // from another client address and with a fresh code too.
    await pastLock(email)
    await call('/v1/embedded/email/start', { email, deviceId: device })
    const code = await latestCode(email)
    const left = FAILURES_PER_EMAIL_LIMIT - CODE_ATTEMPTS_LIMIT - 1
    for (const guess of ['100000', '100001', '100002', '100003', '100004'].filter((g) => g !== code).slice(0, left)) {
      expect((await call('/v1/embedded/email/verify', { email, deviceId: device, otp: guess })).status).toBe(400)
    }
    k.useNewClient()
    const refused = await json(await call('/v1/embedded/email/verify', { email, deviceId: device, otp: code }))
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'too_many_attempts' } } })
  })

  it('makes a new device approve a link from the email before the code, then signs it in', async () => {
    const { app, call, json, inbox, latestCode, pastLock, login } = k
    const email = `dev-${name}@example.com`.toLowerCase()
    await login(email)
    await pastLock(email)
    const second = deviceId()
    expect((await json(await call('/v1/embedded/email/start', { email, deviceId: second }))).body).toEqual({
      action: 'VERIFY_OTP',
    })
    expect(await k.deviceApproved(email, second)).toBe(false)
    const [mail] = await inbox(email)
    const link = /http:\/\/127\.0\.0\.1:8787(\/v1\/embedded\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec(
      mail!.text,
    )![1]!
    const pageHtml = await (await app.request(link)).text()
    expect(pageHtml).toContain('Approve device')
    const token = new URL(link, 'http://x').searchParams.get('token')!
    const approve = () =>
      app.request('/v1/embedded/device/approve', {
        method: 'POST',
        body: new URLSearchParams({ token }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    expect((await approve()).status).toBe(200)
    expect((await approve()).status).toBe(400)
    expect(await k.deviceApproved(email, second)).toBe(true)
    const otp = await latestCode(email)
    expect((await call('/v1/embedded/email/verify', { email, deviceId: second, otp })).status).toBe(200)
  })

  it('updates the email with a code to the current address, then one to the new address', async () => {
    const { call, json, latestCode, login } = k
    const email = `old-${name}@example.com`.toLowerCase()
    const next = `new-${name}@example.com`.toLowerCase()
    const { token } = await login(email)
    const auth = { authorization: `Bearer ${token}` }
    // Right after signing in (sign-in and email-change mails lock apart), but not twice within 30 s.
    expect((await json(await call('/v1/embedded/email/update', { email: next }, auth))).body).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    expect((await json(await call('/v1/embedded/email/update', { email: next }, auth))).body.error.code).toBe(
      'email_rate_limited',
    )
    expect(
      (await json(await call('/v1/embedded/email/update/primary', { otp: await latestCode(email) }, auth))).body,
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(
      (await json(await call('/v1/embedded/email/update/secondary', { otp: await latestCode(next) }, auth))).body,
    ).toEqual({ email: next })
    expect((await json(await call('/v1/embedded/session', undefined, auth))).body.user.email).toBe(next)
  })

  it("the server's stored data alone cannot rebuild a wallet key", async () => {
    const { call, t, login } = k
    const email = `keys-${name}@example.com`.toLowerCase()
    const { token, user } = await login(email)
    const key = randomBytes(32)
    const [deviceShare, authShare, recoveryShare] = await splitSecret(key, { shares: 3, threshold: 2 })
    const linked = await call(
      '/v1/embedded/wallet',
      await k.signedWallet(user.id, toHex(authShare!), `0x${key.toString('hex')}`),
      { authorization: `Bearer ${token}` },
    )
    expect(linked.status).toBe(200)

    // Everything the server stored, as text.
    const dump: string[] = []
    for (const table of [
      'embedded_users',
      'embedded_devices',
      'embedded_challenges',
      'embedded_code_failures',
      'embedded_sessions',
      'embedded_email_locks',
      'rate_counters',
      'projects',
    ]) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.database.kysely)
      for (const row of rows.rows)
        dump.push(...Object.values(row).map((v) => (v instanceof Date ? v.toISOString() : JSON.stringify(v))))
    }
    const text = dump.join('\n')
    expect(text).not.toContain(key.toString('hex'))
    expect(text).not.toContain(toHex(deviceShare!))
    expect(text).not.toContain(toHex(recoveryShare!))
    // Every share-shaped value in the database, combined pairwise, never gives this key.
    const candidates = [...new Set(text.match(/\b[0-9a-f]{66}\b/g) ?? [])].map((h) =>
      Uint8Array.from(Buffer.from(h, 'hex')),
    )
    expect(candidates.map(toHex)).toContain(toHex(authShare!))
    for (const a of candidates)
      for (const b of candidates) {
        if (a[0] === b[0]) continue
        expect(toHex(await combineShares([a, b]))).not.toBe(key.toString('hex'))
      }
    // With the device share (kept by the frame's origin) or the recovery share (the person's), it does.
    expect(toHex(await combineShares([authShare!, deviceShare!]))).toBe(key.toString('hex'))
    expect(toHex(await combineShares([authShare!, recoveryShare!]))).toBe(key.toString('hex'))
  })
})

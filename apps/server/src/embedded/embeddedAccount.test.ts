/**
 * What the embedded routes tell strangers (nothing about which emails have wallets), devices and sessions
 * (expiry, list, revoke, sign out everywhere), the email change's aftermath, the wallet-link proof, and what a
 * failed mail leaves behind. PGlite and Postgres, real SMTP.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { describeEmbedded, deviceId, newClient } from './embeddedTestKit.ts'
import { sha256 } from './secrets.ts'

const share = () => `02${randomBytes(32).toString('hex')}`

await describeEmbedded('embeddedAccount.test.ts', (k, name, withKit) => {
  const email = (label: string) => `${label}-${name}@example.com`.toLowerCase()
  const raw = async (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  const approvalLink = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1]
  const approve = (token: string) =>
    k.app.request('/v1/embedded/device/approve', {
      method: 'POST',
      body: new URLSearchParams({ token }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

  it('/email/start answers byte for byte the same for unknown emails, known devices and new devices', async () => {
    const known = email('known')
    const { device } = await k.login(known)
    await k.pastLock(known)
    const start = (address: string, dev: string) =>
      k.call('/v1/embedded/email/start', { email: address, deviceId: dev }, { 'x-forwarded-for': newClient() })
    const unknown = await raw(await start(email('nobody'), deviceId()))
    const knownDevice = await raw(await start(known, device))
    await k.pastLock(known)
    const newDevice = await raw(await start(known, deviceId()))
    expect(unknown).toEqual({ status: 200, type: 'application/json', text: '{"action":"VERIFY_OTP"}' })
    expect(knownDevice).toEqual(unknown)
    expect(newDevice).toEqual(unknown)
    // The mail for a new device carries the approval link, not a code.
    expect(approvalLink((await k.inbox(known))[0]!.text)).toBeDefined()
  })

  it('/email/update answers the same for a taken and a free address; taken is told only after both codes', async () => {
    const taken = email('taken')
    await k.login(taken)
    const results = []
    for (const target of [taken, email('free')]) {
      const owner = email(`owner-of-${target.split('-')[0]}`)
      const { token } = await k.login(owner)
      await k.pastLock(owner)
      const answer = await raw(await k.call('/v1/embedded/email/update', { email: target }, bearer(token)))
      results.push(answer)
      await k.pastLock(target) // the new address may have had a mail in the last 30 s (the taken one just signed in)
      expect(
        (await k.call('/v1/embedded/email/update/primary', { otp: await k.latestCode(owner) }, bearer(token))).status,
      ).toBe(200)
      const last = await k.json(
        await k.call('/v1/embedded/email/update/secondary', { otp: await k.latestCode(target) }, bearer(token)),
      )
      expect(last.status).toBe(target === taken ? 409 : 200)
      if (target === taken) expect(last.body.error.code).toBe('email_taken')
    }
    expect(results[0]).toEqual({ status: 200, type: 'application/json', text: '{"action":"VERIFY_PRIMARY_OTP"}' })
    expect(results[1]).toEqual(results[0])
  })

  it('lists and revokes devices; a revoked device is signed out at once; sign-out everywhere forgets every device', async () => {
    const address = email('devices')
    const first = await k.login(address)
    await k.pastLock(address)
    const second = deviceId()
    await k.call('/v1/embedded/email/start', { email: address, deviceId: second })
    expect((await approve(approvalLink((await k.inbox(address))[0]!.text)!)).status).toBe(200)
    const verified = await k.json(
      await k.call('/v1/embedded/email/verify', { email: address, deviceId: second, otp: await k.latestCode(address) }),
    )
    const secondToken = verified.body.sessionToken as string

    const listed = await k.json(await k.call('/v1/embedded/devices', undefined, bearer(first.token)))
    expect(listed.body.devices).toHaveLength(2)
    const current = listed.body.devices.find((d: { current: boolean }) => d.current)
    const other = listed.body.devices.find((d: { current: boolean }) => !d.current)
    expect(Object.keys(current).sort()).toEqual(['approvedAt', 'current', 'expiresAt', 'id', 'lastUsedAt'])
    expect(Date.parse(current.expiresAt) - Date.parse(current.lastUsedAt)).toBe(k.config.embedded.deviceTtlMs)

    expect(
      (await k.json(await k.call('/v1/embedded/devices/revoke', { id: 'ab'.repeat(32) }, bearer(first.token)))).status,
    ).toBe(404)
    expect(
      (await k.json(await k.call('/v1/embedded/devices/revoke', { id: other.id }, bearer(first.token)))).body,
    ).toEqual({ ok: true })
    expect((await k.call('/v1/embedded/session', undefined, bearer(secondToken))).status).toBe(401)
    expect(
      (await k.json(await k.call('/v1/embedded/devices', undefined, bearer(first.token)))).body.devices,
    ).toHaveLength(1)
    // Someone else's session cannot revoke this user's device.
    const stranger = await k.login(email('stranger-dev'))
    expect((await k.call('/v1/embedded/devices/revoke', { id: current.id }, bearer(stranger.token))).status).toBe(404)

    await k.pastLock(address)
    const again = await k.login(address, first.device)
    expect(
      (await k.json(await k.call('/v1/embedded/sign-out', { everywhere: true }, bearer(first.token)))).body,
    ).toEqual({ ok: true })
    for (const token of [first.token, again.token])
      expect((await k.call('/v1/embedded/session', undefined, bearer(token))).status).toBe(401)
    await k.pastLock(address)
    await k.call('/v1/embedded/email/start', { email: address, deviceId: first.device })
    expect(approvalLink((await k.inbox(address))[0]!.text)).toBeDefined() // forgotten: the device must be approved again
    expect((await k.call('/v1/embedded/sign-out', { everywhere: 'yes' }, bearer(stranger.token))).status).toBe(400)
  })

  it('an expired device counts as new; signing in moves its expiry forward', async () => {
    const address = email('expiry')
    const { device } = await k.login(address)
    await sql`update embedded_devices set expires_at = now() - interval '1 second'`.execute(k.t.database.kysely)
    await k.pastLock(address)
    await k.call('/v1/embedded/email/start', { email: address, deviceId: device })
    const mail = (await k.inbox(address))[0]!
    expect(mail.subject).toMatch(/Approve a new device/)
    expect(await k.deviceApproved(address, device)).toBe(false)
    expect((await approve(approvalLink(mail.text)!)).status).toBe(200)
    const row = await sql<{
      expires_at: Date
    }>`select d.expires_at from embedded_devices d join embedded_users u on u.id = d.user_id where u.email = ${address}`.execute(
      k.t.database.kysely,
    )
    expect(row.rows[0]!.expires_at.getTime()).toBeGreaterThan(Date.now() + k.config.embedded.deviceTtlMs - 60_000)
  })

  it('a session stops at once when its device expires or its device row is gone', async () => {
    const db = k.t.database.kysely
    const expiring = await k.login(email('device-expires'))
    const deleted = await k.login(email('device-deleted'))
    const kept = await k.login(email('device-kept'))
    for (const s of [expiring, deleted, kept])
      expect((await k.call('/v1/embedded/session', undefined, bearer(s.token))).status).toBe(200)
    await sql`update embedded_devices set expires_at = now() - interval '1 second' where device_hash = ${sha256(expiring.device)}`.execute(
      db,
    )
    await sql`delete from embedded_devices where device_hash = ${sha256(deleted.device)}`.execute(db)
    for (const s of [expiring, deleted]) {
      const answer = await k.json(await k.call('/v1/embedded/session', undefined, bearer(s.token)))
      expect(answer).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
      expect((await k.call('/v1/embedded/devices', undefined, bearer(s.token))).status).toBe(401)
    }
    expect((await k.call('/v1/embedded/session', undefined, bearer(kept.token))).status).toBe(200)
  })

  it('a completed email change signs out every other session and tells the old address', async () => {
    const old = email('changer')
    const next = email('changer-new')
    const here = await k.login(old)
    await k.pastLock(old)
    const elsewhere = await k.login(old, here.device) // a second session (another tab)
    await k.pastLock(old)
    await k.call('/v1/embedded/email/update', { email: next }, bearer(here.token))
    await k.call('/v1/embedded/email/update/primary', { otp: await k.latestCode(old) }, bearer(here.token))
    expect(
      (await k.call('/v1/embedded/email/update/secondary', { otp: await k.latestCode(next) }, bearer(here.token)))
        .status,
    ).toBe(200)
    expect((await k.call('/v1/embedded/session', undefined, bearer(here.token))).status).toBe(200)
    expect((await k.call('/v1/embedded/session', undefined, bearer(elsewhere.token))).status).toBe(401)
    const notice = (await k.inbox(old))[0]!
    expect(notice.subject).toBe('Your Foyer wallet email was changed')
    expect(notice.text).toContain(next)
  })

  it('links a wallet only with a signature by its key over this user and share', async () => {
    const { token, user } = await k.login(email('wallet'))
    const auth = bearer(token)
    const s = share()
    const good = await k.signedWallet(user.id, s)
    const otherKey = await k.signedWallet(user.id, s)
    const otherUser = await k.signedWallet('someone-else', s)
    const wrong = async (body: Record<string, unknown>) =>
      (await k.json(await k.call('/v1/embedded/wallet', body, auth))).body.error.code
    expect(await wrong({ ...good, signature: otherKey.signature })).toBe('invalid_signature')
    expect(await wrong({ ...otherUser, address: good.address, signature: otherUser.signature })).toBe(
      'invalid_signature',
    )
    expect(await wrong({ ...good, authShare: share() })).toBe('invalid_signature')
    expect(await wrong({ ...good, signature: `0x${'00'.repeat(65)}` })).toBe('invalid_signature')
    expect(await wrong({ ...good, signature: '0x1234' })).toBe('invalid_request')
    expect(await wrong({ ...good, authShare: `00${s.slice(2)}` })).toBe('invalid_request')
    expect(await wrong({ address: good.address, authShare: s })).toBe('invalid_request')
    const linked = await k.json(await k.call('/v1/embedded/wallet', good, auth))
    expect(linked.body.user).toMatchObject({ address: good.address.toLowerCase(), authShare: s })
    // Any nonzero x coordinate is a valid share (the audited library picks x at random).
    const { token: t2, user: u2 } = await k.login(email('wallet-x'))
    const s2 = `c7${randomBytes(32).toString('hex')}`
    expect((await k.call('/v1/embedded/wallet', await k.signedWallet(u2.id, s2), bearer(t2))).status).toBe(200)
  })

  // A second kit on the same backend: a mail server that refuses everything, and a small global send quota.
  withKit('mail failing and a small global quota', { SMTP_PORT: '1', FOYER_EMAIL_SENDS_PER_HOUR: '5' }, (k) => {
    it('a mail that cannot be sent leaves no challenge, no lock and no count against the quotas', async () => {
      const address = `undo-${name}@example.com`.toLowerCase()
      const first = await k.json(await k.call('/v1/embedded/email/start', { email: address, deviceId: deviceId() }))
      expect(first).toMatchObject({ status: 503, body: { error: { code: 'mail_unavailable' } } })
      const rows = await sql<{
        n: number
      }>`select (select count(*) from embedded_challenges)::int + (select count(*) from embedded_email_locks)::int as n`.execute(
        k.t.database.kysely,
      )
      expect(rows.rows[0]!.n).toBe(0)
      // No lock left behind: trying again at once is another attempt to send, not a 429.
      expect((await k.call('/v1/embedded/email/start', { email: address, deviceId: deviceId() })).status).toBe(503)

      const burst = await Promise.all(
        Array.from(
          { length: 30 },
          async (_, i) =>
            (
              await k.json(
                await k.call(
                  '/v1/embedded/email/start',
                  { email: `g${i}-${address}`, deviceId: deviceId() },
                  { 'x-forwarded-for': newClient() },
                ),
              )
            ).status,
        ),
      )
      // The two failed sends above gave their count back: the burst finds the whole quota of 5 (more than 5 tries
      // may reach the mail server, as each failed one gives its place back), the rest are refused by the quota.
      expect(burst.filter((s) => s === 503).length).toBeGreaterThanOrEqual(5)
      expect(burst.filter((s) => s !== 503 && s !== 429)).toEqual([])
    })

    it('an approval whose code cannot be mailed still approves, and the page says the code did not go out', async () => {
      const token = randomBytes(32).toString('base64url')
      const db = k.t.database.kysely
      await sql`insert into embedded_users (id, email) values ('u-approve', ${`approve-${name}@example.com`.toLowerCase()})`.execute(
        db,
      )
      await sql`insert into embedded_challenges (id, purpose, email, user_id, device_hash, secret_hash, expires_at) values ('c-approve', 'device', ${`approve-${name}@example.com`.toLowerCase()}, 'u-approve', 'dh', ${sha256(token)}, ${new Date(Date.now() + 60_000)})`.execute(
        db,
      )
      const response = await k.app.request('/v1/embedded/device/approve', {
        method: 'POST',
        body: new URLSearchParams({ token }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect([503, 429]).toContain(response.status)
      expect(await response.text()).toContain('the login code could not be sent')
      expect(
        (
          await sql<{ n: number }>`select count(*)::int as n from embedded_devices where user_id = 'u-approve'`.execute(
            db,
          )
        ).rows[0]!.n,
      ).toBe(1)
    })
  })
})

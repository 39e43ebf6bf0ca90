/** The console's sign-in (password and mailed link), its session cookie, the CSRF checks and the lockout, on PGlite and Postgres. */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { sha256 } from '../../embedded/secrets.ts'
import { createServer } from '../../index.ts'
import { BACKEND_TIMEOUT_MS } from '../../test/backends.ts'
import { probePostgresFor, testBackends } from '../../test/eachBackend.ts'
import { type ConsoleKit, newClient, sessionCookieToken, startConsoleKit } from '../consoleTestKit.ts'
import { CONSOLE_API_PATH, CONSOLE_ROUTES } from '../contract.ts'
import { LOCKOUT_ATTEMPTS } from '../operators/operatorStore.ts'
import { hashPassword } from '../operators/password.ts'
import { csrfTokenFor } from './csrf.ts'
import { SESSION_IDLE_MS } from './sessionStore.ts'
import { SIGN_IN_REQUESTS_PER_CLIENT } from './signInLimit.ts'

const PASSWORD = 'a long operator password'
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any })

for (const [backend, open] of testBackends(await probePostgresFor('consoleSession.test.ts', { requiredInCi: true }))) {
  describe(backend, () => {
    const k = {} as ConsoleKit
    beforeAll(async () => void Object.assign(k, await startConsoleKit(open)), BACKEND_TIMEOUT_MS)
    afterAll(() => k.close?.(), BACKEND_TIMEOUT_MS)

    it('serves every route of CONSOLE_ROUTES, and no other under /console/api', () => {
      const served = k.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith(CONSOLE_API_PATH))
        .map((r) => `${r.method} ${r.path}`)
      expect([...new Set(served)].sort()).toEqual(Object.keys(CONSOLE_ROUTES).sort())
    })

    describe('password sign-in', () => {
      it('signs in, sets the session cookie (HttpOnly, SameSite=Strict, Path=/console) and answers the session', async () => {
        const email = await k.operator(PASSWORD)
        const response = await k.call('POST', '/session', { body: { email: email.toUpperCase(), password: PASSWORD } })
        expect(response.status).toBe(200)
        const token = sessionCookieToken(response)!
        expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
        expect(await response.json()).toEqual({ operator: { email }, csrfToken: csrfTokenFor(token) })
        const cookie = response.headers.get('set-cookie')!
        expect(cookie).toMatch(/HttpOnly/)
        expect(cookie).toMatch(/SameSite=Strict/)
        expect(cookie).toMatch(/Path=\/console(;|$)/)
        expect(cookie).not.toMatch(/Secure/) // the public URL is http
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect(response.headers.get('access-control-allow-origin')).toBeNull()
        // Only the token's hash is stored.
        const rows = await k.db.selectFrom('operator_sessions').select('token_hash').execute()
        expect(rows.map((r) => r.token_hash)).toContain(sha256(token))
        expect(rows.map((r) => r.token_hash)).not.toContain(token)
      })

      it('sets a Secure cookie when the request came over https', async () => {
        const email = await k.operator(PASSWORD)
        const response = await k.app.request('https://console.example/console/api/session', {
          method: 'POST',
          headers: { origin: 'https://console.example', 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        })
        expect(response.status).toBe(200)
        expect(response.headers.get('set-cookie')).toMatch(/; Secure/)
      })

      it('answers the same 401 bad_credentials for a wrong password, an unknown address and a link-only operator', async () => {
        const email = await k.operator(PASSWORD)
        const linkOnly = await k.operator()
        const answers = await Promise.all([
          k.call('POST', '/session', { body: { email, password: 'not the password' } }).then(json),
          k.call('POST', '/session', { body: { email: 'nobody@example.com', password: PASSWORD } }).then(json),
          k.call('POST', '/session', { body: { email: linkOnly, password: PASSWORD } }).then(json),
        ])
        for (const answer of answers) {
          expect(answer.status).toBe(401)
          expect(answer.body.error.code).toBe('bad_credentials')
          expect(answer.body.error.message).toBe(answers[0]!.body.error.message)
        }
        expect(k.logs.join('\n')).not.toContain(PASSWORD)
      })

      it('refuses malformed input with 400 and says what is wrong', async () => {
        const answer = await json(
          await k.call('POST', '/session', { body: { email: 'not an address', password: 'x' } }),
        )
        expect(answer.status).toBe(400)
        expect(answer.body.error.details.issues[0].path).toBe('email')
        expect((await k.call('POST', '/session', { body: { email: 'a@example.com' } })).status).toBe(400)
      })
    })

    describe('the session', () => {
      it('GET /session answers the operator and the CSRF token; without a live cookie 401 not_signed_in', async () => {
        const email = await k.operator(PASSWORD)
        const s = await k.signIn(email, PASSWORD)
        expect(await json(await k.call('GET', '/session', { cookie: s.token, origin: null }))).toEqual({
          status: 200,
          body: { operator: { email }, csrfToken: s.csrf },
        })
        for (const cookie of [undefined, 'x'.repeat(43), 'garbage']) {
          const answer = await json(await k.call('GET', '/session', { cookie }))
          expect(answer.status).toBe(401)
          expect(answer.body.error.code).toBe('not_signed_in')
        }
      })

      it('slides its expiry with use, and an expired session is refused', async () => {
        const email = await k.operator(PASSWORD)
        const s = await k.signIn(email, PASSWORD)
        const hash = sha256(s.token)
        await sql`update operator_sessions set expires_at = now() + interval '1 minute' where token_hash = ${hash}`.execute(
          k.db,
        )
        expect((await k.call('GET', '/session', { cookie: s.token })).status).toBe(200)
        const row = await k.db
          .selectFrom('operator_sessions')
          .select('expires_at')
          .where('token_hash', '=', hash)
          .executeTakeFirstOrThrow()
        expect(row.expires_at.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - 60_000)
        await sql`update operator_sessions set expires_at = now() - interval '1 second' where token_hash = ${hash}`.execute(
          k.db,
        )
        expect((await k.call('GET', '/session', { cookie: s.token })).status).toBe(401)
      })

      it('DELETE /session signs out: 204, the cookie cleared, the session gone', async () => {
        const email = await k.operator(PASSWORD)
        const s = await k.signIn(email, PASSWORD)
        const response = await k.call('DELETE', '/session', { cookie: s.token, csrf: s.csrf })
        expect(response.status).toBe(204)
        expect(response.headers.get('set-cookie')).toMatch(/foyer_console=;.*Max-Age=0/)
        expect((await k.call('GET', '/session', { cookie: s.token })).status).toBe(401)
      })

      it('removing the operator ends its sessions', async () => {
        const email = await k.operator(PASSWORD)
        const s = await k.signIn(email, PASSWORD)
        await k.db.deleteFrom('operators').where('email', '=', email).execute()
        expect((await k.call('GET', '/session', { cookie: s.token })).status).toBe(401)
      })
    })

    describe('CSRF', () => {
      it('refuses a changing request without the token, with a wrong one, from a foreign Origin or with no Origin', async () => {
        const email = await k.operator(PASSWORD)
        const s = await k.signIn(email, PASSWORD)
        const other = await k.signIn(email, PASSWORD)
        const refusals = [
          { cookie: s.token },
          { cookie: s.token, csrf: other.csrf },
          { cookie: s.token, csrf: '' },
          { cookie: s.token, csrf: s.csrf, origin: 'https://evil.example' },
          { cookie: s.token, csrf: s.csrf, origin: 'http://127.0.0.1:8788' },
          { cookie: s.token, csrf: s.csrf, origin: null },
        ]
        for (const call of refusals) {
          const answer = await json(await k.call('DELETE', '/session', call))
          expect(answer.status, JSON.stringify(call)).toBe(403)
          expect(answer.body.error.code).toBe('csrf_failed')
        }
        // Nothing was signed out by them.
        expect((await k.call('GET', '/session', { cookie: s.token })).status).toBe(200)
        expect((await k.call('DELETE', '/session', { cookie: s.token, csrf: s.csrf })).status).toBe(204)
      })

      it('the sign-in POSTs need the same-origin Origin', async () => {
        const email = await k.operator(PASSWORD)
        for (const origin of [null, 'https://evil.example']) {
          for (const [path, body] of [
            ['/session', { email, password: PASSWORD }],
            ['/session/link', { email }],
            ['/session/link/use', { token: 'x'.repeat(43) }],
          ] as const) {
            const answer = await json(await k.call('POST', path, { body, origin }))
            expect(answer.status, `${path} from ${origin}`).toBe(403)
            expect(answer.body.error.code).toBe('csrf_failed')
          }
        }
      })
    })

    describe('lockout', () => {
      it(`locks after ${LOCKOUT_ATTEMPTS} wrong passwords (429 operator_locked with Retry-After), even with the right one`, async () => {
        const email = await k.operator(PASSWORD)
        for (let i = 0; i < LOCKOUT_ATTEMPTS; i++)
          expect((await k.call('POST', '/session', { body: { email, password: `wrong ${i}` } })).status).toBe(401)
        const locked = await k.call('POST', '/session', { body: { email, password: PASSWORD } })
        expect(locked.status).toBe(429)
        expect(((await locked.json()) as any).error.code).toBe('operator_locked')
        const retry = Number(locked.headers.get('retry-after'))
        expect(retry).toBeGreaterThan(14 * 60)
        expect(retry).toBeLessThanOrEqual(15 * 60)
        // Once the lock has run out, the right password signs in and the count starts over.
        await k.db
          .updateTable('operators')
          .set({ locked_until: new Date(Date.now() - 1000) })
          .where('email', '=', email)
          .execute()
        await k.signIn(email, PASSWORD)
        const row = await k.db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
        expect(row).toMatchObject({ failed_attempts: 0, locked_until: null })
      })

      it('a right password clears the count of wrong ones', async () => {
        const email = await k.operator(PASSWORD)
        for (let i = 0; i < LOCKOUT_ATTEMPTS - 1; i++)
          expect((await k.call('POST', '/session', { body: { email, password: `wrong ${i}` } })).status).toBe(401)
        await k.signIn(email, PASSWORD)
        for (let i = 0; i < LOCKOUT_ATTEMPTS - 1; i++)
          expect((await k.call('POST', '/session', { body: { email, password: `wrong ${i}` } })).status).toBe(401)
        await k.signIn(email, PASSWORD)
      })

      it(`100 parallel wrong passwords: exactly ${LOCKOUT_ATTEMPTS} are compared, the rest are refused as locked`, async () => {
        const email = await k.operator(PASSWORD)
        const started = performance.now()
        const answers = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            k.call('POST', '/session', { body: { email, password: `guess ${i}` } }),
          ),
        )
        const statuses = answers.map((a) => a.status)
        console.info(
          `[foyer] ${backend}: 100 parallel wrong passwords in ${Math.round(performance.now() - started)} ms`,
        )
        expect(statuses.filter((s) => s === 401)).toHaveLength(LOCKOUT_ATTEMPTS)
        expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOCKOUT_ATTEMPTS)
        const row = await k.db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
        expect(row.failed_attempts).toBe(LOCKOUT_ATTEMPTS)
        expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now())
      })
    })

    describe('sign-in link', () => {
      it('mails a one-time link to the console page; using it signs in once; a replay is refused', async () => {
        const email = await k.operator()
        const asked = await k.call('POST', '/session/link', { body: { email: email.toUpperCase() } })
        expect(asked.status).toBe(202)
        expect(await asked.json()).toEqual({})
        const token = await k.linkToken(email)
        const mail = k.sink.messages().find((m) => m.to.includes(email))!
        expect(mail.text).toContain(`http://127.0.0.1:8787/console/?link=${token}`)
        expect(k.logs.join('\n')).not.toContain(token)
        // Only its hash is stored.
        const stored = await k.db
          .selectFrom('operator_sign_in_links')
          .select('token_hash')
          .where('token_hash', '=', sha256(token))
          .execute()
        expect(stored).toHaveLength(1)

        const used = await k.call('POST', '/session/link/use', { body: { token } })
        expect(used.status).toBe(200)
        const cookie = sessionCookieToken(used)!
        expect(await used.json()).toEqual({ operator: { email }, csrfToken: csrfTokenFor(cookie) })
        expect((await k.call('GET', '/session', { cookie })).status).toBe(200)

        const replay = await json(await k.call('POST', '/session/link/use', { body: { token } }))
        expect(replay).toMatchObject({ status: 400, body: { error: { code: 'login_link_invalid' } } })
      })

      it('answers 202 for an address that is no operator, and mails nothing', async () => {
        const stranger = `nobody-${Date.now()}@example.com`
        expect((await k.call('POST', '/session/link', { body: { email: stranger } })).status).toBe(202)
        const email = await k.operator()
        expect((await k.call('POST', '/session/link', { body: { email } })).status).toBe(202)
        await k.linkToken(email) // the mail that was sent after it has arrived
        expect(k.sink.messages().filter((m) => m.to.includes(stranger))).toHaveLength(0)
      })

      it('refuses an expired link and an unknown one', async () => {
        const email = await k.operator()
        await k.call('POST', '/session/link', { body: { email } })
        const token = await k.linkToken(email)
        await k.db
          .updateTable('operator_sign_in_links')
          .set({ expires_at: new Date(Date.now() - 1000) })
          .where('token_hash', '=', sha256(token))
          .execute()
        for (const t of [token, 'A'.repeat(43), 'short']) {
          const answer = await json(await k.call('POST', '/session/link/use', { body: { token: t } }))
          expect(answer).toMatchObject({ status: 400, body: { error: { code: 'login_link_invalid' } } })
        }
      })

      it('100 parallel uses of one link make exactly one session', async () => {
        const email = await k.operator()
        await k.call('POST', '/session/link', { body: { email } })
        const token = await k.linkToken(email)
        const answers = await Promise.all(
          Array.from({ length: 100 }, () => k.call('POST', '/session/link/use', { body: { token } })),
        )
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
        expect(answers.filter((a) => a.status === 400)).toHaveLength(99)
        const sessions = await k.db
          .selectFrom('operator_sessions')
          .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
          .select('token_hash')
          .where('operators.email', '=', email)
          .execute()
        expect(sessions).toHaveLength(1)
      })

      it('mails one link per mailbox per minute, however many requests arrive at once', async () => {
        const email = await k.operator()
        const answers = await Promise.all(
          Array.from({ length: 100 }, () => k.call('POST', '/session/link', { body: { email } })),
        )
        expect(answers.every((a) => a.status === 202)).toBe(true)
        await k.linkToken(email)
        const links = await k.db
          .selectFrom('operator_sign_in_links')
          .innerJoin('operators', 'operators.id', 'operator_sign_in_links.operator_id')
          .select('token_hash')
          .where('operators.email', '=', email)
          .execute()
        expect(links).toHaveLength(1)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(k.sink.messages().filter((m) => m.to.includes(email))).toHaveLength(1)
      })

      it('a used link lifts a password lockout', async () => {
        const email = await k.operator(PASSWORD)
        for (let i = 0; i < LOCKOUT_ATTEMPTS; i++)
          await k.call('POST', '/session', { body: { email, password: `no ${i}` } })
        expect((await k.call('POST', '/session', { body: { email, password: PASSWORD } })).status).toBe(429)
        await k.call('POST', '/session/link', { body: { email } })
        expect((await k.call('POST', '/session/link/use', { body: { token: await k.linkToken(email) } })).status).toBe(
          200,
        )
        await k.signIn(email, PASSWORD)
      })
    })

    it('FOYER_CONSOLE_OPERATORS creates missing operators at start and leaves existing ones as they are', async () => {
      const email = await k.operator(PASSWORD)
      const fresh = `seeded-${Date.now()}@example.com`
      const config = loadConfig(
        {
          FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
          FOYER_DATA_DIR: '/nonexistent/data',
          FOYER_SEED_DEMO: 'false',
          FOYER_CONSOLE_OPERATORS: JSON.stringify([
            { email: fresh.toUpperCase(), passwordHash: await hashPassword('the seeded password') },
            { email, passwordHash: await hashPassword('would replace the password') },
          ]),
        },
        { repoRoot: '/nonexistent' },
      )
      const server = await createServer(config, { database: k.t.database })
      await server.close()
      await k.signIn(fresh, 'the seeded password')
      await k.signIn(email, PASSWORD)
    })

    it(`counts sign-in requests per client address: past ${SIGN_IN_REQUESTS_PER_CLIENT} in 15 minutes, 429 too_many_attempts`, async () => {
      const client = newClient()
      const email = await k.operator(PASSWORD)
      for (let i = 0; i < SIGN_IN_REQUESTS_PER_CLIENT; i++)
        expect((await k.call('POST', '/session/link', { body: { email: 'nobody@example.com' }, client })).status).toBe(
          202,
        )
      const refused = await k.call('POST', '/session', { body: { email, password: PASSWORD }, client })
      expect(refused.status).toBe(429)
      expect(((await refused.json()) as any).error.code).toBe('too_many_attempts')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Nothing was compared: the operator's own count is untouched, and another address signs in.
      const row = await k.db
        .selectFrom('operators')
        .select('failed_attempts')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(row.failed_attempts).toBe(0)
      await k.signIn(email, PASSWORD)
    })

    it('everything else under /console/api needs a session', async () => {
      for (const [method, path] of [
        ['GET', '/projects'],
        ['POST', '/projects'],
        ['GET', '/anything'],
      ] as const) {
        const answer = await json(await k.call(method, path, { body: method === 'POST' ? {} : undefined }))
        expect(answer).toMatchObject({ status: 401, body: { error: { code: 'not_signed_in' } } })
      }
    })
  })
}

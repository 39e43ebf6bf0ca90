/**
 * A session belongs to the project it was signed in for: every route that takes a session refuses (401
 * `unauthorized`) a token sent under another project's `x-project-id`, and works under its own. PGlite and
 * Postgres, real SMTP.
 */
import { randomBytes } from 'node:crypto'
import { expect, it } from 'vitest'
import { describeEmbedded, OTHER_PROJECT } from './embeddedTestKit.ts'

await describeEmbedded('embeddedProjectSessions.test.ts', (k, name) => {
  const email = (label: string) => `${label}-${name}@example.com`.toLowerCase()
  const as = (token: string, project: string) => ({ authorization: `Bearer ${token}`, 'x-project-id': project })
  /** Every route that takes a session, each with a body it accepts. */
  const sessionRoutes = (linkBody: Record<string, unknown>): [string, Record<string, unknown> | undefined][] => [
    ['/v1/embedded/session', undefined],
    ['/v1/embedded/wallet', linkBody],
    ['/v1/embedded/devices', undefined],
    ['/v1/embedded/devices/revoke', { id: 'ab'.repeat(32) }],
    ['/v1/embedded/email/update', { email: email('next') }],
    ['/v1/embedded/email/update/primary', { otp: '000000' }],
    ['/v1/embedded/email/update/secondary', { otp: '000000' }],
    ['/v1/embedded/sign-out', {}],
  ]

  it("refuses a session token under another project's id on every session route, and takes it under its own", async () => {
    const signedIn = await k.login(email('owner'))
    const link = await k.signedWallet(signedIn.user.id, `02${randomBytes(32).toString('hex')}`)
    for (const [path, body] of sessionRoutes(link)) {
      const foreign = await k.json(await k.call(path, body, as(signedIn.token, OTHER_PROJECT)))
      expect({ path, ...foreign }).toMatchObject({ path, status: 401, body: { error: { code: 'unauthorized' } } })
    }
    // Nothing above took effect: the session is live, the wallet unlinked, no code was mailed for the change.
    const own = await k.json(await k.call('/v1/embedded/session', undefined, as(signedIn.token, 'foyer-demo')))
    expect(own).toMatchObject({ status: 200, body: { user: { email: email('owner'), address: null } } })
    expect(await k.inbox(email('owner'))).toHaveLength(1) // the sign-in code only
    const answers: Record<string, number> = {}
    for (const [path, body] of sessionRoutes(link)) {
      answers[path] = (await k.call(path, body, as(signedIn.token, 'foyer-demo'))).status
    }
    expect(answers).toEqual({
      '/v1/embedded/session': 200,
      '/v1/embedded/wallet': 200,
      '/v1/embedded/devices': 200,
      '/v1/embedded/devices/revoke': 404, // no such device: the session was taken
      '/v1/embedded/email/update': 200,
      '/v1/embedded/email/update/primary': 400, // a wrong code: the session was taken
      '/v1/embedded/email/update/secondary': 400,
      '/v1/embedded/sign-out': 200,
    })
  })

  it("a session signed in on the other project is refused under foyer-demo's id", async () => {
    const signedIn = await k.login(email('elsewhere'), undefined, undefined, OTHER_PROJECT)
    const demo = await k.json(await k.call('/v1/embedded/session', undefined, as(signedIn.token, 'foyer-demo')))
    expect(demo).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    const own = await k.json(await k.call('/v1/embedded/session', undefined, as(signedIn.token, OTHER_PROJECT)))
    expect(own).toMatchObject({ status: 200, body: { user: { email: email('elsewhere') } } })
  })
})

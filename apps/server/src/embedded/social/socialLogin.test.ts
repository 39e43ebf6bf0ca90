/**
 * Social login end to end against the devnet's OpenID Connect stand-in (real oidc-provider issuers, one per
 * provider, with test users): /social/:provider/start → the stand-in's sign-in pages (driven over HTTP, as a
 * browser would) → the callback → /social/finish. On PGlite and on Postgres (where the parallel cases really race).
 */
import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@foyer/core/protocol'
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  type OidcStandIn,
  STAND_IN_USERS,
  type StandInUserId,
  signInWithStandIn,
  startOidcStandIn,
} from '@foyer/devnet/oidc'
import { sql } from 'kysely'
import { randomNonce, randomPKCECodeVerifier } from 'openid-client'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { describeEmbedded, deviceId, type EmbeddedKit, newClient } from '../embeddedTestKit.ts'
import { DISCOVERY_TIMEOUT_SECONDS } from './oauthClient.ts'
import { STARTS_PER_CLIENT_LIMIT } from './socialRoutes.ts'

const SITE = 'http://127.0.0.1:5173'
const OTHER_SITE = 'https://other.example'

let standIn: OidcStandIn
let hanging: Server
/**
 * A double of GitHub's OAuth endpoints (GitHub cannot run offline), named so: it issues one code per authorization
 * URL the test hands it, checks the token request's PKCE verifier, client and redirect URI, and answers /user as
 * GitHub's API does.
 */
let githubDouble: Server & { issued: Map<string, { challenge: string }>; tokenRequests: URLSearchParams[] }
/** Filled before the kits start (their beforeAll runs after this file's). */
const env: Record<string, string> = {}

const client = (issuer: string) => ({ clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET, issuer })

beforeAll(async () => {
  standIn = await startOidcStandIn({ port: 0 })
  // An issuer that accepts the connection and never answers: discovery must give up at its deadline.
  hanging = createServer(() => {})
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
  const hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/google`
  const issued = new Map<string, { challenge: string }>()
  const tokenRequests: URLSearchParams[] = []
  githubDouble = Object.assign(
    createServer((req, res) => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      let raw = ''
      req.on('data', (chunk) => (raw += chunk))
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/login/oauth/access_token') {
          const form = new URLSearchParams(raw)
          tokenRequests.push(form)
          const grant = issued.get(form.get('code') ?? '')
          const verifier = form.get('code_verifier') ?? ''
          const challenge = createHash('sha256').update(verifier).digest('base64url')
          if (!grant || grant.challenge !== challenge || form.get('client_secret') !== DEMO_CLIENT_SECRET)
            return reply(400, { error: 'bad_verification_code' })
          issued.delete(form.get('code') ?? '')
          return reply(200, { access_token: 'gho_double', token_type: 'bearer', scope: 'read:user,user:email' })
        }
        if (req.method === 'GET' && req.url === '/user' && req.headers.authorization === 'Bearer gho_double')
          return reply(200, {
            id: 583231,
            login: 'octocat',
            name: 'The Octocat',
            avatar_url: 'https://avatars.githubusercontent.com/u/583231?v=4',
            email: 'ada@foyer.local',
          })
        reply(404, { message: 'Not Found' })
      })
    }),
    { issued, tokenRequests },
  )
  await new Promise<void>((resolve) => githubDouble.listen(0, '127.0.0.1', resolve))
  const githubUrl = `http://127.0.0.1:${(githubDouble.address() as AddressInfo).port}`
  const oauth = SOCIAL_PROVIDERS.filter((p) => p !== 'apple')
  env.FOYER_PROJECTS = JSON.stringify([
    {
      // The demo project, as the devnet configures it: apple and farcaster offered but given no credentials.
      id: 'foyer-demo',
      allowedOrigins: [SITE],
      features: { socials: [...SOCIAL_PROVIDERS, 'farcaster'] },
      socialLogin: Object.fromEntries(oauth.map((p) => [p, client(standIn.issuers[p])])),
    },
    {
      id: 'other-site',
      allowedOrigins: [OTHER_SITE],
      features: { socials: ['google'] },
      socialLogin: { google: client(standIn.issuers.google) },
    },
    {
      id: 'social-only',
      allowedOrigins: [SITE],
      features: { email: false, socials: ['google'] },
      socialLogin: { google: client(standIn.issuers.google) },
    },
    { id: 'no-login', allowedOrigins: [SITE], features: { email: false, socials: [] } },
    {
      id: 'github-direct',
      allowedOrigins: [SITE],
      features: { socials: ['github'] },
      socialLogin: {
        github: {
          clientId: DEMO_CLIENT_ID,
          clientSecret: DEMO_CLIENT_SECRET,
          authorizationEndpoint: `${githubUrl}/login/oauth/authorize`,
          tokenEndpoint: `${githubUrl}/login/oauth/access_token`,
          userinfoEndpoint: `${githubUrl}/user`,
        },
      },
    },
    {
      id: 'down-site',
      allowedOrigins: [SITE],
      features: { socials: ['google', 'github'] },
      socialLogin: { google: client('http://127.0.0.1:1/google'), github: client(hangingUrl) },
    },
  ])
}, 60_000)

afterAll(async () => {
  githubDouble?.closeAllConnections()
  githubDouble?.close()
  await standIn?.stop()
  hanging?.closeAllConnections()
  hanging?.close()
})

await describeEmbedded('socialLogin.test.ts', (k, name) => socialTests(k, name), env)

function socialTests(k: EmbeddedKit, name: string) {
  const db = () => k.t.database.kysely
  const count = async (table: string, where = sql`true`) =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(db()))
        .rows[0]!.n,
    )
  const tally = async () => ({
    users: await count('embedded_users'),
    identities: await count('embedded_identities'),
    sessions: await count('embedded_sessions'),
  })
  const headersFor = (project: string) => ({ 'x-project-id': project })

  const start = async (
    provider: string,
    options: { project?: string; device?: string; origin?: string; client?: string } = {},
  ) => {
    const device = options.device ?? deviceId()
    const response = await k.call(
      `/v1/embedded/social/${provider}/start`,
      { deviceId: device, origin: options.origin ?? (options.project === 'other-site' ? OTHER_SITE : SITE) },
      {
        ...headersFor(options.project ?? 'foyer-demo'),
        ...(options.client ? { 'x-forwarded-for': options.client } : {}),
      },
    )
    return { device, ...(await k.json(response)) }
  }
  const started = async (provider: SocialProvider, project = 'foyer-demo') => {
    const s = await start(provider, { project })
    expect(s.status, JSON.stringify(s.body)).toBe(200)
    return { device: s.device, flow: s.body.flow as string, url: s.body.url as string }
  }
  const callback = async (url: URL | string) => {
    const u = new URL(url)
    const response = await k.call(`${u.pathname}${u.search}`, undefined, { origin: '' })
    return { status: response.status, html: await response.text(), headers: response.headers }
  }
  const finish = async (flow: string, device: string, options: { project?: string; link?: boolean } = {}) =>
    k.json(
      await k.call(
        '/v1/embedded/social/finish',
        { flow, deviceId: device, ...(options.link === undefined ? {} : { link: options.link }) },
        headersFor(options.project ?? 'foyer-demo'),
      ),
    )
  /** The whole sign-in: start, the stand-in's pages, the callback; returns the flow and its first finish. */
  const signIn = async (provider: SocialProvider, user: StandInUserId, project = 'foyer-demo') => {
    const { device, flow, url } = await started(provider, project)
    const back = await callback(await signInWithStandIn(url, { user }))
    expect(back.status, back.html).toBe(200)
    expect(back.html).toContain('data-outcome="signed_in"')
    return { device, flow, finished: await finish(flow, device, { project }) }
  }
  const stateOf = (url: string) => new URL(url).searchParams.get('state') as string

  beforeEach(async () => {
    await sql`truncate embedded_sessions, embedded_devices, embedded_challenges, embedded_identities, embedded_social_flows, embedded_users cascade`.execute(
      db(),
    )
    k.logs.length = 0
  })

  it('start answers the provider’s authorization URL: PKCE S256, state, nonce, prompt=login, the callback', async () => {
    const { flow, url } = await started('google')
    expect(flow).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const u = new URL(url)
    expect(`${u.origin}${u.pathname}`).toBe(`${standIn.issuers.google}/auth`)
    const p = Object.fromEntries(u.searchParams)
    expect(p).toMatchObject({
      client_id: DEMO_CLIENT_ID,
      response_type: 'code',
      code_challenge_method: 'S256',
      prompt: 'login',
      redirect_uri: 'http://127.0.0.1:8787/v1/embedded/social/google/callback',
      scope: 'openid email profile',
    })
    expect(p.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(p.state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(p.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Stored: the token only as a hash, the verifier never sent.
    const row = (await sql<any>`select * from embedded_social_flows`.execute(db())).rows[0]
    expect(row).toMatchObject({ status: 'pending', provider: 'google', project_id: 'foyer-demo', state: p.state })
    expect(row.token_hash).not.toContain(flow)
    expect(url).not.toContain(row.code_verifier)
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(9 * 60_000)
  })

  it('a first sign-in makes a user, its identity and a session; the same identity signs in to the same user', async () => {
    const ada = STAND_IN_USERS.ada
    const first = await signIn('google', 'ada')
    expect(first.finished.status).toBe(200)
    const { body } = first.finished
    expect(body).toMatchObject({ status: 'signed_in', sessionToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })
    expect(body.user).toMatchObject({
      email: ada.email,
      address: null,
      authShare: null,
      login: {
        provider: 'google',
        displayName: ada.name,
        avatarUrl: `${standIn.url}/avatars/ada.svg`,
        username: null,
        fid: null,
      },
    })
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 1 })
    const identity = (await sql<any>`select * from embedded_identities`.execute(db())).rows[0]
    expect(identity).toMatchObject({
      provider: 'google',
      subject: ada.subjects.google,
      user_id: body.user.id,
      email: ada.email,
      email_verified: true,
    })
    const session = (await sql<any>`select * from embedded_sessions`.execute(db())).rows[0]
    expect(session).toMatchObject({ login_provider: 'google', login_subject: ada.subjects.google })
    // The sign-in approved the device (as an email code does).
    expect(await k.deviceApproved(ada.email as string, first.device)).toBe(true)
    // GET /session tells the frame which identity signed in.
    const me = await k.json(
      await k.call('/v1/embedded/session', undefined, { authorization: `Bearer ${body.sessionToken}` }),
    )
    expect(me).toMatchObject({ status: 200, body: { user: { id: body.user.id, login: body.user.login } } })

    // The flow is consumed: a second finish finds nothing.
    expect(await finish(first.flow, first.device)).toMatchObject({
      status: 404,
      body: { error: { code: 'login_not_found' } },
    })

    const again = await signIn('google', 'ada')
    expect(again.finished.body).toMatchObject({ status: 'signed_in', user: { id: body.user.id } })
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 2 })
  })

  it('a provider without an email (X) makes a user without one; its username is the login’s', async () => {
    const { finished } = await signIn('x', 'ada')
    expect(finished.body).toMatchObject({
      status: 'signed_in',
      user: { email: null, login: { provider: 'x', username: 'ada', displayName: 'Ada Lovelace' } },
    })
  })

  it('another provider with the same verified email: a link offer (nothing created), then link:true binds it', async () => {
    const google = await signIn('google', 'ada')
    const userId = google.finished.body.user.id
    const before = await tally()
    const { device, flow, finished } = await signIn('github', 'ada')
    expect(finished).toEqual({
      status: 200,
      body: { status: 'link', email: STAND_IN_USERS.ada.email, provider: 'github' },
    })
    expect(await tally()).toEqual(before)
    // Asking again without the yes keeps offering; nothing is bound.
    expect((await finish(flow, device)).body).toMatchObject({ status: 'link' })
    expect(await tally()).toEqual(before)

    const linked = await finish(flow, device, { link: true })
    expect(linked.body).toMatchObject({
      status: 'signed_in',
      user: { id: userId, email: STAND_IN_USERS.ada.email, login: { provider: 'github', username: 'ada' } },
    })
    expect(await tally()).toEqual({ users: 1, identities: 2, sessions: before.sessions + 1 })
    expect(await finish(flow, device, { link: true })).toMatchObject({ status: 404 })
    // Bound now: the next GitHub sign-in goes straight in.
    expect((await signIn('github', 'ada')).finished.body).toMatchObject({ status: 'signed_in', user: { id: userId } })
  })

  it('an email-login account is offered the link too', async () => {
    const { user } = await k.login(STAND_IN_USERS.grace.email as string)
    const { device, flow, finished } = await signIn('discord', 'grace')
    expect(finished.body).toEqual({ status: 'link', email: STAND_IN_USERS.grace.email, provider: 'discord' })
    expect((await finish(flow, device, { link: true })).body).toMatchObject({
      status: 'signed_in',
      user: { id: user.id, login: { provider: 'discord' } },
    })
  })

  it('an unverified email never links: a new user without an email, the address kept on the identity only', async () => {
    const mallory = STAND_IN_USERS.mallory
    const { user } = await k.login(mallory.email as string)
    const { finished } = await signIn('google', 'mallory')
    expect(finished.body).toMatchObject({ status: 'signed_in', user: { email: null } })
    expect(finished.body.user.id).not.toBe(user.id)
    expect(await count('embedded_users', sql`email = ${mallory.email}`)).toBe(1)
    const identity = (await sql<any>`select * from embedded_identities`.execute(db())).rows[0]
    expect(identity).toMatchObject({ email: mallory.email, email_verified: false, user_id: finished.body.user.id })
  })

  it('the person says no at the provider → login_cancelled; a provider error → login_failed', async () => {
    for (const [consent, code] of [
      ['deny', 'login_cancelled'],
      ['fail', 'login_failed'],
    ] as const) {
      const { device, flow, url } = await started('google')
      const back = await callback(await signInWithStandIn(url, { user: 'ada', consent }))
      expect(back.status).toBe(200)
      expect(back.html).toContain(consent === 'deny' ? 'cancelled' : 'could not be completed')
      expect(await finish(flow, device)).toMatchObject({ status: 400, body: { error: { code } } })
    }
    expect(await tally()).toEqual({ users: 0, identities: 0, sessions: 0 })
  })

  /** Nothing was created, the refusal was logged, and no log line holds a secret of the flow. */
  const refusedAndLogged = async (secrets: string[]) => {
    expect(await tally()).toEqual({ users: 0, identities: 0, sessions: 0 })
    expect(k.logs.some((line) => /social: (callback refused|sign-in refused)/.test(line))).toBe(true)
    for (const secret of [...secrets, DEMO_CLIENT_SECRET]) for (const line of k.logs) expect(line).not.toContain(secret)
  }

  it('a state that matches no flow is refused; the flow stays pending and still completes', async () => {
    const { device, flow, url } = await started('google')
    const back = await signInWithStandIn(url, { user: 'ada' })
    const forged = new URL(back)
    forged.searchParams.set('state', 'x'.repeat(43))
    const refused = await callback(forged)
    expect(refused.status).toBe(400)
    expect(refused.html).toContain('could not be completed')
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(refused.headers.get('referrer-policy')).toBe('no-referrer')
    expect((await finish(flow, device)).body).toEqual({ status: 'pending' })
    await refusedAndLogged([back.searchParams.get('code') as string, stateOf(url)])
    expect((await callback(back)).status).toBe(200)
    expect((await finish(flow, device)).body).toMatchObject({ status: 'signed_in' })
  })

  it('a code from one flow with the state of another (another project) fails that flow: PKCE does not match', async () => {
    const mine = await started('google')
    const theirs = await started('google', 'other-site')
    const back = await signInWithStandIn(mine.url, { user: 'ada' })
    const swapped = new URL(back)
    swapped.searchParams.set('state', stateOf(theirs.url))
    expect((await callback(swapped)).status).toBe(400)
    expect(await finish(theirs.flow, theirs.device, { project: 'other-site' })).toMatchObject({
      status: 400,
      body: { error: { code: 'login_failed' } },
    })
    await refusedAndLogged([back.searchParams.get('code') as string])
  })

  it('a tampered PKCE verifier or nonce fails the flow, and nothing is created', async () => {
    for (const column of ['code_verifier', 'nonce'] as const) {
      const { device, flow, url } = await started('google')
      const value = column === 'nonce' ? randomNonce() : randomPKCECodeVerifier()
      await sql`update embedded_social_flows set ${sql.ref(column)} = ${value} where state = ${stateOf(url)}`.execute(
        db(),
      )
      const back = await callback(await signInWithStandIn(url, { user: 'ada' }))
      expect(back.status, column).toBe(400)
      expect(await finish(flow, device)).toMatchObject({ status: 400, body: { error: { code: 'login_failed' } } })
      await refusedAndLogged([value])
    }
  })

  it('a replayed callback is refused: one code makes one session', async () => {
    const { device, flow, url } = await started('google')
    const back = await signInWithStandIn(url, { user: 'ada' })
    expect((await callback(back)).status).toBe(200)
    const replay = await callback(back)
    expect(replay.status).toBe(400)
    expect((await finish(flow, device)).body).toMatchObject({ status: 'signed_in' })
    // Even after the flow is consumed, the same callback finds nothing.
    expect((await callback(back)).status).toBe(400)
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 1 })
    expect(k.logs.some((line) => line.includes('a replay'))).toBe(true)
  })

  it('a callback on another provider’s path is refused and leaves the flow alone', async () => {
    const { device, flow, url } = await started('google')
    const back = await signInWithStandIn(url, { user: 'ada' })
    const elsewhere = new URL(back)
    elsewhere.pathname = '/v1/embedded/social/github/callback'
    expect((await callback(elsewhere)).status).toBe(400)
    expect((await finish(flow, device)).body).toEqual({ status: 'pending' })
    await refusedAndLogged([back.searchParams.get('code') as string])
    expect((await callback(back)).status).toBe(200)
    expect((await callback('http://127.0.0.1:8787/v1/embedded/social/myspace/callback?state=a&code=b')).status).toBe(
      404,
    )
  })

  it('finish from another device or another project: login_not_found, and the flow still finishes on its own', async () => {
    const { device, flow, url } = await started('google')
    expect((await callback(await signInWithStandIn(url, { user: 'ada' }))).status).toBe(200)
    expect(await finish(flow, deviceId())).toMatchObject({ status: 404, body: { error: { code: 'login_not_found' } } })
    expect(await finish(flow, device, { project: 'other-site' })).toMatchObject({
      status: 404,
      body: { error: { code: 'login_not_found' } },
    })
    expect(await finish('A'.repeat(43), device)).toMatchObject({ status: 404 })
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 0 })
    expect((await finish(flow, device)).body).toMatchObject({ status: 'signed_in' })
  })

  it('an expired flow: the callback is refused and finish answers 410 login_expired', async () => {
    const { device, flow, url } = await started('google')
    const back = await signInWithStandIn(url, { user: 'ada' })
    await sql`update embedded_social_flows set expires_at = now() - interval '1 second'`.execute(db())
    expect((await callback(back)).status).toBe(400)
    expect(await finish(flow, device)).toMatchObject({ status: 410, body: { error: { code: 'login_expired' } } })
    expect(k.logs.some((line) => line.includes('sign-in expired'))).toBe(true)
    expect(await tally()).toEqual({ users: 0, identities: 0, sessions: 0 })
    // A settled flow that was never collected expires too.
    const late = await signIn('google', 'grace')
    expect(late.finished.body.status).toBe('signed_in')
    const { device: d2, flow: f2, url: u2 } = await started('google')
    expect((await callback(await signInWithStandIn(u2, { user: 'grace' }))).status).toBe(200)
    await sql`update embedded_social_flows set expires_at = now() - interval '1 second'`.execute(db())
    expect(await finish(f2, d2)).toMatchObject({ status: 410 })
  })

  it('100 parallel callbacks with one code: one exchange, one user, one session; 100 parallel finishes: one session', async () => {
    const { device, flow, url } = await started('google')
    const back = await signInWithStandIn(url, { user: 'ada' })
    const pages = await Promise.all(Array.from({ length: 100 }, () => callback(back)))
    const ok = pages.filter((p) => p.status === 200)
    expect(ok).toHaveLength(1)
    expect(pages.filter((p) => p.status === 400)).toHaveLength(99)
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 0 })
    const finishes = await Promise.all(
      Array.from({ length: 100 }, async () =>
        k.json(
          await k.call('/v1/embedded/social/finish', { flow, deviceId: device }, { 'x-forwarded-for': newClient() }),
        ),
      ),
    )
    expect(finishes.filter((f) => f.status === 200 && f.body.status === 'signed_in')).toHaveLength(1)
    expect(finishes.filter((f) => f.status === 404)).toHaveLength(99)
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 1 })
    console.info(`[${name}] 100 callbacks with one code → 1 exchange; 100 finishes → 1 session`)
  })

  it('two first sign-ins of one new identity at once make one user', async () => {
    const a = await started('google')
    const b = await started('google')
    const backs = await Promise.all([
      signInWithStandIn(a.url, { user: 'ada' }),
      signInWithStandIn(b.url, { user: 'ada' }),
    ])
    expect((await Promise.all(backs.map(callback))).map((p) => p.status)).toEqual([200, 200])
    const [fa, fb] = await Promise.all([finish(a.flow, a.device), finish(b.flow, b.device)])
    expect(fa.body.status).toBe('signed_in')
    expect(fb.body.user.id).toBe(fa.body.user.id)
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 2 })
  })

  it('a provider given by its endpoints (a GitHub double): PKCE and state, no nonce, the identity from /user', async () => {
    const { device, flow, url } = await started('github', 'github-direct')
    const u = new URL(url)
    expect(u.pathname).toBe('/login/oauth/authorize')
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      client_id: DEMO_CLIENT_ID,
      scope: 'read:user user:email',
      prompt: 'select_account',
      code_challenge_method: 'S256',
      redirect_uri: 'http://127.0.0.1:8787/v1/embedded/social/github/callback',
    })
    expect(u.searchParams.has('nonce')).toBe(false)
    // The person signs in at "GitHub": it redirects back with a code bound to this request's challenge.
    githubDouble.issued.set('double-code', { challenge: u.searchParams.get('code_challenge') as string })
    const back = new URL('http://127.0.0.1:8787/v1/embedded/social/github/callback')
    back.search = new URLSearchParams({ code: 'double-code', state: stateOf(url) }).toString()
    expect((await callback(back)).status).toBe(200)
    const token = githubDouble.tokenRequests.at(-1)!
    expect(Object.fromEntries(token)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: DEMO_CLIENT_ID,
      redirect_uri: 'http://127.0.0.1:8787/v1/embedded/social/github/callback',
    })
    // GitHub's /user says nothing of verification: a new user without an email (ada@foyer.local is not taken).
    const done = await finish(flow, device, { project: 'github-direct' })
    expect(done.body).toMatchObject({
      status: 'signed_in',
      user: { email: null, login: { provider: 'github', username: 'octocat', displayName: 'The Octocat' } },
    })
    // The same code again: the double refuses it, the flow is gone, nothing more is made.
    expect((await callback(back)).status).toBe(400)
    expect(await tally()).toEqual({ users: 1, identities: 1, sessions: 1 })
  })

  it('a provider the project does not offer or did not configure: 403 provider_not_configured', async () => {
    for (const [provider, project] of [
      ['apple', 'foyer-demo'], // offered, no credentials
      ['farcaster', 'foyer-demo'], // offered, no Sign in with Farcaster on this server
      ['github', 'other-site'], // configured nowhere, not offered
    ] as const)
      expect(await start(provider, { project }), `${provider} on ${project}`).toMatchObject({
        status: 403,
        body: { error: { code: 'provider_not_configured' } },
      })
    expect(await start('myspace')).toMatchObject({ status: 400, body: { error: { code: 'invalid_request' } } })
    expect(await count('embedded_social_flows')).toBe(0)
  })

  it('the origin must be one of the project’s allowed origins', async () => {
    for (const origin of ['https://evil.example', OTHER_SITE, 'not a url'])
      expect(await start('google', { origin }), origin).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_request' } },
      })
    expect(await count('embedded_social_flows')).toBe(0)
  })

  it('email off, the provider on: the frame’s routes serve social login, email login stays off', async () => {
    const project = 'social-only'
    expect((await k.call('/v1/embedded/config', undefined, headersFor(project))).status).toBe(200)
    expect(
      await k.json(
        await k.call('/v1/embedded/email/start', { email: 'a@b.example', deviceId: deviceId() }, headersFor(project)),
      ),
    ).toMatchObject({ status: 403, body: { error: { code: 'feature_disabled' } } })
    const { finished } = await signIn('google', 'ada', project)
    expect(finished.body).toMatchObject({ status: 'signed_in' })
    const auth = { ...headersFor(project), authorization: `Bearer ${finished.body.sessionToken}` }
    expect(await k.json(await k.call('/v1/embedded/session', undefined, auth))).toMatchObject({
      status: 200,
      body: { user: { login: { provider: 'google' } } },
    })
    expect((await k.call('/v1/embedded/devices', undefined, auth)).status).toBe(200)
    // A provider the project does not offer is refused before anything else (email is off too).
    expect(await start('github', { project })).toMatchObject({
      status: 403,
      body: { error: { code: 'feature_disabled' } },
    })
    // Neither email nor any provider: every frame route is off.
    expect(await start('google', { project: 'no-login' })).toMatchObject({
      status: 403,
      body: { error: { code: 'feature_disabled' } },
    })
    expect((await k.call('/v1/embedded/config', undefined, headersFor('no-login'))).status).toBe(403)
  })

  it('an issuer that cannot be reached: 503 provider_unavailable, within the discovery deadline', async () => {
    expect(await start('google', { project: 'down-site' })).toMatchObject({
      status: 503,
      body: { error: { code: 'provider_unavailable' } },
    })
    const at = Date.now()
    expect(await start('github', { project: 'down-site' })).toMatchObject({
      status: 503,
      body: { error: { code: 'provider_unavailable' } },
    })
    const seconds = (Date.now() - at) / 1000
    expect(seconds).toBeGreaterThanOrEqual(DISCOVERY_TIMEOUT_SECONDS - 0.5)
    expect(seconds).toBeLessThan(DISCOVERY_TIMEOUT_SECONDS + 3)
    expect(await count('embedded_social_flows')).toBe(0)
  }, 20_000)

  it(`starts are limited per client (${STARTS_PER_CLIENT_LIMIT} per window), then 429 rate_limited`, async () => {
    const client = newClient()
    const results = await Promise.all(
      Array.from({ length: STARTS_PER_CLIENT_LIMIT + 5 }, () => start('google', { client })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(STARTS_PER_CLIENT_LIMIT)
    const limited = results.filter((r) => r.status === 429)
    expect(limited).toHaveLength(5)
    expect(limited[0]!.body.error.code).toBe('rate_limited')
  })
}

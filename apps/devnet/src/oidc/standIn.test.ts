import { SOCIAL_PROVIDERS, type SocialProvider } from '@foyer/core/protocol'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  type OidcStandIn,
  STAND_IN_USERS,
  StandInCookieJar,
  type StandInUserId,
  signInWithStandIn,
  startOidcStandIn,
} from './index.ts'

let standIn: OidcStandIn
// The port a Foyer server under test would have: not registered, accepted as a loopback redirect on any port.
const redirectFor = (provider: SocialProvider) => `http://127.0.0.1:41234/v1/embedded/social/${provider}/callback`

beforeAll(async () => {
  standIn = await startOidcStandIn({
    port: 0,
    clients: [
      { clientId: 'other-app', clientSecret: 'other-secret', redirectUris: ['https://app.example/cb/{provider}'] },
    ],
  })
})
afterAll(() => standIn?.stop())

async function configFor(provider: SocialProvider, auth?: client.ClientAuth) {
  return client.discovery(new URL(standIn.issuers[provider]), DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, auth, {
    execute: [client.allowInsecureRequests],
  })
}

async function startFlow(provider: SocialProvider, config: client.Configuration, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectFor(provider),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  })
  return { url, verifier, state, nonce }
}

async function signIn(provider: SocialProvider, user: StandInUserId, auth?: client.ClientAuth) {
  const config = await configFor(provider, auth)
  const flow = await startFlow(provider, config)
  const callback = await signInWithStandIn(flow.url, { user })
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
  })
  const idToken = tokens.claims()
  if (!idToken) throw new Error('no ID token')
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub)
  return { idToken, userinfo, config, flow, callback }
}

const PROFILE_KEYS = ['email', 'email_verified', 'name', 'picture', 'preferred_username'] as const
const shape = (claims: Record<string, unknown>) =>
  Object.fromEntries(PROFILE_KEYS.filter((k) => k in claims).map((k) => [k, claims[k]]))

describe('the OpenID Connect stand-in', () => {
  it.each(SOCIAL_PROVIDERS)('serves discovery for %s', async (provider) => {
    const res = await fetch(`${standIn.issuers[provider]}/.well-known/openid-configuration`)
    expect(res.status).toBe(200)
    const meta = (await res.json()) as Record<string, unknown>
    expect(meta.issuer).toBe(`${standIn.url}/${provider}`)
    expect(meta.authorization_endpoint).toBe(`${standIn.url}/${provider}/auth`)
    expect(meta.token_endpoint).toBe(`${standIn.url}/${provider}/token`)
    expect(meta.userinfo_endpoint).toBe(`${standIn.url}/${provider}/me`)
    expect(meta.code_challenge_methods_supported).toEqual(['S256'])
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    const jwks = (await (await fetch(String(meta.jwks_uri))).json()) as { keys: Record<string, unknown>[] }
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).not.toHaveProperty('d') // the public half only
  })

  it('gives google’s claims: verified email, name, picture; the same sub on a second sign-in', async () => {
    const { idToken, userinfo } = await signIn('google', 'ada')
    const ada = STAND_IN_USERS.ada
    expect(idToken.sub).toBe(ada.subjects.google)
    expect(idToken.sub).toMatch(/^1\d{20}$/)
    const expected = {
      email: 'ada@foyer.local',
      email_verified: true,
      name: 'Ada Lovelace',
      picture: `${standIn.url}/avatars/ada.svg`,
    }
    expect(shape(idToken)).toEqual(expected)
    expect(shape(userinfo)).toEqual(expected)
    const again = await signIn('google', 'ada', client.ClientSecretBasic(DEMO_CLIENT_SECRET))
    expect(again.idToken.sub).toBe(ada.subjects.google)
    const avatar = await fetch(expected.picture)
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml')
  })

  it('gives x’s claims: username and name, never an email', async () => {
    const { idToken, userinfo } = await signIn('x', 'grace')
    expect(idToken.sub).toBe(STAND_IN_USERS.grace.subjects.x)
    expect(shape(idToken)).toEqual({ preferred_username: 'grace', name: 'Grace Hopper' })
    expect(shape(userinfo)).toEqual({ preferred_username: 'grace', name: 'Grace Hopper' })
  })

  it('gives github’s claims, with mallory’s unverified address marked so', async () => {
    const { userinfo } = await signIn('github', 'mallory')
    expect(shape(userinfo)).toEqual({
      preferred_username: 'mallory',
      name: 'Mallory Malice',
      picture: `${standIn.url}/avatars/mallory.svg`,
      email: 'mallory@foyer.local',
      email_verified: false,
    })
  })

  it('gives the user without an address no email at discord, and does not offer them at google', async () => {
    const { userinfo } = await signIn('discord', 'nemo')
    expect(shape(userinfo)).toEqual({ preferred_username: 'nemo' })
    const config = await configFor('google')
    const { url } = await startFlow('google', config)
    await expect(signInWithStandIn(url, { user: 'nemo' })).rejects.toThrow(/does not offer the user "nemo"/)
  })

  it('gives apple only the email and facebook name, email and picture', async () => {
    expect(shape((await signIn('apple', 'grace')).userinfo)).toEqual({
      email: 'grace@foyer.local',
      email_verified: true,
    })
    expect(shape((await signIn('facebook', 'ada')).userinfo)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@foyer.local',
      email_verified: true,
      picture: `${standIn.url}/avatars/ada.svg`,
    })
  })

  it('ends with error=access_denied when the user denies, and server_error on Fail sign-in', async () => {
    const config = await configFor('google')
    const denied = await startFlow('google', config)
    const deniedUrl = await signInWithStandIn(denied.url, { user: 'ada', consent: 'deny' })
    expect(deniedUrl.origin + deniedUrl.pathname).toBe(redirectFor('google'))
    expect(deniedUrl.searchParams.get('error')).toBe('access_denied')
    expect(deniedUrl.searchParams.get('state')).toBe(denied.state)
    expect(deniedUrl.searchParams.has('code')).toBe(false)
    await expect(
      client.authorizationCodeGrant(config, deniedUrl, {
        pkceCodeVerifier: denied.verifier,
        expectedState: denied.state,
      }),
    ).rejects.toMatchObject({ error: 'access_denied' })

    const failed = await startFlow('google', config)
    const failedUrl = await signInWithStandIn(failed.url, { user: 'ada', consent: 'fail' })
    expect(failedUrl.searchParams.get('error')).toBe('server_error')
    expect(failedUrl.searchParams.get('state')).toBe(failed.state)
  })

  it('refuses a replayed code', async () => {
    const { config, flow, callback } = await signIn('github', 'ada')
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('exchanges a code once under 100 parallel identical requests (client_secret_post)', async () => {
    const config = await configFor('google')
    const flow = await startFlow('google', config)
    const callback = await signInWithStandIn(flow.url, { user: 'ada' })
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: String(callback.searchParams.get('code')),
      redirect_uri: redirectFor('google'),
      code_verifier: flow.verifier,
      client_id: DEMO_CLIENT_ID,
      client_secret: DEMO_CLIENT_SECRET,
    })
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const res = await fetch(`${standIn.issuers.google}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        })
        return res.status
      }),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 400)).toHaveLength(99)
  })

  it('refuses a wrong PKCE verifier, and an authorization request without PKCE', async () => {
    const config = await configFor('google')
    const flow = await startFlow('google', config)
    const callback = await signInWithStandIn(flow.url, { user: 'ada' })
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })

    const noPkce = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectFor('google'),
      scope: 'openid',
      state: 'abc',
    })
    const res = await fetch(noPkce, { redirect: 'manual' })
    const location = new URL(String(res.headers.get('location')))
    expect(location.searchParams.get('error')).toBe('invalid_request')
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/)
  })

  it('refuses a redirect URI that is not registered, and accepts a given client’s own', async () => {
    const config = await configFor('google')
    const foreign = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://evil.example/v1/embedded/social/google/callback',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    })
    const res = await fetch(foreign, { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('redirect_uri')

    const other = await client.discovery(new URL(standIn.issuers.x), 'other-app', 'other-secret', undefined, {
      execute: [client.allowInsecureRequests],
    })
    const verifier = client.randomPKCECodeVerifier()
    const url = client.buildAuthorizationUrl(other, {
      redirect_uri: 'https://app.example/cb/x',
      scope: 'openid profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 's1',
    })
    const callback = await signInWithStandIn(url, { user: 'ada' })
    const tokens = await client.authorizationCodeGrant(other, callback, {
      pkceCodeVerifier: verifier,
      expectedState: 's1',
    })
    expect(tokens.claims()?.sub).toBe(STAND_IN_USERS.ada.subjects.x)
  })

  it('keeps the session between sign-ins in one browser, and asks for the user again with prompt=login', async () => {
    const config = await configFor('discord')
    const cookies = new StandInCookieJar()
    const subOf = async (user: StandInUserId, extra: Record<string, string> = {}) => {
      const flow = await startFlow('discord', config, extra)
      const callback = await signInWithStandIn(flow.url, { user, cookies })
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      })
      return tokens.claims()?.sub
    }
    expect(await subOf('ada')).toBe(STAND_IN_USERS.ada.subjects.discord)
    // Still signed in at the provider as ada: no user list, so the user asked for is not picked.
    expect(await subOf('grace')).toBe(STAND_IN_USERS.ada.subjects.discord)
    expect(await subOf('grace', { prompt: 'login' })).toBe(STAND_IN_USERS.grace.subjects.discord)
  })

  it('shows a sign-in page that says it is a stand-in and lists the users', async () => {
    const config = await configFor('github')
    const { url } = await startFlow('github', config, { prompt: 'login' })
    const first = await fetch(url, { redirect: 'manual' })
    const page = await fetch(new URL(String(first.headers.get('location')), url), {
      headers: {
        cookie: first.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    })
    const html = await page.text()
    expect(html).toContain('Local stand-in for GitHub.</strong> This is not the real GitHub')
    for (const id of Object.keys(STAND_IN_USERS)) expect(html).toContain(`data-testid="stand-in-user-${id}"`)
    expect(html).toContain('data-testid="stand-in-fail"')
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/)
  })

  it('frees its port on stop', async () => {
    const first = await startOidcStandIn({ port: 0 })
    const port = Number(new URL(first.url).port)
    await Promise.all([first.stop(), first.stop()])
    const second = await startOidcStandIn({ port })
    expect(second.url).toBe(first.url)
    await second.stop()
  })
})

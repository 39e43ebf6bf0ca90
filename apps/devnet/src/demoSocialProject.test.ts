import { LOGIN_PROVIDERS, SOCIAL_PROVIDERS } from '@foyer/core/protocol'
import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBanner } from './banner.ts'
import { demoSocialLogin, demoSocialProject, withDemoSocialProject } from './demoSocialProject.ts'
import { type OidcStandIn, signInWithStandIn, socialCallbackUrl, startOidcStandIn } from './oidc/index.ts'

let standIn: OidcStandIn
beforeAll(async () => {
  standIn = await startOidcStandIn({ port: 0 })
})
afterAll(() => standIn?.stop())

describe('the demo project’s social login', () => {
  it('points every OAuth provider at its stand-in issuer with the demo client', () => {
    expect(demoSocialLogin('http://127.0.0.1:8797/')).toEqual({
      google: {
        clientId: 'foyer-demo',
        clientSecret: 'foyer-dev-social-secret',
        issuer: 'http://127.0.0.1:8797/google',
      },
      x: { clientId: 'foyer-demo', clientSecret: 'foyer-dev-social-secret', issuer: 'http://127.0.0.1:8797/x' },
      discord: {
        clientId: 'foyer-demo',
        clientSecret: 'foyer-dev-social-secret',
        issuer: 'http://127.0.0.1:8797/discord',
      },
      github: {
        clientId: 'foyer-demo',
        clientSecret: 'foyer-dev-social-secret',
        issuer: 'http://127.0.0.1:8797/github',
      },
      apple: { clientId: 'foyer-demo', clientSecret: 'foyer-dev-social-secret', issuer: 'http://127.0.0.1:8797/apple' },
      facebook: {
        clientId: 'foyer-demo',
        clientSecret: 'foyer-dev-social-secret',
        issuer: 'http://127.0.0.1:8797/facebook',
      },
    })
    const entry = demoSocialProject('http://127.0.0.1:8797')
    expect(entry).toMatchObject({
      id: 'foyer-demo',
      name: 'Foyer demo',
      allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
      features: { socials: [...LOGIN_PROVIDERS] },
    })
    expect(entry.features.socials).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  })

  it('sponsors the gas of fUSD sends and swaps on every chain it is given, within modest daily limits', () => {
    const chains = [
      {
        id: 31337,
        contracts: {
          usd: '0x00000000000000000000000000000000000000a1',
          router: '0x00000000000000000000000000000000000000b1',
        },
      },
      {
        id: 31338,
        contracts: {
          usd: '0x00000000000000000000000000000000000000a2',
          router: '0x00000000000000000000000000000000000000b2',
        },
      },
    ]
    expect(demoSocialProject('http://127.0.0.1:8797', 5173, chains).sponsorship).toEqual({
      chains: [31337, 31338],
      contracts: [
        '0x00000000000000000000000000000000000000a1',
        '0x00000000000000000000000000000000000000b1',
        '0x00000000000000000000000000000000000000a2',
        '0x00000000000000000000000000000000000000b2',
      ],
      maxOperationsPerAccountPerDay: 20,
      maxGasWeiPerAccountPerDay: '50000000000000000',
    })
    expect(demoSocialProject('http://127.0.0.1:8797')).not.toHaveProperty('sponsorship')
  })

  it('is added to FOYER_PROJECTS unless an entry has the demo’s id', () => {
    const entry = demoSocialProject('http://127.0.0.1:8797')
    expect(JSON.parse(withDemoSocialProject(undefined, entry))).toEqual([entry])
    const other = { id: 'foyer-examples', allowedOrigins: ['http://127.0.0.1:5180'] }
    expect(JSON.parse(withDemoSocialProject(JSON.stringify([other]), entry))).toEqual([other, entry])
    const operators = JSON.stringify([{ id: 'foyer-demo', allowedOrigins: ['https://demo.example'] }])
    expect(withDemoSocialProject(operators, entry)).toBe(operators)
    expect(withDemoSocialProject('not json', entry)).toBe('not json')
  })

  it.each(SOCIAL_PROVIDERS)(
    'signs in at %s with the demo’s credentials and the local server’s callback',
    async (provider) => {
      const credentials = demoSocialLogin(standIn.url)[provider]
      const config = await client.discovery(
        new URL(credentials.issuer),
        credentials.clientId,
        credentials.clientSecret,
        undefined,
        { execute: [client.allowInsecureRequests] },
      )
      const verifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const redirect = socialCallbackUrl('http://127.0.0.1:8787', provider)
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirect,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      })
      const callback = await signInWithStandIn(url, { user: 'grace' })
      expect(callback.href.startsWith(`${redirect}?`)).toBe(true)
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      })
      expect(tokens.claims()?.iss).toBe(credentials.issuer)
    },
  )

  it('is listed in the banner', () => {
    const banner = formatBanner({
      urls: { chains: [], oidc: 'http://127.0.0.1:8797' },
      accounts: [],
      devnet: { chains: [], accounts: [] } as never,
      devnetFile: '/tmp/devnet.json',
      skipped: [],
      startupMs: 1000,
    })
    expect(banner).toMatch(/OpenID Connect stand-in \(social logins\)\s+http:\/\/127\.0\.0\.1:8797\/<provider>/)
  })
})

/**
 * Sign in with Farcaster through this module and the devnet's stand-ins (a real anvil chain with the registries at
 * Farcaster's addresses, the Connect relay stand-in), with `@farcaster/auth-client`'s own verification as the
 * reference: every answer the module gives is checked against what the reference says of the same message.
 */
import net from 'node:net'
import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { deployChain, devAccountAt, devAccounts, startChains } from '@foyer/devnet'
import {
  approveSignIn,
  FARCASTER_DEV_AUTH_KEY,
  FARCASTER_TEST_USERS,
  type FarcasterRelay,
  readSignInRequest,
  startFarcasterRelay,
} from '@foyer/devnet/farcaster'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../http/errors.ts'
import { createFarcasterLogin, type FarcasterLogin, farcasterLoginConfig } from './farcasterLogin.ts'

// Ports of their own, so this runs beside `npm start` and the devnet's tests.
const CHAIN_PORT = 18572
const RELAY_PORT = 18798
const SITE = 'http://127.0.0.1:5173'

type Chain = Awaited<ReturnType<typeof startChains>>[number]
let chain: Chain
let relay: FarcasterRelay
let login: FarcasterLogin

beforeAll(async () => {
  ;[chain] = await startChains([{ id: 31337, name: 'Farcaster login test', port: CHAIN_PORT, portEnv: 'TEST' }])
  await deployChain({ rpcUrl: chain.rpcUrl, chainId: 31337, accounts: devAccounts() })
  relay = await startFarcasterRelay({ port: RELAY_PORT, rpcUrl: chain.rpcUrl })
  login = createFarcasterLogin({ relayUrl: relay.url, rpcUrl: chain.rpcUrl })!
})
afterAll(async () => {
  await relay?.stop()
  await chain?.stop()
})

const user = (fid: number) => FARCASTER_TEST_USERS.find((u) => u.fid === fid)!
const custodyKey = (fid: number) => devAccountAt(user(fid).accountIndex).privateKey
let nonceCount = 0
const freshNonce = () => `farcasterTest${++nonceCount}${Date.now()}`

/** `@farcaster/auth-client`'s own verification of what the relay holds, as an app that uses it directly would. */
async function referenceVerdict(message: string, signature: `0x${string}`, nonce: string, domain: string) {
  const app = createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl: chain.rpcUrl }) })
  const result = await app.verifySignInMessage({ nonce, domain, message, signature, acceptAuthAddress: true })
  return result.isError ? { ok: false, error: result.error?.message } : { ok: true, fid: result.fid }
}

/** Starts a flow, lets the dev wallet answer it (signed by `signer`, with `overrides`), and checks it. */
async function signInWith(options: {
  fid?: number
  signer?: `0x${string}`
  overrides?: Parameters<typeof approveSignIn>[0]['overrides']
  expiresAt?: Date
  beforeCheck?: () => Promise<void>
}) {
  const fid = options.fid ?? 1001
  const nonce = freshNonce()
  const started = await login.start({
    nonce,
    siteOrigin: SITE,
    expiresAt: options.expiresAt ?? new Date(Date.now() + 10 * 60_000),
  })
  expect(await login.check({ channelToken: started.channelToken, nonce, siteOrigin: SITE })).toEqual({
    status: 'pending',
  })
  const request = await readSignInRequest(relay.url, started.url)
  const signed = await approveSignIn({
    relayUrl: relay.url,
    request,
    user: user(fid),
    privateKey: options.signer ?? custodyKey(fid),
    overrides: options.overrides,
  })
  await options.beforeCheck?.()
  const result = await login.check({ channelToken: started.channelToken, nonce, siteOrigin: SITE })
  const reference = await referenceVerdict(signed.message, signed.signature, nonce, '127.0.0.1:5173')
  return { started, result, reference, nonce }
}

describe('createFarcasterLogin', () => {
  it('is undefined unless both the relay and the registries’ RPC are configured', () => {
    expect(createFarcasterLogin({})).toBeUndefined()
    expect(createFarcasterLogin({ relayUrl: 'http://127.0.0.1:8796' })).toBeUndefined()
    expect(createFarcasterLogin({ rpcUrl: 'http://127.0.0.1:8545' })).toBeUndefined()
    expect(
      farcasterLoginConfig({ FOYER_FARCASTER_RELAY_URL: 'https://relay.example', FOYER_FARCASTER_RPC_URL: undefined }),
    ).toEqual({ relayUrl: 'https://relay.example', rpcUrl: undefined })
  })

  it('signs in a fid whose custody key signed, with the relay’s profile', async () => {
    const { started, result, reference, nonce } = await signInWith({ fid: 1003 })
    expect(started.url).toBe(`https://farcaster.xyz/~/siwf?channelToken=${started.channelToken}`)
    expect(reference).toEqual({ ok: true, fid: 1003 })
    expect(result).toEqual({
      status: 'verified',
      identity: {
        provider: 'farcaster',
        subject: '1003',
        fid: 1003,
        username: 'dev1003',
        displayName: 'Dev 1003',
        avatarUrl: `${relay.url}/pfp/1003.svg`,
        email: null,
        emailVerified: false,
      },
    })
    // The relay answers a completed channel once; the flow must keep what it got.
    expect(await login.check({ channelToken: started.channelToken, nonce, siteOrigin: SITE })).toMatchObject({
      status: 'failed',
      code: 'login_expired',
    })
  })

  it('refuses a message for another domain', async () => {
    const { result, reference } = await signInWith({ overrides: { domain: 'evil.example' } })
    expect(reference.ok).toBe(false)
    expect(result).toMatchObject({ status: 'failed', code: 'login_failed' })
  })

  it('refuses a message for another site origin with the right host', async () => {
    const { result } = await signInWith({ overrides: { uri: 'https://127.0.0.1:5173' } })
    expect(result).toMatchObject({ status: 'failed', code: 'login_failed' })
  })

  it('refuses a message with another nonce', async () => {
    const { result, reference } = await signInWith({ overrides: { nonce: 'someOtherNonce123' } })
    expect(reference.ok).toBe(false)
    expect(result).toMatchObject({ status: 'failed', code: 'login_failed' })
  })

  it('refuses an expired message as expired', async () => {
    const { result, reference } = await signInWith({
      expiresAt: new Date(Date.now() + 1500),
      beforeCheck: async () => {
        // Wait until the message's expirationTime (the flow's end) has passed.
        await new Promise((resolve) => setTimeout(resolve, 1600))
      },
    })
    expect(reference.ok).toBe(false)
    expect(result).toMatchObject({ status: 'failed', code: 'login_expired' })
  })

  it('refuses a fid claimed by an account that is not its custody address', async () => {
    // Account 12 (fid 1002's custody) signs a message claiming fid 1001, as itself.
    const { result, reference } = await signInWith({ fid: 1001, signer: custodyKey(1002) })
    expect(reference).toMatchObject({
      ok: false,
      error: expect.stringMatching(/does not own fid 1001|not an auth address or owner of fid 1001/),
    })
    expect(result).toMatchObject({ status: 'failed', code: 'login_failed' })
  })

  it('refuses a fid claimed by an account the registry does not know', async () => {
    const { result, reference } = await signInWith({ fid: 1001, signer: devAccountAt(3).privateKey })
    expect(reference.ok).toBe(false)
    expect(result).toMatchObject({ status: 'failed', code: 'login_failed' })
  })

  it('verifies a completed channel once under 100 parallel checks; the others find it expired', async () => {
    const nonce = freshNonce()
    const started = await login.start({ nonce, siteOrigin: SITE, expiresAt: new Date(Date.now() + 60_000) })
    const request = await readSignInRequest(relay.url, started.url)
    await approveSignIn({ relayUrl: relay.url, request, user: user(1004), privateKey: custodyKey(1004) })
    const results = await Promise.all(
      Array.from({ length: 100 }, () => login.check({ channelToken: started.channelToken, nonce, siteOrigin: SITE })),
    )
    const verified = results.filter((r) => r.status === 'verified')
    expect(verified).toHaveLength(1)
    expect(verified[0]).toMatchObject({ identity: { fid: 1004 } })
    expect(results.filter((r) => r.status === 'failed' && r.code === 'login_expired')).toHaveLength(99)
  })

  it('refuses a relay answer whose profile names another fid than the signed message', async () => {
    const nonce = freshNonce()
    const started = await login.start({ nonce, siteOrigin: SITE, expiresAt: new Date(Date.now() + 60_000) })
    const { channelToken, params } = await readSignInRequest(relay.url, started.url)
    const wallet = createWalletClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl: chain.rpcUrl }) })
    const custody = privateKeyToAccount(custodyKey(1001))
    const built = wallet.buildSignInMessage({
      address: custody.address,
      fid: 1001,
      uri: params.siweUri,
      domain: params.domain,
      nonce: params.nonce,
    })
    if (built.isError) throw built.error
    // The message (fid 1001, by its custody key) is sound; the profile beside it claims fid 1002.
    const sent = await wallet.authenticate({
      channelToken,
      authKey: FARCASTER_DEV_AUTH_KEY,
      message: built.message,
      signature: await custody.signMessage({ message: built.message }),
      fid: 1002,
      username: 'dev1002',
    })
    expect(sent.response?.status).toBe(201)
    expect(await login.check({ channelToken, nonce, siteOrigin: SITE })).toMatchObject({
      status: 'failed',
      code: 'login_failed',
      message: expect.stringContaining('another fid'),
    })
  })

  it('answers an unknown channel as expired', async () => {
    expect(await login.check({ channelToken: 'gone', nonce: freshNonce(), siteOrigin: SITE })).toMatchObject({
      status: 'failed',
      code: 'login_expired',
    })
  })

  it('throws 503 provider_unavailable when the relay is down or hangs, within its timeout', async () => {
    const closed = await freePort()
    const down = createFarcasterLogin({ relayUrl: `http://127.0.0.1:${closed}`, rpcUrl: chain.rpcUrl })!
    const start = { nonce: freshNonce(), siteOrigin: SITE, expiresAt: new Date(Date.now() + 60_000) }
    await expect(down.start(start)).rejects.toMatchObject({ status: 503, code: 'provider_unavailable' })
    await expect(down.check({ channelToken: 'x', nonce: start.nonce, siteOrigin: SITE })).rejects.toBeInstanceOf(
      ApiError,
    )

    // A relay that accepts connections and never answers.
    const silent = net.createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const port = (silent.address() as net.AddressInfo).port
      const hung = createFarcasterLogin({ relayUrl: `http://127.0.0.1:${port}`, rpcUrl: chain.rpcUrl, timeoutMs: 300 })!
      const began = performance.now()
      await expect(hung.start(start)).rejects.toMatchObject({ status: 503, code: 'provider_unavailable' })
      expect(performance.now() - began).toBeLessThan(3000)
    } finally {
      silent.close()
    }
  })

  it('throws 503 provider_unavailable when the registries’ chain is down at verification', async () => {
    const closed = await freePort()
    const noChain = createFarcasterLogin({ relayUrl: relay.url, rpcUrl: `http://127.0.0.1:${closed}` })!
    const nonce = freshNonce()
    const started = await noChain.start({ nonce, siteOrigin: SITE, expiresAt: new Date(Date.now() + 60_000) })
    const request = await readSignInRequest(relay.url, started.url)
    await approveSignIn({ relayUrl: relay.url, request, user: user(1001), privateKey: custodyKey(1001) })
    await expect(noChain.check({ channelToken: started.channelToken, nonce, siteOrigin: SITE })).rejects.toMatchObject({
      status: 503,
      code: 'provider_unavailable',
    })
  })
})

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

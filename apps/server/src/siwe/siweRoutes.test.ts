import { SiweJwksResponse, SiweNonceResponse, SiweSessionResponse, SiweVerifyResponse } from '@foyer/core/protocol'
import { devAccounts, type RunningChain, startChain } from '@foyer/devnet'
import { p256 } from '@noble/curves/p256'
import { secp256k1 } from '@noble/curves/secp256k1'
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose'
import * as v from 'valibot'
import {
  createPublicClient,
  type Hex,
  http,
  isErc8010Signature,
  keccak256,
  recoverMessageAddress,
  serializeErc8010Signature,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig, type ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS } from '../test/backends.ts'
import { describeEachBackend } from '../test/eachBackend.ts'
import { deployOwnedWallets, type OwnedWallets, ownedWalletAbi } from '../test/ownedWallets.ts'
import { refusingRpcUrl } from '../test/refusingRpcUrl.ts'
import { purgeSiwe } from './siwePurge.ts'
import { withSiweTables } from './siweTables.ts'

// One anvil on 19500 (the SIWE-server range) with a 1271 wallet and its factory deployed by this file only.
const PORT = 19500
const CHAIN_ID = 31337
const SITE = 'https://site.example'
const OTHER = 'https://other.example'
const PLAIN = 'http://plain.example'
const [alice, bob, carol] = devAccounts(3).map((a) => privateKeyToAccount(a.privateKey))

let chain: RunningChain
let config: ServerConfig
let wallets: OwnedWallets
let deployedWallet: Hex
let undeployedWallet: Hex
const UNDEPLOYED_SALT = keccak256(toHex('siwe-6492'))

beforeAll(async () => {
  chain = await startChain({ id: CHAIN_ID, name: 'SIWE', port: PORT, portEnv: 'FOYER_TEST_PORT' })
  const base = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PUBLIC_URL: 'https://foyer.test',
      FOYER_RATE_LIMIT_PER_CLIENT: '1000000',
      FOYER_RATE_LIMIT_PER_PROJECT: '1000000',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'siwe-site', name: 'Site', allowedOrigins: [SITE] },
        { id: 'other-site', name: 'Other', allowedOrigins: [OTHER] },
        { id: 'no-origins', name: 'No origins', allowedOrigins: [] },
        { id: 'plain-site', name: 'Plain http', allowedOrigins: [PLAIN] },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config = {
    ...base,
    chains: [
      { id: CHAIN_ID, name: 'SIWE', rpcUrl: chain.rpcUrl, nativeSymbol: 'ETH', contracts: {}, tokens: [], nfts: [] },
    ],
  }
  // One wallet deployed through the factory (ERC-1271) and the address of one that is not (ERC-6492).
  wallets = await deployOwnedWallets({
    rpcUrl: chain.rpcUrl,
    deployer: carol!,
    owner: alice!,
    deployedSalt: 'siwe-1271',
  })
  deployedWallet = wallets.deployed
  undeployedWallet = await wallets.addressOf(UNDEPLOYED_SALT)
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  expect(await client.getCode({ address: undeployedWallet })).toBeUndefined()
}, BACKEND_TIMEOUT_MS)
afterAll(() => chain?.stop())

await describeEachBackend('siweRoutes.test.ts', (t) => {
  let app: FoyerApp
  beforeAll(async () => {
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: t.database, config, projects })
  })

  /** `origin` null: no Origin header (a server calling). */
  const headers = (projectId = 'siwe-site', origin: string | null = SITE) => ({
    'x-project-id': projectId,
    ...(origin ? { origin } : {}),
  })
  async function newNonce(projectId = 'siwe-site', origin: string | null = SITE, on = app) {
    const res = await on.request('/v1/auth/siwe/nonce', { headers: headers(projectId, origin) })
    expect(res.status).toBe(200)
    return v.parse(SiweNonceResponse, await res.json())
  }
  const message = (nonce: string, over: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
    createSiweMessage({
      domain: 'site.example',
      uri: 'https://site.example/login',
      address: alice.address,
      chainId: CHAIN_ID,
      nonce,
      version: '1',
      issuedAt: new Date(),
      statement: 'Sign in to Site',
      ...over,
    })
  const verify = (body: unknown, { projectId = 'siwe-site', origin = SITE as string | null, on = app } = {}) =>
    on.request('/v1/auth/siwe/verify', {
      method: 'POST',
      headers: { ...headers(projectId, origin), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const signIn = async (over: Parameters<typeof message>[1] = {}, signer = alice, on = app) => {
    const text = message((await newNonce('siwe-site', SITE, on)).nonce, over)
    return verify({ message: text, signature: await signer.signMessage({ message: text }) }, { on })
  }
  const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code
  const session = (token: string, projectId = 'siwe-site', origin: string | null = SITE, on = app) =>
    on.request('/v1/auth/siwe/session', {
      headers: { ...headers(projectId, origin), authorization: `Bearer ${token}` },
    })
  const signOut = (token: string, on = app) =>
    on.request('/v1/auth/siwe/sign-out', {
      method: 'POST',
      headers: { ...headers(), authorization: `Bearer ${token}` },
    })
  const jwks = async (on = app) => v.parse(SiweJwksResponse, await (await on.request('/.well-known/jwks.json')).json())

  it('hands out single-use nonces of 32 letters and digits that expire in 5 minutes', async () => {
    const { nonce, expiresAt } = await newNonce()
    expect(nonce).toMatch(/^[a-zA-Z0-9]{32}$/)
    const ttl = new Date(expiresAt).getTime() - Date.now()
    expect(ttl).toBeGreaterThan(4.9 * 60_000)
    expect(ttl).toBeLessThanOrEqual(5 * 60_000)
    expect((await newNonce()).nonce).not.toBe(nonce)
    const row = await withSiweTables(t.database)
      .selectFrom('siwe_nonces')
      .selectAll()
      .where('nonce', '=', nonce)
      .executeTakeFirstOrThrow()
    expect(row.project_id).toBe('siwe-site')
    expect(row.used_at).toBeNull()
  })

  it('signs a person in: a token for the project, the checksummed address and the chain; the session reads it back', async () => {
    const res = await signIn()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = v.parse(SiweVerifyResponse, await res.json())
    expect(body).toMatchObject({ address: alice.address, chainId: CHAIN_ID })
    const claims = decodeJwt(body.token)
    expect(claims).toMatchObject({
      iss: 'https://foyer.test',
      sub: alice.address,
      aud: 'siwe-site',
      chain_id: CHAIN_ID,
    })
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/)
    expect(claims.exp! - claims.iat!).toBe(24 * 60 * 60)
    expect(new Date(body.expiresAt).getTime()).toBe(claims.exp! * 1000)
    expect(decodeProtectedHeader(body.token)).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    const s = await session(body.token)
    expect(s.status).toBe(200)
    expect(v.parse(SiweSessionResponse, await s.json())).toEqual({
      address: alice.address,
      chainId: CHAIN_ID,
      expiresAt: body.expiresAt,
    })
  })

  it('reads date-times in any RFC 3339 form, and the message’s optional fields', async () => {
    const text = message((await newNonce()).nonce, {
      expirationTime: new Date(Date.now() + 60 * 60_000),
      notBefore: new Date(Date.now() - 60_000),
      requestId: 'req-1',
      resources: ['https://site.example/terms', 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'],
    }).replace(/(Issued At: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d{3}Z/, '$1+00:00')
    expect(text).toMatch(/Issued At: .*\+00:00/)
    const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) })
    expect(res.status).toBe(200)
  })

  it('ends the token at the message’s Expiration Time when that is sooner than 24 hours', async () => {
    const expirationTime = new Date(Date.now() + 10 * 60_000)
    const body = (await (await signIn({ expirationTime })).json()) as { token: string }
    expect(decodeJwt(body.token).exp).toBe(Math.floor(expirationTime.getTime() / 1000))
  })

  it('signs in without an Origin header (a server) when the domain is one of the project’s origins', async () => {
    const text = message((await newNonce('siwe-site', null)).nonce)
    const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) }, { origin: null })
    expect(res.status).toBe(200)
  })

  it('refuses a message for another domain or URI: 403 domain_mismatch', async () => {
    for (const over of [
      { domain: 'evil.example' },
      { uri: 'https://evil.example/login' },
      { domain: 'other.example', uri: 'https://other.example/' },
      { scheme: 'http' },
      { uri: 'http://site.example/login' },
      { uri: 'ftp://site.example/login' },
      { uri: 'wss://site.example/login' },
      { uri: 'https://site.example:8443/login' },
    ]) {
      const text = message((await newNonce()).nonce, over)
      const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) })
      expect(res.status, JSON.stringify(over)).toBe(403)
      expect(await errorCode(res)).toBe('domain_mismatch')
    }
    // The site of another project: its origin is not this project's (refused before the message is read).
    const text = message((await newNonce()).nonce, { domain: 'other.example', uri: 'https://other.example/' })
    const res = await verify(
      { message: text, signature: await alice.signMessage({ message: text }) },
      { origin: OTHER },
    )
    expect(res.status).toBe(403)
    expect(await errorCode(res)).toBe('origin_not_allowed')
    // A project without allowed origins and a request without Origin: no domain can be checked.
    const n = await newNonce('no-origins', null)
    const noOrigin = message(n.nonce)
    const refused = await verify(
      { message: noOrigin, signature: await alice.signMessage({ message: noOrigin }) },
      { projectId: 'no-origins', origin: null },
    )
    expect(refused.status).toBe(403)
    expect(await errorCode(refused)).toBe('domain_mismatch')
  })

  it('checks the URI’s origin, scheme included: an http site’s message with an https or ftp URI is refused', async () => {
    const plain = async (uri: string) => {
      const text = message((await newNonce('plain-site', PLAIN)).nonce, { domain: 'plain.example', uri })
      return verify(
        { message: text, signature: await alice.signMessage({ message: text }) },
        { projectId: 'plain-site', origin: PLAIN },
      )
    }
    for (const uri of ['https://plain.example/login', 'ftp://plain.example/login', 'https://plain.example:80/']) {
      const res = await plain(uri)
      expect([res.status, await errorCode(res)], uri).toEqual([403, 'domain_mismatch'])
    }
    expect((await plain('http://plain.example/login')).status).toBe(200)
    expect((await plain('http://plain.example:80/')).status).toBe(200) // the default port is the same origin
  })

  it('refuses an unknown nonce, another project’s nonce and an expired one: 401 invalid_nonce', async () => {
    const unknown = message('abcdefghijklmnopqrstuvwxyz012345')
    const r1 = await verify({ message: unknown, signature: await alice.signMessage({ message: unknown }) })
    expect([r1.status, await errorCode(r1)]).toEqual([401, 'invalid_nonce'])

    const others = message((await newNonce('other-site', OTHER)).nonce)
    const r2 = await verify({ message: others, signature: await alice.signMessage({ message: others }) })
    expect([r2.status, await errorCode(r2)]).toEqual([401, 'invalid_nonce'])

    const { nonce } = await newNonce()
    await withSiweTables(t.database)
      .updateTable('siwe_nonces')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('nonce', '=', nonce)
      .execute()
    const expired = message(nonce)
    const r3 = await verify({ message: expired, signature: await alice.signMessage({ message: expired }) })
    expect([r3.status, await errorCode(r3)]).toEqual([401, 'invalid_nonce'])
  })

  it('refuses a replayed message: the nonce signs in once', async () => {
    const text = message((await newNonce()).nonce)
    const body = { message: text, signature: await alice.signMessage({ message: text }) }
    expect((await verify(body)).status).toBe(200)
    const again = await verify(body)
    expect([again.status, await errorCode(again)]).toEqual([401, 'invalid_nonce'])
  })

  it('100 verifies of one signed message at once: exactly one 200, the rest 401 invalid_nonce', async () => {
    const text = message((await newNonce()).nonce)
    const body = { message: text, signature: await alice.signMessage({ message: text }) }
    const answers = await Promise.all(Array.from({ length: 100 }, () => verify(body)))
    const codes = await Promise.all(answers.map(async (r) => (r.status === 200 ? 'ok' : await errorCode(r))))
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1)
    expect(codes.filter((c) => c === 'invalid_nonce')).toHaveLength(99)
    const sessions = await withSiweTables(t.database)
      .selectFrom('siwe_sessions')
      .select('id')
      .where('nonce', '=', createNonceOf(text))
      .execute()
    expect(sessions).toHaveLength(1)
  })

  it('refuses a signature by another key (401 invalid_signature) and spends the nonce all the same', async () => {
    const text = message((await newNonce()).nonce)
    const forged = await verify({ message: text, signature: await bob.signMessage({ message: text }) })
    expect([forged.status, await errorCode(forged)]).toEqual([401, 'invalid_signature'])
    // The right signature after a wrong one: the nonce was spent by the first attempt that named it.
    const late = await verify({ message: text, signature: await alice.signMessage({ message: text }) })
    expect([late.status, await errorCode(late)]).toEqual([401, 'invalid_nonce'])
    const other = message((await newNonce()).nonce)
    const garbage = await verify({ message: other, signature: `0x${'11'.repeat(65)}` })
    expect([garbage.status, await errorCode(garbage)]).toEqual([401, 'invalid_signature'])
  })

  it('100 attempts at once with one nonce, one of them signed right: one answer past the nonce, at most one token', async () => {
    const text = message((await newNonce()).nonce)
    const [good, bad] = await Promise.all([alice.signMessage({ message: text }), bob.signMessage({ message: text })])
    const right = 37
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => verify({ message: text, signature: i === right ? good : bad })),
    )
    const codes = await Promise.all(answers.map(async (r) => (r.status === 200 ? 'ok' : await errorCode(r))))
    expect(codes.filter((c) => c === 'ok').length).toBeLessThanOrEqual(1)
    expect(codes.filter((c) => c !== 'invalid_nonce')).toHaveLength(1)
    const sessions = await withSiweTables(t.database)
      .selectFrom('siwe_sessions')
      .select('id')
      .where('nonce', '=', createNonceOf(text))
      .execute()
    expect(sessions.length).toBe(codes.filter((c) => c === 'ok').length)
  })

  it('refuses the high-s twin of an account’s signature (401 invalid_signature), though it recovers the same address', async () => {
    const text = message((await newNonce()).nonce)
    const low = await alice.signMessage({ message: text })
    const twin = highSTwin(low)
    // The twin is a signature viem (and ecrecover) accept for the same address: the attack is real.
    expect(await recoverMessageAddress({ message: text, signature: twin })).toBe(alice.address)
    expect(secp256k1.Signature.fromCompact(twin.slice(2, 130)).hasHighS()).toBe(true)
    const res = await verify({ message: text, signature: twin })
    expect([res.status, await errorCode(res)]).toEqual([401, 'invalid_signature'])
    // The low-s original with a new nonce signs in.
    expect((await signIn()).status).toBe(200)
  })

  it('answers a malformed ERC-8010-wrapped signature 401 invalid_signature, not 502', async () => {
    const magic = '8010801080108010801080108010801080108010801080108010801080108010'
    const length = (n: bigint) => n.toString(16).padStart(64, '0')
    const cases = [
      (sig: Hex) => `${sig}${'ab'.repeat(40)}${length(40n)}${magic}`,
      (sig: Hex) => `${sig}${length(0n)}${magic}`,
      (sig: Hex) => `${sig}${length(2n ** 256n - 1n)}${magic}`,
      (sig: Hex) => `${sig}${'00'.repeat(300)}${length(300n)}${magic}`,
      () => `0x${magic}`,
    ]
    for (const wrap of cases) {
      const text = message((await newNonce()).nonce)
      const signature = wrap(await alice.signMessage({ message: text }))
      const res = await verify({ message: text, signature })
      expect([res.status, await errorCode(res)], signature.slice(0, 200)).toEqual([401, 'invalid_signature'])
    }
  })

  it('answers 502 chain_unavailable when the chain’s node is down and the signature needs it', async () => {
    const down = createApp({
      db: t.database,
      config: { ...config, chains: [{ ...config.chains[0]!, rpcUrl: await refusingRpcUrl() }] },
      projects: new ProjectStore(t.database.kysely),
    })
    const text = message((await newNonce('siwe-site', SITE, down)).nonce)
    // A well-formed ERC-8010 signature: checking it needs the account's code from the node.
    const signature = serializeErc8010Signature({
      authorization: await alice.signAuthorization({ address: deployedWallet, chainId: CHAIN_ID, nonce: 0 }),
      signature: await alice.signMessage({ message: text }),
    })
    expect(isErc8010Signature(signature)).toBe(true)
    const res = await verify({ message: text, signature }, { on: down })
    expect([res.status, await errorCode(res)]).toEqual([502, 'chain_unavailable'])
  })

  it('refuses stale and future messages (60 s of clock skew allowed)', async () => {
    const cases: [Parameters<typeof message>[1], number, string][] = [
      [{ issuedAt: new Date(Date.now() - 10 * 60_000) }, 400, 'message_expired'],
      [{ expirationTime: new Date(Date.now() - 1000) }, 400, 'message_expired'],
      [{ issuedAt: new Date(Date.now() + 5 * 60_000) }, 400, 'message_not_yet_valid'],
      [{ notBefore: new Date(Date.now() + 5 * 60_000) }, 400, 'message_not_yet_valid'],
    ]
    for (const [over, status, code] of cases) {
      const text = message((await newNonce()).nonce, over)
      const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) })
      expect([res.status, await errorCode(res)], JSON.stringify(over)).toEqual([status, code])
    }
    const skewed = await signIn({ issuedAt: new Date(Date.now() + 30_000), notBefore: new Date(Date.now() + 30_000) })
    expect(skewed.status).toBe(200)
  })

  it('refuses a chain the server does not serve: 400 unsupported_chain', async () => {
    const res = await signIn({ chainId: 1 })
    expect([res.status, await errorCode(res)]).toEqual([400, 'unsupported_chain'])
  })

  it('refuses what is not an EIP-4361 message (400 invalid_message) and a malformed body (400 invalid_request)', async () => {
    const { nonce } = await newNonce()
    for (const text of [
      'hello',
      message(nonce).replace('Version: 1', 'Version: 2'),
      message(nonce).replace(/Issued At: .*/, 'Issued At: yesterday'),
      message(nonce).replace(alice.address, alice.address.toLowerCase().replace('0x', '0X')),
    ]) {
      const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) })
      expect([res.status, await errorCode(res)], text).toEqual([400, 'invalid_message'])
    }
    for (const body of [{}, { message: 1, signature: '0x00' }, { message: 'x', signature: 'nothex' }, []]) {
      const res = await verify(body)
      expect([res.status, await errorCode(res)], JSON.stringify(body)).toEqual([400, 'invalid_request'])
    }
  })

  it('answers hostile messages with a 4xx JSON error, never a 5xx', async () => {
    const { nonce } = await newNonce()
    const good = message(nonce)
    const variants = [
      good.replace(`Chain ID: ${CHAIN_ID}`, 'Chain ID: 99999999999999999999999'),
      good.replace(`Chain ID: ${CHAIN_ID}`, 'Chain ID: 0'),
      good.replace(`Nonce: ${nonce}`, `Nonce: ${'a'.repeat(5000)}`),
      good.replace(`Nonce: ${nonce}`, "Nonce: x'; drop table siwe_nonces; --"),
      good.replace(/Issued At: .*/, 'Issued At: 0000-01-01T00:00:00Z'),
      good.replace(/Issued At: .*/, 'Issued At: 9999-12-31T23:59:59Z'),
      `${good}\n\nAnd more text the server did not ask for`,
      `Hello\n${good}`,
      good.replace('Sign in to Site', 'Sign in to Site\nsecond line'),
      good.replace('site.example wants', 'site.example:99999 wants'),
      good.replace('URI: https://site.example/login', 'URI: javascript:alert(1)'),
      good.replace('URI: https://site.example/login', 'URI: https://site.example\u0000@evil.example/'),
      good.replaceAll('\n', '\r\n'),
      '\u0000'.repeat(8192),
    ]
    for (const text of variants) {
      const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) })
      expect(res.status, JSON.stringify(text.slice(-120))).toBeGreaterThanOrEqual(400)
      expect(res.status, text.slice(0, 200)).toBeLessThan(500)
      expect(typeof (await errorCode(res))).toBe('string')
    }
  })

  it('signs out: the session answers 401 after, signing out again is 200', async () => {
    const { token } = (await (await signIn()).json()) as { token: string }
    expect((await session(token)).status).toBe(200)
    const out = await signOut(token)
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({ signedOut: true })
    const after = await session(token)
    expect([after.status, await errorCode(after)]).toEqual([401, 'unauthorized'])
    expect(after.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect((await signOut(token)).status).toBe(200)
  })

  it('refuses a token at another project, a tampered or foreign token, and no token: 401 unauthorized', async () => {
    const { token } = (await (await signIn()).json()) as { token: string }
    const other = await session(token, 'other-site', OTHER)
    expect([other.status, await errorCode(other)]).toEqual([401, 'unauthorized'])
    const [h, p, s] = token.split('.')
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: bob.address })).toString('base64url')
    for (const bad of [`${h}.${forgedPayload}.${s}`, 'a.b.c', token.slice(0, -4)]) {
      const res = await session(bad)
      expect([res.status, await errorCode(res)]).toEqual([401, 'unauthorized'])
    }
    const none = await app.request('/v1/auth/siwe/session', { headers: headers() })
    expect([none.status, await errorCode(none)]).toEqual([401, 'unauthorized'])
    expect((await signOut('junk')).status).toBe(401)
  })

  it('one token string per session: the malleated twins of a token (s → n − s, other base64url tails) are refused', async () => {
    const { token } = (await (await signIn()).json()) as { token: string }
    const [h, p, s] = token.split('.') as [string, string, string]
    const sig = Buffer.from(s, 'base64url')
    expect(sig).toHaveLength(64)
    const r = sig.subarray(0, 32)
    const sValue = BigInt(`0x${sig.subarray(32).toString('hex')}`)
    const twinS = Buffer.from((p256.CURVE.n - sValue).toString(16).padStart(64, '0'), 'hex')
    const twins = [`${h}.${p}.${Buffer.concat([r, twinS]).toString('base64url')}`]
    // 64 bytes are 86 base64url letters; the last carries 2 bits and 4 that decoders ignore.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(s.at(-1)!)
    twins.push(`${h}.${p}.${s.slice(0, -1)}${alphabet[last ^ 0b0101]}`)
    const local = createLocalJWKSet(await jwks())
    for (const twin of twins) {
      expect(twin).not.toBe(token)
      // jose (WebCrypto) takes the twin as a valid token: the attack is real.
      await jwtVerify(twin, local, { issuer: 'https://foyer.test', audience: 'siwe-site' })
      const res = await session(twin)
      expect([res.status, await errorCode(res)]).toEqual([401, 'unauthorized'])
      expect((await signOut(twin)).status).toBe(401)
    }
    expect((await session(token)).status).toBe(200) // the twins signed nothing out
  })

  it('publishes the keys: a site verifies the token with jose against the JWKS', async () => {
    const { token } = (await (await signIn()).json()) as { token: string }
    const set = await jwks()
    expect(set.keys.length).toBeGreaterThanOrEqual(1)
    for (const key of set.keys) expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y'])
    const { payload } = await jwtVerify(token, createLocalJWKSet(set), {
      issuer: 'https://foyer.test',
      audience: 'siwe-site',
    })
    expect(payload.sub).toBe(alice.address)
    const key = await importJWK(set.keys.find((k) => k.kid === decodeProtectedHeader(token).kid)!, 'ES256')
    await expect(jwtVerify(token, key, { audience: 'other-site' })).rejects.toThrow()
  })

  it('rotates the key by configuration: both keys published, the old token still verifies', async () => {
    const old = (await (await signIn()).json()) as { token: string }
    const oldKid = decodeProtectedHeader(old.token).kid
    const rotating = createApp({
      db: t.database,
      config: { ...config, siwe: { ...config.siwe, keyRotationMs: 0 } },
      projects: new ProjectStore(t.database.kysely),
    })
    const fresh = await signIn({}, alice, rotating)
    expect(fresh.status).toBe(200)
    const { token } = (await fresh.json()) as { token: string }
    const newKid = decodeProtectedHeader(token).kid
    expect(newKid).not.toBe(oldKid)
    const set = await jwks(rotating)
    expect(set.keys[0]!.kid).toBe(newKid)
    expect(set.keys.map((k) => k.kid)).toContain(oldKid)
    const local = createLocalJWKSet(set)
    for (const tk of [old.token, token])
      await jwtVerify(tk, local, { issuer: 'https://foyer.test', audience: 'siwe-site' })
    expect((await session(old.token, 'siwe-site', SITE, rotating)).status).toBe(200)
    expect((await session(token)).status).toBe(200) // the first app finds the new key in the database

    // Instances racing to rotate: every sign-in still gets a token, each generation has one key.
    const other = createApp({
      db: t.database,
      config: { ...config, siwe: { ...config.siwe, keyRotationMs: 0 } },
      projects: new ProjectStore(t.database.kysely),
    })
    const raced = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn({}, alice, i % 2 ? rotating : other)))
    expect(raced.map((r) => r.status)).toEqual(Array(10).fill(200))
    const generations = await withSiweTables(t.database).selectFrom('siwe_signing_keys').select('generation').execute()
    expect(new Set(generations.map((g) => g.generation)).size).toBe(generations.length)
  })

  it('signs in a deployed ERC-1271 wallet (its owner signs)', async () => {
    const res = await signIn({ address: deployedWallet })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { address: string }).address).toBe(deployedWallet)
    const notOwner = await signIn({ address: deployedWallet }, bob)
    expect([notOwner.status, await errorCode(notOwner)]).toEqual([401, 'invalid_signature'])
  })

  it('signs in an ERC-6492 wallet that is not deployed yet (the signature carries its factory call)', async () => {
    const attempt = async (signer: typeof alice) => {
      const text = message((await newNonce()).nonce, { address: undeployedWallet })
      return verify({
        message: text,
        signature: await wallets.sign6492({ signer, message: text, salt: UNDEPLOYED_SALT }),
      })
    }
    const forged = await attempt(bob)
    expect([forged.status, await errorCode(forged)]).toEqual([401, 'invalid_signature'])
    const res = await attempt(alice)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { address: string }).address).toBe(undeployedWallet)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    expect(await client.getCode({ address: undeployedWallet })).toBeUndefined() // checked, not deployed
  })

  it('keeps the private key encrypted at rest with FOYER_SIWE_KEY_SECRET; a wrong secret cannot sign (503)', async () => {
    await rotateWith(t.database, 'a-secret-of-at-least-thirty-two-characters!')
    const rows = await withSiweTables(t.database)
      .selectFrom('siwe_signing_keys')
      .selectAll()
      .orderBy('generation', 'desc')
      .execute()
    expect(rows[0]!.encrypted).toBe(true)
    expect(rows[0]!.private_jwk.split('.')).toHaveLength(5) // a compact JWE
    expect(rows[0]!.private_jwk).not.toContain('"d"')
    expect(rows.filter((r) => !r.encrypted).every((r) => JSON.parse(r.private_jwk).d)).toBe(true)
    const wrong = createApp({
      db: t.database,
      config: {
        ...config,
        siwe: { keyRotationMs: 86_400_000, keySecret: 'another-secret-of-thirty-two-characters!!' },
      },
      projects: new ProjectStore(t.database.kysely),
    })
    const res = await signIn({}, alice, wrong)
    expect([res.status, await errorCode(res)]).toEqual([503, 'signing_key_unavailable'])
  })

  it('purges nonces and sessions a day past their use or expiry, and nothing live', async () => {
    const db = withSiweTables(t.database)
    const live = (await (await signIn()).json()) as { token: string }
    const { nonce } = await newNonce()
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000)
    const before = await db.selectFrom('siwe_nonces').select('nonce').execute()
    expect(await purgeSiwe(t.database)).toEqual({ siweNonces: 0, siweSessions: 0 })
    expect(await db.selectFrom('siwe_nonces').select('nonce').execute()).toHaveLength(before.length)
    expect((await session(live.token)).status).toBe(200)
    const purged = await purgeSiwe(t.database, later)
    expect(purged.siweNonces).toBe(before.length)
    expect(purged.siweSessions).toBeGreaterThan(0)
    expect(await db.selectFrom('siwe_nonces').select('nonce').where('nonce', '=', nonce).execute()).toEqual([])
  })

  /** Signs in once through an app that rotates at every sign-in and encrypts with `secret`. */
  async function rotateWith(database: FoyerDatabase, secret: string) {
    const encrypting = createApp({
      db: database,
      config: { ...config, siwe: { keyRotationMs: 0, keySecret: secret } },
      projects: new ProjectStore(database.kysely),
    })
    const res = await signIn({}, alice, encrypting)
    expect(res.status).toBe(200)
    const { token } = (await res.json()) as { token: string }
    expect((await session(token, 'siwe-site', SITE, encrypting)).status).toBe(200)
  }
})

/** The malleated twin of a 65-byte signature: s → n − s and the other recovery bit (built with @noble/curves). */
function highSTwin(signature: Hex): Hex {
  const parsed = secp256k1.Signature.fromCompact(signature.slice(2, 130))
  const twin = new secp256k1.Signature(parsed.r, secp256k1.CURVE.n - parsed.s)
  const v = Number.parseInt(signature.slice(130), 16)
  return `0x${twin.toCompactHex()}${(v === 27 ? 28 : 27).toString(16)}`
}

function createNonceOf(text: string): string {
  return text.match(/^Nonce: (\w+)$/m)![1]!
}

describe('the ERC-1271 wallet of this file', () => {
  it('answers the magic value only for its owner', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const hash = keccak256(toHex('hello'))
    const ownerSig = await alice.sign({ hash })
    const call = (signature: Hex) =>
      client.readContract({
        address: deployedWallet,
        abi: ownedWalletAbi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    expect(await call(ownerSig)).toBe('0x1626ba7e')
    expect(await call(await bob.sign({ hash }))).toBe('0xffffffff')
  })
})

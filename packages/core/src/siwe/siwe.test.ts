// The sign-in actions against the real Foyer server (its app on a loopback port, PGlite, one anvil on 19501 — the
// SIWE-server range), reached over HTTP with the Origin a browser on the site would send.
import { devAccounts, type RunningChain, startChain } from '@foyer/devnet'
import { loadConfig } from '@foyer/server'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../../../../apps/server/src/test/backends.ts'
import { createApiClient } from '../api/apiClient.ts'
import { ClientNotSetError } from '../errors/errors.ts'
import { listenTestServer } from '../test/listenTestServer.ts'
import { fetchSiweNonce } from './fetchSiweNonce.ts'
import { fetchSiweSession } from './fetchSiweSession.ts'
import { signOutSiwe } from './signOutSiwe.ts'
import { SiweError, SiweNonceError, SiweSessionError, SiweSignOutError, SiweVerifyError } from './siweErrors.ts'
import { verifySiweMessage } from './verifySiweMessage.ts'

const PORT = 19501
const CHAIN_ID = 31337
const SITE = 'https://shop.example'
const [alice, bob] = devAccounts(2).map((a) => privateKeyToAccount(a.privateKey))

let chain: RunningChain
let database: TestDatabase
let server: Awaited<ReturnType<typeof listenTestServer>> | undefined
let apiUrl = ''

beforeAll(async () => {
  ;[chain, database] = await Promise.all([
    startChain({ id: CHAIN_ID, name: 'SIWE client', port: PORT, portEnv: 'FOYER_TEST_PORT' }),
    openTestPGlite(),
  ])
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'shop', allowedOrigins: [SITE] },
        { id: 'elsewhere', allowedOrigins: ['https://elsewhere.example'] },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = [
    { id: CHAIN_ID, name: 'SIWE', rpcUrl: chain.rpcUrl, nativeSymbol: 'ETH', contracts: {}, tokens: [], nfts: [] },
  ]
  server = await listenTestServer(database.database, config)
  apiUrl = server.apiUrl
}, BACKEND_TIMEOUT_MS)
afterAll(async () => {
  await server?.close()
  await Promise.all([chain?.stop(), database?.cleanup()])
})

/** A site's client: its project id, and the Origin its pages send. */
const clientFor = (projectId = 'shop', origin = SITE) => ({
  api: createApiClient({
    apiUrl,
    projectId,
    fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as object), origin } }),
  }),
})

async function signedMessage(client = clientFor(), signer = alice) {
  const { nonce } = await fetchSiweNonce(client)
  const message = createSiweMessage({
    domain: 'shop.example',
    uri: `${SITE}/`,
    address: signer.address,
    chainId: CHAIN_ID,
    nonce,
    version: '1',
    issuedAt: new Date(),
  })
  return { message, signature: await signer.signMessage({ message }) }
}

describe('sign-in with Ethereum actions', () => {
  it('fetches a nonce, verifies the signed message, reads the session, signs out', async () => {
    const client = clientFor()
    const { nonce, expiresAt } = await fetchSiweNonce(client)
    expect(nonce).toMatch(/^[a-zA-Z0-9]{17,}$/)
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now())
    // The Origin really goes out: another site's is refused.
    await expect(fetchSiweNonce(clientFor('shop', 'https://evil.example'))).rejects.toMatchObject({
      name: 'SiweNonceError',
      code: 'origin_not_allowed',
    })

    const signed = await signedMessage(client)
    const verified = await verifySiweMessage(client, signed)
    expect(verified).toMatchObject({ address: alice.address, chainId: CHAIN_ID })
    const claims = JSON.parse(Buffer.from(verified.token.split('.')[1]!, 'base64url').toString('utf8'))
    expect(claims).toMatchObject({ sub: alice.address, aud: 'shop' })

    expect(await fetchSiweSession(client, { token: verified.token })).toEqual({
      address: alice.address,
      chainId: CHAIN_ID,
      expiresAt: verified.expiresAt,
    })
    await signOutSiwe(client, { token: verified.token })
    expect(await fetchSiweSession(client, { token: verified.token })).toBeNull()
    await signOutSiwe(client, { token: verified.token }) // again: still fine
  })

  it('names why the server refused: SiweVerifyError with the reason', async () => {
    const client = clientFor()
    const forged = await signedMessage(client)
    const byBob = { ...forged, signature: await bob.signMessage({ message: forged.message }) }
    const refused = await verifySiweMessage(client, byBob).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SiweVerifyError)
    expect(refused).toBeInstanceOf(SiweError)
    expect(refused).toMatchObject({
      reason: 'invalid_signature',
      code: 'invalid_signature',
      messageKey: 'error.siweVerify',
    })

    // The refused attempt spent the nonce: the right signature of that message comes too late.
    await expect(verifySiweMessage(client, forged)).rejects.toMatchObject({ reason: 'invalid_nonce' })
    const fresh = await signedMessage(client)
    await verifySiweMessage(client, fresh)
    await expect(verifySiweMessage(client, fresh)).rejects.toMatchObject({ reason: 'invalid_nonce' })
  })

  it('answers null for a token of another project or one that is not ours; signing such a token out is a no-op', async () => {
    const token = (await verifySiweMessage(clientFor(), await signedMessage())).token
    expect(await fetchSiweSession(clientFor('elsewhere', 'https://elsewhere.example'), { token })).toBeNull()
    expect(await fetchSiweSession(clientFor(), { token: 'not.a.token' })).toBeNull()
    // Nothing to revoke: a token the server does not take is as good as signed out.
    await expect(signOutSiwe(clientFor(), { token: 'not.a.token' })).resolves.toBeUndefined()
  })

  it('fails with ClientNotSetError without a server, and with its SiweError when the server is unreachable', async () => {
    await expect(fetchSiweNonce({})).rejects.toBeInstanceOf(ClientNotSetError)
    await expect(verifySiweMessage({}, { message: 'm', signature: '0x' })).rejects.toBeInstanceOf(ClientNotSetError)
    const down = { api: createApiClient({ apiUrl: 'http://127.0.0.1:9', projectId: 'shop' }) }
    await expect(fetchSiweNonce(down)).rejects.toBeInstanceOf(SiweNonceError)
    await expect(fetchSiweSession(down, { token: 'x.y.z' })).rejects.toBeInstanceOf(SiweSessionError)
    await expect(signOutSiwe(down, { token: 'x.y.z' })).rejects.toBeInstanceOf(SiweSignOutError)
    const nonceError = (await fetchSiweNonce(down).catch((e: unknown) => e)) as SiweNonceError
    expect(nonceError.code).toBeUndefined() // no answer, so no server code
  })

  it('passes an abort through as it is', async () => {
    const controller = new AbortController()
    controller.abort()
    const aborted = await fetchSiweNonce(clientFor(), { signal: controller.signal }).catch((e: unknown) => e)
    expect((aborted as Error).name).toBe('AbortError')
  })
})

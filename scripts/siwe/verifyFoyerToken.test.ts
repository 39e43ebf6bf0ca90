/**
 * docs/siwe.md stays true: its backend example is scripts/siwe/verifyFoyerToken.ts word for word, and that code,
 * run as it is, accepts a token the real Foyer server issued (over HTTP: JWKS fetched by jose) and refuses the rest.
 * One anvil on 19502 (the SIWE-server range).
 */
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { devAccounts, type RunningChain, startChain } from '@foyer/devnet'
import { createApp, type FoyerApp, loadConfig, ProjectStore } from '@foyer/server'
import { createAdaptorServer } from '@hono/node-server'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedProjects } from '../../apps/server/src/projects/seed.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../../apps/server/src/test/backends.ts'

const root = resolve(import.meta.dirname, '../..')
const EXAMPLE = 'scripts/siwe/verifyFoyerToken.ts'
const SITE = 'https://shop.example'
const [alice] = devAccounts(1).map((a) => privateKeyToAccount(a.privateKey))

let chain: RunningChain
let database: TestDatabase
let server: Server
let app: FoyerApp
let foyerUrl = ''

beforeAll(async () => {
  ;[chain, database] = await Promise.all([
    startChain({ id: 31337, name: 'SIWE docs', port: 19502, portEnv: 'FOYER_TEST_PORT' }),
    openTestPGlite(),
  ])
  // Listening first: the token's issuer is the server's public URL, which has the port in it.
  server = createAdaptorServer({ fetch: (request: Request) => app.fetch(request) }) as Server
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  foyerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PUBLIC_URL: foyerUrl,
      FOYER_PROJECTS: JSON.stringify([
        { id: 'shop', allowedOrigins: [SITE] },
        { id: 'elsewhere', allowedOrigins: ['https://elsewhere.example'] },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = [
    { id: 31337, name: 'SIWE', rpcUrl: chain.rpcUrl, nativeSymbol: 'ETH', contracts: {}, tokens: [], nfts: [] },
  ]
  const projects = new ProjectStore(database.database.kysely)
  await seedProjects(projects, config)
  app = createApp({ db: database.database, config, projects })
}, BACKEND_TIMEOUT_MS)
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()))
  await Promise.all([chain?.stop(), database?.cleanup()])
})

/** Signs alice in at `projectId` the way the modal does, over HTTP; the token. */
async function signIn(projectId: string, origin: string): Promise<string> {
  const headers = { 'x-project-id': projectId, origin, 'content-type': 'application/json' }
  const { nonce } = (await (await fetch(`${foyerUrl}/v1/auth/siwe/nonce`, { headers })).json()) as { nonce: string }
  const message = createSiweMessage({
    domain: new URL(origin).host,
    uri: `${origin}/`,
    address: alice!.address,
    chainId: 31337,
    nonce,
    version: '1',
    issuedAt: new Date(),
  })
  const signature = await alice!.signMessage({ message })
  const res = await fetch(`${foyerUrl}/v1/auth/siwe/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ message, signature }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

describe('docs/siwe.md', () => {
  it(`shows ${EXAMPLE} as it is`, () => {
    const doc = readFileSync(join(root, 'docs', 'siwe.md'), 'utf8')
    const block = doc.match(/^```ts scripts\/siwe\/verifyFoyerToken\.ts\n([\s\S]*?)^```$/m)?.[1]
    expect(block).toBe(readFileSync(join(root, EXAMPLE), 'utf8'))
  })

  it('its backend code accepts the server’s token for the project and refuses others', async () => {
    // The example reads its settings from the environment; set for this test only (other files share the process).
    vi.stubEnv('FOYER_URL', foyerUrl)
    vi.stubEnv('FOYER_PROJECT_ID', 'shop')
    const { verifyFoyerToken } = await import('./verifyFoyerToken.ts')
    const token = await signIn('shop', SITE)
    expect(await verifyFoyerToken(token)).toMatchObject({ address: alice!.address, chainId: 31337 })

    const elsewhere = await signIn('elsewhere', 'https://elsewhere.example')
    await expect(verifyFoyerToken(elsewhere)).rejects.toThrow(/aud/)
    const [h, p, s] = token.split('.')
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString())
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '0x0000000000000000000000000000000000000001' })).toString('base64url')}.${s}`
    await expect(verifyFoyerToken(altered)).rejects.toThrow(/signature/)
  })
  afterAll(() => vi.unstubAllEnvs())
})

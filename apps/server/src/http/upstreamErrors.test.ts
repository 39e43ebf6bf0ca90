import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { type ChainConfig, loadConfig, parseDevnetFile } from '../config.ts'
import type { Mailer } from '../embedded/mailer.ts'
import { decodeCursor, encodeCursor } from '../history/accountHistory.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../test/backends.ts'
import { refusingRpcUrl } from '../test/refusingRpcUrl.ts'

// One anvil on this file's port (19420), stopped half-way to show a node going away; one chain whose RPC port
// refuses every connection.
const PORT = 19420
const LIVE = 31337
const REFUSING = 31339
const STOPPED = 31340
const stubMailer: Mailer = { async send() {}, close() {} }

let devnet: RunningDevnet
let t: TestDatabase
let app: FoyerApp
let live: ChainConfig
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

beforeAll(async () => {
  ;[devnet, t] = await Promise.all([
    startDevnet({ chains: [{ id: LIVE, name: 'Upstream', port: PORT, portEnv: 'FOYER_TEST_PORT' }], devnetFile: null }),
    openTestPGlite(),
  ])
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
    },
    { repoRoot: '/nonexistent' },
  )
  live = parseDevnetFile(JSON.stringify(devnet.info), [])!.chains[0]!
  config.chains = [
    live,
    { ...live, id: REFUSING, name: 'Refusing', rpcUrl: await refusingRpcUrl() },
    // Same node as LIVE under another id: it answers until the devnet is stopped below.
    { ...live, id: STOPPED, name: 'Stopped later' },
  ]
  const projects = new ProjectStore(t.database.kysely)
  await seedProjects(projects, config)
  app = createApp({ db: t.database, config, projects, mailer: stubMailer })
}, BACKEND_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all([devnet?.stop(), t?.cleanup()])
})

async function get(path: string) {
  const response = await app.request(path, { headers: { 'x-project-id': 'foyer-demo' } })
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } }
}
const token = (chainId: number, address: string) => `eip155:${chainId}:${address}`

describe('history cursors', () => {
  it("a cursor outside the database's dates, int4 or safe-integer range is 400 invalid_cursor, never a 500", async () => {
    const bad = [
      [9e15, 1, 1, 1],
      [8.64e15 + 1, 1, 1, 1],
      [Date.UTC(10_000, 0, 1), 1, 1, 1],
      [1, 2 ** 31, 1, 1],
      [1, 1, 1, 2 ** 31],
      [1, 1, 2 ** 53, 1],
      [-1, 1, 1, 1],
      [1.5, 1, 1, 1],
      [1, 1, 1],
    ]
    for (const parts of bad) {
      const cursor = Buffer.from(JSON.stringify(parts)).toString('base64url')
      expect(() => decodeCursor(cursor), JSON.stringify(parts)).toThrow(/cursor/)
      const answer = await get(`/v1/account/${USER}/history?cursor=${cursor}`)
      expect(answer.status, JSON.stringify(parts)).toBe(400)
      expect(answer.body.error?.code).toBe('invalid_cursor')
    }
    // The edges themselves are fine.
    const lastMs = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
    const edge = encodeCursor({ minedAt: lastMs, chainId: 2 ** 31 - 1, block: 2 ** 53 - 1, txIndex: 2 ** 31 - 1 })
    expect(decodeCursor(edge).minedAt).toBe(lastMs)
    expect((await get(`/v1/account/${USER}/history?cursor=${edge}`)).status).toBe(200)
  })
})

describe('chain failures', () => {
  it('a node refusing connections inside a contract call is 502 chain_unavailable on quotes, allowance, gas price, price and balance', async () => {
    const weth = live.contracts.weth!
    const usd = live.contracts.usd!
    const answers = await Promise.all([
      get(`/v1/convert/quotes?from=${token(REFUSING, weth)}&to=${token(REFUSING, usd)}&amount=1000`),
      get(`/v1/convert/allowance?tokenAddress=${token(REFUSING, usd)}&userAddress=${token(REFUSING, USER)}`),
      get(`/v1/convert/gas-price?chainId=${REFUSING}`),
      get(
        `/v1/convert/build-approve?from=${token(REFUSING, usd)}&to=${token(REFUSING, weth)}&userAddress=${token(REFUSING, USER)}`,
      ),
      get(`/v1/account/${USER}/balance?chainId=${REFUSING}`),
    ])
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(502)
      expect(answer.body.error?.code).toBe('chain_unavailable')
    }
    const price = await app.request('/v1/fungible/price', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId: 'foyer-demo',
        currency: 'usd',
        addresses: [token(REFUSING, '0x00000000000000000000000000000000000000aa')],
      }),
    })
    expect(price.status).toBe(502)
  })

  it("a call the chain refuses is the request's fault (400), and the same call after the node stopped is 502", async () => {
    // An address with no contract: the allowance read returns no data.
    const noContract = '0x00000000000000000000000000000000000000aa'
    const refused = await get(
      `/v1/convert/allowance?tokenAddress=${token(STOPPED, noContract)}&userAddress=${token(STOPPED, USER)}`,
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error?.code).toBe('contract_call_failed')
    // A real token still answers.
    expect(
      (
        await get(
          `/v1/convert/allowance?tokenAddress=${token(STOPPED, live.contracts.usd!)}&userAddress=${token(STOPPED, USER)}`,
        )
      ).status,
    ).toBe(200)

    await devnet.stop()
    const gone = await Promise.all([
      get(
        `/v1/convert/allowance?tokenAddress=${token(STOPPED, live.contracts.usd!)}&userAddress=${token(STOPPED, USER)}`,
      ),
      get(
        `/v1/convert/quotes?from=${token(STOPPED, live.contracts.weth!)}&to=${token(STOPPED, live.contracts.usd!)}&amount=1000`,
      ),
    ])
    for (const answer of gone) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(502)
      expect(answer.body.error?.code).toBe('chain_unavailable')
    }
  })
})

describe('project lookups', () => {
  it('10,000 random project ids leave the project cache at its bound', async () => {
    const store = new ProjectStore(t.database.kysely, { maxEntries: 500 })
    for (let i = 0; i < 10_000; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, k) => store.get(`random-${i + k}`)))
    }
    expect(store.cachedLookups).toBe(500)
  }, 120_000)
})

import { AccountBalanceResponse } from '@foyer/core/protocol'
import {
  describeSolanaStandIn,
  LAMPORTS_PER_SOL,
  SOLANA_DEV_ACCOUNT_SOL,
  SOLANA_DEV_TOKEN_AMOUNT,
  SOLANA_STAND_IN_GENESIS_HASH,
  type SolanaStandIn,
  solanaDevAccounts,
  startSolanaStandIn,
} from '@foyer/devnet/solana'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig, type ServerConfig } from '../config.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'
import { callSolana, SolanaChains, solanaCaipChainId } from './solanaBalances.ts'

// The real Solana JSON-RPC stand-in (LiteSVM) on a free port, named in the config as the devnet file names it.
const postgres = await probePostgresFor('solanaBalances.test.ts')

let standIn: SolanaStandIn
let config: ServerConfig
const LOCAL = solanaCaipChainId(SOLANA_STAND_IN_GENESIS_HASH)
const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0, accounts: 4 })
  const base = loadConfig(
    { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data' },
    { repoRoot: '/nonexistent' },
  )
  config = { ...base, solana: describeSolanaStandIn(standIn) }
}, BACKEND_TIMEOUT_MS)
afterAll(() => standIn?.stop())

function suite(open: () => Promise<TestDatabase>) {
  let t: TestDatabase
  let app: FoyerApp
  const get = (path: string) => app.request(path, { headers: { 'x-project-id': 'foyer-demo' } })
  const balancesOf = async (path: string) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    return v.parse(v.strictObject(AccountBalanceResponse.entries), await res.json()).balances
  }

  beforeAll(async () => {
    t = await open()
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: t.database, config, projects })
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  it("a dev account's SOL, fUSD (Token) and fEUR (Token-2022), as the stand-in holds them, unpriced", async () => {
    const owner = standIn.accounts[3]!.address
    const [fusd, feur] = standIn.mints
    const lamports = await callSolana<{ value: number }>(standIn.url, 'getBalance', [owner], 5000)
    expect(BigInt(lamports.value)).toBe(BigInt(SOLANA_DEV_ACCOUNT_SOL) * LAMPORTS_PER_SOL)
    const tokenRaw = (SOLANA_DEV_TOKEN_AMOUNT * 10n ** 6n).toString()
    const unpriced = { price: 0, priced: false, value: 0 }
    const expected = [
      {
        ...unpriced,
        name: 'Solana',
        symbol: 'SOL',
        chainId: LOCAL,
        decimals: 9,
        quantity: { decimals: '9', numeric: String(SOLANA_DEV_ACCOUNT_SOL) },
        raw: String(lamports.value),
      },
      ...[feur!, fusd!].map((mint) => ({
        ...unpriced,
        name: mint.name,
        symbol: mint.symbol,
        chainId: LOCAL,
        address: `${LOCAL}:${mint.address}`,
        decimals: 6,
        quantity: { decimals: '6', numeric: String(SOLANA_DEV_TOKEN_AMOUNT) },
        raw: tokenRaw,
      })),
    ]
    const one = await balancesOf(`/v1/account/${owner}/balance?chainId=${LOCAL}`)
    expect(one.map(({ iconUrl: _, ...b }) => b)).toEqual(expected)
    expect(one.map((b) => b.symbol)).toEqual(['SOL', 'fEUR', 'fUSD'])
    // No chainId: a Solana address is read on every Solana chain the server serves (here the one).
    expect(await balancesOf(`/v1/account/${owner}/balance`)).toEqual(one)
  })

  it('a key that was never funded: just SOL, 0', async () => {
    const fresh = solanaDevAccounts(12)[11]!.address
    const balances = await balancesOf(`/v1/account/${fresh}/balance?chainId=${LOCAL}`)
    expect(balances.map((b) => [b.symbol, b.raw, b.quantity.numeric])).toEqual([['SOL', '0', '0']])
  })

  it('refuses a malformed Solana address, an EVM address for a Solana chain, and a chain it does not serve', async () => {
    const owner = standIn.accounts[1]!.address
    const cases: [string, number, string, RegExp][] = [
      // 44 base58 characters that decode to 33 bytes; a character outside base58; too short.
      [`zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz`, 400, 'invalid_address', /or a Solana address/],
      [`${owner.slice(0, -1)}l`, 400, 'invalid_address', /or a Solana address/],
      [owner.slice(0, 20), 400, 'invalid_address', /or a Solana address/],
      [`0x${'ab'.repeat(20)}`, 400, 'invalid_address', /must be a Solana address .* for chain solana:/],
    ]
    for (const [address, status, code, message] of cases) {
      const res = await get(`/v1/account/${address}/balance?chainId=${LOCAL}`)
      const { error } = (await res.json()) as { error: { code: string; message: string } }
      expect([address, res.status, error.code]).toEqual([address, status, code])
      expect(error.message).toMatch(message)
    }
    const unknown = await get(`/v1/account/${owner}/balance?chainId=${MAINNET}`)
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({
      error: {
        code: 'unknown_chain',
        message: `Chain ${MAINNET} is not served by this Foyer server (it serves ${LOCAL})`,
        details: { chainId: MAINNET, served: [LOCAL] },
      },
    })
    const malformedChain = await get(`/v1/account/${owner}/balance?chainId=solana:short`)
    expect(((await malformedChain.json()) as { error: { code: string } }).error.code).toBe('invalid_chain_id')
    // A Solana address on an EVM chain.
    const onEvm = await get(`/v1/account/${owner}/balance?chainId=31337`)
    expect([onEvm.status, ((await onEvm.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'invalid_address',
    ])
  })
}

describe('Solana balances on PGlite', () => suite(openTestPGlite))
describe.skipIf(!postgres.available)('Solana balances on Postgres', () => suite(() => openTestPostgres()))

describe('SolanaChains', () => {
  it('asks the node for its genesis hash when the block leaves it out, and names a public cluster', async () => {
    const { genesisHash: _, ...block } = describeSolanaStandIn(standIn)
    expect(await new SolanaChains(block, 5000).list()).toEqual([
      {
        chainId: LOCAL,
        name: block.name,
        rpcUrl: standIn.url,
        mints: block.mints,
        indexed: true,
        genesisHash: SOLANA_STAND_IN_GENESIS_HASH,
      },
    ])
    const mainnet = { ...block, genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d' }
    expect((await new SolanaChains(mainnet, 5000).list())[0]).toMatchObject({
      chainId: MAINNET,
      name: 'Solana',
      indexed: false,
    })
    expect(await new SolanaChains(undefined, 5000).list()).toEqual([])
    // The public clusters the operator set an RPC for come after the devnet file's chain, read through (not indexed);
    // none is asked of without one.
    const clusters = await new SolanaChains(block, 5000, { testnet: 'http://127.0.0.1:1/testnet' }).list()
    expect(clusters.map((c) => [c.chainId, c.name, c.indexed])).toEqual([
      [LOCAL, block.name, true],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', false],
    ])
    expect(new SolanaChains(undefined, 5000).configured).toBe(false)
    expect(new SolanaChains(undefined, 5000, { mainnet: 'http://127.0.0.1:1' }).configured).toBe(true)
  })
})

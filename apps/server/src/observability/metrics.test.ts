import {
  describeSolanaStandIn,
  SOLANA_STAND_IN_GENESIS_HASH,
  type SolanaStandIn,
  signAndSend,
  solanaDevAccounts,
  solTransfer,
  startSolanaStandIn,
} from '@foyer/devnet/solana'
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaCaipChainId } from '../balance/solanaBalances.ts'
import { loadConfig, type ServerConfig } from '../config.ts'
import { createServer } from '../index.ts'
import { SolanaIndexer } from '../indexer/solana/solanaIndexer.ts'
import { withSolanaHistoryTables } from '../indexer/solana/solanaTables.ts'
import { silentLogger } from '../log.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../test/backends.ts'
import { createMetrics } from './metrics.ts'

// The Solana indexer's gauges against the real Solana JSON-RPC stand-in (LiteSVM, on a free port) and PGlite: the
// metrics read on their own while an indexer steps, then /metrics of a whole server that indexes the stand-in, and
// of one that indexes no Solana chain.
const NETWORK = solanaCaipChainId(SOLANA_STAND_IN_GENESIS_HASH)
const LAG = 'foyer_solana_indexer_lag_slots'
const HEAD = 'foyer_solana_indexer_head_slot'
let standIn: SolanaStandIn
let t: TestDatabase

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0, accounts: 2 })
  t = await openTestPGlite()
}, BACKEND_TIMEOUT_MS)
afterAll(async () => {
  await t?.cleanup()
  await standIn?.stop()
}, BACKEND_TIMEOUT_MS)

/** The value of `name{network="<the stand-in>"}` in Prometheus text, or undefined when there is no such series. */
function gauge(text: string, name: string): number | undefined {
  const match = new RegExp(`^${name}\\{network="${NETWORK}"\\} (\\S+)$`, 'm').exec(text)
  return match ? Number(match[1]) : undefined
}

/** Any series of the Solana indexer's gauges (their HELP and TYPE lines are always there). */
const anySolanaSeries = /^foyer_solana_indexer_\w+\{/m

function testConfig(env: Record<string, string> = {}): ServerConfig {
  return loadConfig(
    { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data', ...env },
    { repoRoot: '/nonexistent' },
  )
}

let transfers = 0
/** Sends a few lamports (a different amount each time) from the stand-in's first dev account to its second: one new block. */
async function transfer(): Promise<void> {
  transfers++
  const [from, to] = solanaDevAccounts(2)
  const payer = await createKeyPairSignerFromPrivateKeyBytes(from!.privateKey)
  await signAndSend(standIn.url, payer, [solTransfer(payer, to!.address, BigInt(1_000 + transfers))])
}

async function waitFor<T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const v = await probe()
    if (v !== undefined) return v
    if (Date.now() > until) throw new Error(`condition not reached within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('Solana indexer gauges', () => {
  it('report nothing before the indexer saw a head, then the head and the slots not indexed yet, down to 0', async () => {
    const metrics = createMetrics({ database: t.database, defaultMetrics: false })
    const indexer = new SolanaIndexer({
      chain: describeSolanaStandIn(standIn),
      db: withSolanaHistoryTables(t.database.kysely),
      batchSize: 1,
    })
    metrics.setSolanaIndexers([indexer])
    const text = () => metrics.registry.metrics()
    expect(await text()).not.toMatch(anySolanaSeries)

    // One block a step: the lag is the head less the last slot the database holds.
    const first = await indexer.step()
    expect(first.kind).toBe('indexed')
    const head = gauge(await text(), HEAD)!
    expect(head).toBe(indexer.head)
    expect(head).toBeGreaterThan(0)
    expect(gauge(await text(), LAG)).toBe(head - (await indexer.lastSlot()))
    expect(gauge(await text(), LAG)).toBeGreaterThan(0)

    // Caught up: the stand-in's newest slot is the one in progress, without a block yet, and is no lag.
    await indexer.syncToHead()
    expect(await indexer.lastSlot()).toBeLessThan(indexer.head!)
    expect(gauge(await text(), LAG)).toBe(0)
    expect(gauge(await text(), HEAD)).toBe(indexer.head)

    // A new block: the head moves on once the indexer looks, the lag counts it until it is indexed.
    await transfer()
    const beforeStep = indexer.head!
    const step = await indexer.step()
    expect(step.kind).toBe('indexed')
    expect(gauge(await text(), HEAD)).toBeGreaterThan(beforeStep)
    await indexer.syncToHead()
    expect(gauge(await text(), LAG)).toBe(0)
  })

  it("are in a server's /metrics while it indexes the stand-in, labelled with its CAIP-2 id", async () => {
    const server = await createServer(
      { ...testConfig({ FOYER_INDEXER_POLL_MS: '50' }), solana: describeSolanaStandIn(standIn) },
      { database: t.database, logger: silentLogger },
    )
    try {
      const { url } = await server.listen()
      expect(server.indexer?.solana).toBeDefined()
      const scrape = async () => (await fetch(`${url}/metrics`)).text()
      await waitFor(async () => (gauge(await scrape(), LAG) === 0 ? true : undefined), 20_000)
      let text = await scrape()
      const head = gauge(text, HEAD)!
      expect(head).toBeGreaterThan(0)
      expect(text).toMatch(new RegExp(`^${HEAD}\\{network="solana:[1-9A-HJ-NP-Za-km-z]{32}"\\} \\d+$`, 'm'))

      // A new block: the server's indexer sees the head move and catches up again.
      await transfer()
      await waitFor(async () => {
        text = await scrape()
        return (gauge(text, HEAD) ?? 0) > head && gauge(text, LAG) === 0 ? true : undefined
      }, 20_000)
      expect(gauge(text, LAG)).toBeGreaterThanOrEqual(0)
    } finally {
      await server.close()
    }
  })

  it('are absent when the server indexes no Solana chain', async () => {
    // The database holds the stand-in's index state from the tests above; without an indexer nothing is reported.
    const server = await createServer(testConfig(), { database: t.database, logger: silentLogger })
    try {
      const { url } = await server.listen()
      expect(server.indexer).toBeUndefined()
      const text = await (await fetch(`${url}/metrics`)).text()
      expect(text).toMatch(/^foyer_db_up\{/m)
      expect(text).not.toMatch(anySolanaSeries)
      expect(text).not.toMatch(/^foyer_indexer_\w+\{/m)
    } finally {
      await server.close()
    }
  })
})

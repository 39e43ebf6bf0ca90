/**
 * `npm run bench -- --only=account-data` (and part of `npm run bench`): the account-data server under load, on this machine.
 *
 * - Indexer: one anvil (port 19290) with the devnet contracts and BLOCKS busy blocks of TXS_PER_BLOCK transactions
 *   each (half ERC-20 transfers, half ETH payments, between the ten dev accounts), indexed from block 0 to the head
 *   by a fresh ChainIndexer, on embedded PGlite and, when reachable, Postgres → blocks/s and transactions/s.
 * - Endpoints: the Foyer app listening on loopback, CONCURRENCY clients for SECONDS each →
 *   requests/s and p50/p95 latency of `GET /v1/account/{a}/balance` (live RPC reads + cached pool prices) and of
 *   `GET /v1/account/{a}/history` (first page, and a page from a cursor) on each database.
 * Writes `accountData` in bench/results.json and the block between the account-data markers of docs/performance.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet } from '@foyer/devnet'
import {
  ChainIndexer,
  createServer,
  type FoyerDatabase,
  loadConfig,
  openDatabase,
  parseDevnetFile,
  withHistoryTables,
} from '@foyer/server'
import { encodeFunctionData, parseAbi } from 'viem'
import { createScratchDatabase, probePostgres, TEST_POSTGRES_URL } from '../apps/server/src/test/backends.ts'

/** The rate limiter runs but never refuses the load generator (one address); docs/performance.md has its cost at the default limits. */
const COUNT_BUT_NEVER_LIMIT = { FOYER_RATE_LIMIT_PER_CLIENT: '1000000000', FOYER_RATE_LIMIT_PER_PROJECT: '1000000000' }

const BLOCKS = Number(process.env.FOYER_BENCH_BLOCKS ?? 1000)
const TXS_PER_BLOCK = Number(process.env.FOYER_BENCH_TXS_PER_BLOCK ?? 10)
const CONCURRENCY = 16
const SECONDS = Number(process.env.FOYER_BENCH_SECONDS ?? 3)
const PORT = 19290
export const accountDataTargets = { indexerBlocksPerSecond: 200 }

type Throughput = { requestsPerSecond: number; p50Ms: number; p95Ms: number; errors: number }
type IndexerFigures = {
  blocks: number
  transactions: number
  seconds: number
  blocksPerSecond: number
  transactionsPerSecond: number
  /** Where the time went: waiting for the node, decoding, writing (reads overlap writes, so these add up to more). */
  split: { rpcMs: number; decodeMs: number; writeMs: number }
}
export type AccountDataFigures = {
  date: string
  machine: string
  chain: { blocks: number; transactionsPerBlock: number }
  indexer: Record<string, IndexerFigures>
  balance: Throughput
  history: Record<string, { firstPage: Throughput; cursorPage: Throughput }>
  targets: typeof accountDataTargets
}

const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)'])

async function rpc(url: string, calls: { method: string; params: unknown[] }[]) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  })
  const answers = (await res.json()) as { error?: { message: string } }[]
  const failed = answers.find((a) => a.error)
  if (failed) throw new Error(failed.error!.message)
  return answers
}

/** BLOCKS blocks of TXS_PER_BLOCK transactions: anvil signs for its dev accounts, mining is manual. */
async function fillChain(rpcUrl: string, accounts: string[], token: string) {
  await rpc(rpcUrl, [{ method: 'evm_setAutomine', params: [false] }])
  for (let b = 0; b < BLOCKS; b++) {
    const sends = Array.from({ length: TXS_PER_BLOCK }, (_, i) => {
      const from = accounts[(b + i) % accounts.length]!
      const to = accounts[(b + i + 1 + (i % 3)) % accounts.length]!
      return i % 2 === 0
        ? {
            method: 'eth_sendTransaction',
            params: [
              {
                from,
                to: token,
                data: encodeFunctionData({
                  abi: erc20,
                  functionName: 'transfer',
                  args: [to as `0x${string}`, 1_000_000n + BigInt(b)],
                }),
                gas: '0x186a0',
              },
            ],
          }
        : {
            method: 'eth_sendTransaction',
            params: [{ from, to, value: `0x${(1_000_000_000n + BigInt(b)).toString(16)}`, gas: '0x5208' }],
          }
    })
    await rpc(rpcUrl, sends)
    await rpc(rpcUrl, [{ method: 'evm_mine', params: [] }])
  }
  await rpc(rpcUrl, [{ method: 'evm_setAutomine', params: [true] }])
}

async function load(url: string, seconds: number, headers: Record<string, string>): Promise<Throughput> {
  const latencies: number[] = []
  let errors = 0
  const until = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const started = performance.now()
        const res = await fetch(url, { headers })
        await res.arrayBuffer()
        if (!res.ok) errors++
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]! * 10) / 10
  return { requestsPerSecond: Math.round(latencies.length / seconds), p50Ms: at(0.5), p95Ms: at(0.95), errors }
}

export async function benchAccountData(): Promise<AccountDataFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-bench-account-'))
  const devnet = await startDevnet({
    chains: [{ id: 31337, name: 'Bench', port: PORT, portEnv: 'FOYER_BENCH' }],
    devnetFile: null,
  })
  const databases: { name: string; open: () => Promise<FoyerDatabase>; drop?: () => Promise<void> }[] = [
    { name: 'pglite', open: () => openDatabase({ pgliteDir: join(dir, 'pglite') }) },
  ]
  if ((await probePostgres()).available) {
    const scratch = await createScratchDatabase(TEST_POSTGRES_URL)
    databases.push({ name: 'postgres', open: () => openDatabase({ databaseUrl: scratch.url }), drop: scratch.drop })
  } else console.log('bench: Postgres not reachable, measuring PGlite only')
  try {
    const chain = devnet.info.chains[0]!
    const accounts = devnet.info.accounts.map((a) => a.address)
    console.log(`bench: filling a chain with ${BLOCKS} blocks of ${TXS_PER_BLOCK} transactions…`)
    await fillChain(chain.rpcUrl, accounts, chain.contracts.usd)
    const parsed = parseDevnetFile(JSON.stringify(devnet.info), [])!
    const config = {
      ...loadConfig({
        PORT: '0',
        LOG_LEVEL: 'error',
        FOYER_INDEXER: 'false',
        FOYER_DEVNET_FILE: '/nonexistent',
        FOYER_DATA_DIR: dir,
        ...COUNT_BUT_NEVER_LIMIT,
      }),
      chains: parsed.chains,
    }
    const indexer: AccountDataFigures['indexer'] = {}
    const history: AccountDataFigures['history'] = {}
    let balance: Throughput | undefined
    const account = accounts[3]!
    const headers = { 'x-project-id': 'foyer-demo' }
    for (const db of databases) {
      const database = await db.open()
      try {
        const follower = new ChainIndexer({ chain, db: withHistoryTables(database.kysely), batchSize: 100 })
        const started = performance.now()
        await follower.syncToHead()
        const seconds = (performance.now() - started) / 1000
        const blocks = (await follower.lastBlock()) + 1
        const transactions = Number(
          (
            (await database.kysely
              .selectFrom('chain_transactions' as never)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()) as { n: string }
          ).n,
        )
        indexer[db.name] = {
          blocks,
          transactions,
          seconds: Math.round(seconds * 100) / 100,
          blocksPerSecond: Math.round(blocks / seconds),
          transactionsPerSecond: Math.round(transactions / seconds),
          split: {
            rpcMs: Math.round(follower.timings.rpcMs),
            decodeMs: Math.round(follower.timings.decodeMs),
            writeMs: Math.round(follower.timings.writeMs),
          },
        }
        console.log(`bench: ${db.name} indexed ${blocks} blocks in ${indexer[db.name]!.seconds} s`)
        const server = await createServer(config, { database })
        const { url } = await server.listen()
        try {
          balance ??= await load(`${url}/v1/account/${account}/balance?currency=usd&chainId=31337`, SECONDS, headers)
          const first = await load(`${url}/v1/account/${account}/history?chainId=31337`, SECONDS, headers)
          const page = (await (
            await fetch(`${url}/v1/account/${account}/history?chainId=31337`, { headers })
          ).json()) as { next: string }
          const cursorPage = await load(
            `${url}/v1/account/${account}/history?chainId=31337&cursor=${page.next}`,
            SECONDS,
            headers,
          )
          history[db.name] = { firstPage: first, cursorPage }
        } finally {
          await server.close()
        }
      } finally {
        await database.close()
        await db.drop?.()
      }
    }
    return {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      chain: { blocks: BLOCKS, transactionsPerBlock: TXS_PER_BLOCK },
      indexer,
      balance: balance!,
      history,
      targets: accountDataTargets,
    }
  } finally {
    await devnet.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export function accountDataTable(f: AccountDataFigures): string {
  const rows = ['| measure | PGlite | Postgres | target | met |', '|---|---|---|---|---|']
  const both = (pick: (name: string) => string | number | undefined) => [pick('pglite') ?? '—', pick('postgres') ?? '—']
  const met = (name: string) =>
    f.indexer[name] ? f.indexer[name]!.blocksPerSecond >= f.targets.indexerBlocksPerSecond : undefined
  const metCell = ['pglite', 'postgres'].map(met).filter((m) => m !== undefined)
  rows.push(
    `| Indexer, blocks/s (${f.chain.transactionsPerBlock} tx a block) | ${both((n) => f.indexer[n]?.blocksPerSecond).join(' | ')} | ≥ ${f.targets.indexerBlocksPerSecond} | ${metCell.every(Boolean) ? 'yes' : '**no**'} |`,
  )
  rows.push(`| Indexer, transactions/s | ${both((n) => f.indexer[n]?.transactionsPerSecond).join(' | ')} |  |  |`)
  rows.push(
    `| Indexer time: waiting for the node / decoding / writing, ms | ${both((n) => f.indexer[n] && `${f.indexer[n]!.split.rpcMs} / ${f.indexer[n]!.split.decodeMs} / ${f.indexer[n]!.split.writeMs}`).join(' | ')} |  |  |`,
  )
  const fmt = (t?: Throughput) =>
    t
      ? `${t.requestsPerSecond} req/s (p50 ${t.p50Ms} ms, p95 ${t.p95Ms} ms${t.errors ? `, ${t.errors} errors` : ''})`
      : '—'
  rows.push(`| \`GET …/balance\` (3 tokens, live RPC) | ${fmt(f.balance)} | (same: no database) |  |  |`)
  rows.push(`| \`GET …/history\`, first page | ${both((n) => fmt(f.history[n]?.firstPage)).join(' | ')} |  |  |`)
  rows.push(`| \`GET …/history\`, from a cursor | ${both((n) => fmt(f.history[n]?.cursorPage)).join(' | ')} |  |  |`)
  return rows.join('\n')
}

/** Runs the section and records it: `accountData` in the results file, its own marked block in the docs. */
export async function runAccountDataBench({ resultsFile, docsFile }: { resultsFile: string; docsFile: string }) {
  console.log('bench: account data (indexer and endpoints)…')
  const figures = await benchAccountData()
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {}
  writeFileSync(resultsFile, `${JSON.stringify({ ...previous, accountData: figures }, null, 2)}\n`)
  const table = accountDataTable(figures)
  const doc = readFileSync(docsFile, 'utf8')
  const marker = /<!-- bench:account-data:start -->[\s\S]*<!-- bench:account-data:end -->/
  const load = loadavg()[0]!.toFixed(1)
  const block = `<!-- bench:account-data:start -->\nMeasured ${figures.date.slice(0, 10)} (${figures.machine}; load average ${load} on ${cpus().length} cores at the end; ${CONCURRENCY} concurrent clients, ${SECONDS} s each):\n\n${table}\n<!-- bench:account-data:end -->`
  writeFileSync(docsFile, marker.test(doc) ? doc.replace(marker, block) : `${doc}\n${block}\n`)
  console.log(`\n${table}\n`)
}

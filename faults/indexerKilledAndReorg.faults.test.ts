/**
 * The indexer killed in the middle of its work, then the chain reorganised, while transfers keep coming.
 *
 * A server process follows an anvil chain with small steps (3 blocks a step) and is killed with SIGKILL three
 * times while it is behind the head; each time the database holds whole steps only (nothing above the cursor,
 * every block up to it the chain's). A fresh process resumes. Then the chain is reorganised twice under the running
 * indexer: reverted to a snapshot and continued on another branch (longer), and `anvil_reorg` replacing the top
 * blocks at the same height. Afterwards the index equals the chain: every block once, no gap, every transaction of
 * the canonical chain and no other; the history the server answers has each kept transfer once and none of the
 * dropped blocks' transfers.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../apps/server/src/db/index.ts'
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/src/test/backends.ts'
import { FaultProxy } from './faultProxy.ts'
import { type ServerProcess, startServerProcess } from './serverProcess.ts'

const ANVIL_PORT = 19852
const SERVER_PORT = 19862
const CHAIN_ID = 31337

let devnet: RunningDevnet
let scratch: ScratchDatabase
let db: pg.Pool
let dir: string
let server: ServerProcess | undefined
let rpcUrl = ''
const accounts: string[] = []
let transfers: ReturnType<typeof startTransfers>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-faults-indexer-'))
  devnet = await startDevnet({
    chains: [{ id: CHAIN_ID, name: 'Fault chain', port: ANVIL_PORT, portEnv: 'TEST' }],
    devnetFile: join(dir, 'devnet.json'),
  })
  rpcUrl = devnet.info.chains[0]!.rpcUrl
  accounts.push(...devnet.info.accounts.map((a) => a.address.toLowerCase()))
  scratch = await createScratchDatabase()
  // Migrated before the first server starts, so the cursor can be read from the first moment.
  await (await openDatabase({ databaseUrl: scratch.url, pgliteDir: join(dir, 'pglite') })).close()
  db = new pg.Pool({ connectionString: scratch.url, max: 2 })
  const admin = new URL(scratch.url)
  pgProxy = await FaultProxy.start(`${admin.hostname}:${admin.port || 5432}`)
  transfers = startTransfers()
}, 180_000)

afterAll(async () => {
  await transfers?.stop()
  await server?.kill()
  await db?.end()
  await pgProxy?.stop()
  await scratch?.drop()
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The server's database connection goes through this proxy: slowed down while it is killed, so a kill lands in a write. */
let pgProxy: FaultProxy
const proxiedUrl = () => {
  const url = new URL(scratch.url)
  url.port = String(pgProxy.port)
  return url.toString()
}

const startServer = () =>
  startServerProcess(
    {
      DATABASE_URL: proxiedUrl(),
      FOYER_DEVNET_FILE: join(dir, 'devnet.json'),
      FOYER_DATA_DIR: dir,
      FOYER_INDEXER_BATCH: '3',
      FOYER_INDEXER_POLL_MS: '100',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
    },
    SERVER_PORT,
  )

let rpcId = 0
async function rpcBatch<T = any>(calls: [string, unknown[]][]): Promise<T[]> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params]) => ({ jsonrpc: '2.0', id: ++rpcId, method, params }))),
  })
  const answers = (await res.json()) as { id: number; result?: T; error?: { message: string } }[]
  answers.sort((a, b) => a.id - b.id)
  for (const a of answers) if (a.error) throw new Error(a.error.message)
  return answers.map((a) => a.result as T)
}
const rpc = async <T = any>(method: string, params: unknown[] = []) => (await rpcBatch<T>([[method, params]]))[0]!
const hex = (n: number) => `0x${n.toString(16)}`
const chainHead = async () => Number(await rpc<string>('eth_blockNumber'))
const send = (from: number, to: number) =>
  rpc<string>('eth_sendTransaction', [{ from: accounts[from], to: accounts[to], value: '0x1' }]).then((h) =>
    h.toLowerCase(),
  )

async function cursor(): Promise<{ last: number; hash: string | null }> {
  const { rows } = await db.query('select last_block, last_hash from chain_index_state where chain_id = $1', [CHAIN_ID])
  return rows[0] ? { last: Number(rows[0].last_block), hash: rows[0].last_hash } : { last: -1, hash: null }
}

/** Whether another connection (the server's indexer) has a transaction open on the database right now. */
async function writeInFlight(): Promise<boolean> {
  const { rows } = await db.query(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
  )
  return rows[0].n > 0
}

/** Visitors' transfers, one every ~80 ms (each is a block: anvil mines on every transaction), until stopped. */
function startTransfers() {
  const sent: string[] = []
  let running = true
  const loop = (async () => {
    for (let i = 0; running; i++) {
      // 8 → 9 and 9 → 7 in turn; a send racing a revert may fail, the next one goes on
      await send(8 + (i % 2), i % 2 ? 7 : 9).then(
        (hash) => void sent.push(hash),
        () => {},
      )
      await sleep(80)
    }
  })()
  return {
    sent,
    stop: async () => {
      running = false
      await loop
    },
  }
}

/** A backlog of `n` blocks with a transfer each, sent as fast as anvil takes them. */
async function backlog(n: number) {
  for (let i = 0; i < n; i++) await send(6, 5)
}

/** The chain's blocks 0..`top`: hash and transaction hashes. */
async function chainBlocks(top: number) {
  const blocks: { hash: string; transactions: string[] }[] = []
  for (let from = 0; from <= top; from += 200) {
    const numbers = Array.from({ length: Math.min(200, top - from + 1) }, (_, i) => from + i)
    blocks.push(...(await rpcBatch(numbers.map((n) => ['eth_getBlockByNumber', [hex(n), false]]))))
  }
  return blocks.map((b) => ({ hash: b.hash.toLowerCase(), transactions: b.transactions.map((t) => t.toLowerCase()) }))
}

/** What is in the tables up to block `last`, and whether anything lies above it. */
async function expectIndexEqualsChain(last: number) {
  const chain = await chainBlocks(last)
  const blocks = await db.query('select number, hash from chain_blocks where chain_id = $1 order by number', [CHAIN_ID])
  // No gap, no duplicate, nothing above the cursor: exactly 0..last, each the chain's block.
  expect(blocks.rows.map((r) => Number(r.number))).toEqual(chain.map((_, i) => i))
  expect(blocks.rows.map((r) => r.hash)).toEqual(chain.map((b) => b.hash))
  const txs = await db.query(
    'select hash from chain_transactions where chain_id = $1 order by block_number, tx_index',
    [CHAIN_ID],
  )
  expect(txs.rows.map((r) => r.hash)).toEqual(chain.flatMap((b) => b.transactions))
  // History and transfers only of indexed transactions (none left from a dropped block), and nothing above the cursor.
  const orphans = await db.query(
    `select
       (select count(*) from account_history h where h.chain_id = $1 and (h.block_number > $2 or not exists
         (select 1 from chain_transactions t where t.chain_id = h.chain_id and t.hash = h.tx_hash
            and t.block_number = h.block_number)))::int as history,
       (select count(*) from chain_transfers f where f.chain_id = $1 and (f.block_number > $2 or not exists
         (select 1 from chain_transactions t where t.chain_id = f.chain_id and t.hash = f.tx_hash
            and t.block_number = f.block_number)))::int as transfers`,
    [CHAIN_ID, last],
  )
  expect(orphans.rows[0]).toEqual({ history: 0, transfers: 0 })
  // And no indexed transaction without its history: every sender has the entry.
  const missing = await db.query(
    `select count(*)::int as n from chain_transactions t where t.chain_id = $1 and not exists
       (select 1 from account_history h where h.chain_id = t.chain_id and h.tx_hash = t.hash
          and h.address = t.from_address)`,
    [CHAIN_ID],
  )
  expect(missing.rows[0].n).toBe(0)
  const duplicates = await db.query(
    'select address, tx_hash from account_history where chain_id = $1 group by address, tx_hash having count(*) > 1',
    [CHAIN_ID],
  )
  expect(duplicates.rows).toEqual([])
  return chain
}

/** Waits until the indexer has the chain's head (number and hash); the chain must be still. */
async function settled(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const head = await rpc<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false])
    const at = await cursor()
    if (at.last === Number(head.number) && at.hash === head.hash.toLowerCase()) return at.last
    if (Date.now() > until) throw new Error(`the indexer is at ${at.last}, the chain at ${Number(head.number)}`)
    await sleep(100)
  }
}

/** Waits until anvil has mined these transactions (it answers eth_sendTransaction before it mines). */
async function mined(hashes: string[]) {
  for (const until = Date.now() + 10_000; Date.now() < until; await sleep(20)) {
    const receipts = await rpcBatch(hashes.map((h) => ['eth_getTransactionReceipt', [h]]))
    if (receipts.every(Boolean)) return
  }
  throw new Error('anvil did not mine the transactions')
}

/** Waits until the indexer has reached at least the head as it is now (the chain may move on). */
async function caughtUp(timeoutMs = 60_000) {
  const head = await chainHead()
  const until = Date.now() + timeoutMs
  while ((await cursor()).last < head) {
    if (Date.now() > until) throw new Error(`the indexer did not reach block ${head}`)
    await sleep(50)
  }
}

/** Every transaction hash of the account's history as the server answers it, all pages. */
async function apiHistory(address: string): Promise<string[]> {
  const hashes: string[] = []
  let next: string | null = null
  do {
    const query = new URLSearchParams({ projectId: 'foyer-demo', chainId: `eip155:${CHAIN_ID}`, limit: '50' })
    if (next) query.set('cursor', next)
    const res = await fetch(`${server!.apiUrl}/v1/account/${address}/history?${query}`)
    expect(res.status).toBe(200)
    const page = (await res.json()) as { data: { metadata: { hash: string } }[]; next: string | null }
    hashes.push(...page.data.map((e) => e.metadata.hash.toLowerCase()))
    next = page.next
  } while (next)
  return hashes
}

/** What the last run saw, for docs/reliability.md. */
const figures: Record<string, unknown> = {}

describe('the indexer killed mid-step, then the chain reorganised', () => {
  it('killed with SIGKILL three times while behind the head: only whole steps are in the database', async () => {
    const kills: { cursor: number; head: number; midWrite: boolean }[] = []
    for (let k = 0; k < 3; k++) {
      await backlog(60)
      const from = (await cursor()).last
      await pgProxy.set({ kind: 'pass' })
      server = await startServer()
      // Each answer of the database 25 ms late: a step's write (cursor, blocks, transactions, transfers, history)
      // takes long enough for the kill to land inside it.
      await pgProxy.set({ kind: 'delay', ms: 25 })
      // Kill once it has made progress, is still behind the head, and has a write transaction open.
      let midWrite = false
      for (const until = Date.now() + 20_000; !midWrite && Date.now() < until; ) {
        if ((await cursor()).last >= from + 6) midWrite = await writeInFlight()
        else await sleep(10)
      }
      await server.kill()
      server = undefined
      const head = await chainHead()
      const killedAt = (await cursor()).last
      expect(killedAt).toBeGreaterThan(from)
      expect(killedAt).toBeLessThan(head)
      kills.push({ cursor: killedAt, head, midWrite })
      await expectIndexEqualsChain(killedAt)
    }
    figures.kills = kills
    // At least one kill cut a step's transaction (the others landed between statements of the work).
    expect(kills.some((k) => k.midWrite)).toBe(true)
    // A fresh process resumes where the last one stopped and catches up, writing nothing twice.
    await pgProxy.set({ kind: 'pass' })
    server = await startServer()
    await caughtUp()
  })

  it('follows a revert to a snapshot and a longer other branch, and anvil_reorg at the same height', async () => {
    const snapshot = await rpc<string>('evm_snapshot')
    const doomed: string[] = []
    for (let i = 0; i < 4; i++) doomed.push(await send(4, 3))
    await mined(doomed)
    await caughtUp()
    // The dropped branch was indexed and answered before the reorganisation.
    expect(await apiHistory(accounts[3]!)).toEqual(expect.arrayContaining(doomed))
    const headBefore = await chainHead()
    expect(await rpc<boolean>('evm_revert', [snapshot])).toBe(true)
    const kept: string[] = []
    for (let i = 0; i < 3; i++) kept.push(await send(4, 2))
    await mined(kept)
    await rpc('anvil_mine', [hex(10)])
    await caughtUp()
    // Then the top blocks replaced at the same height.
    const replaced = await rpc<{ hash: string; transactions: string[] }>('eth_getBlockByNumber', ['latest', false])
    await rpc('anvil_reorg', [3, []])
    await transfers.stop()
    const last = await settled()
    const chain = await expectIndexEqualsChain(last)
    expect(chain.map((b) => b.hash)).not.toContain(replaced.hash.toLowerCase())

    const onChain = new Set(chain.flatMap((b) => b.transactions))
    for (const hash of doomed) expect(onChain.has(hash)).toBe(false)
    // The server's answers: each kept transfer once, nothing of the dropped blocks.
    const three = await apiHistory(accounts[3]!)
    for (const hash of doomed) expect(three).not.toContain(hash)
    const two = await apiHistory(accounts[2]!)
    for (const hash of kept.filter((h) => onChain.has(h))) expect(two.filter((h) => h === hash)).toHaveLength(1)
    const visitors = [7, 8, 9].map((i) => accounts[i]!)
    const answered = (await Promise.all(visitors.map(apiHistory))).flat()
    const dropped = transfers.sent.filter((h) => !onChain.has(h))
    const canonical = transfers.sent.filter((h) => onChain.has(h))
    for (const hash of dropped) expect(answered).not.toContain(hash)
    // Each visitor transfer is in its sender's and its recipient's history: twice over the three accounts.
    for (const hash of canonical) expect(answered.filter((h) => h === hash)).toHaveLength(2)
    expect(dropped.length).toBeGreaterThan(0)
    figures.reorg = {
      headBeforeRevert: headBefore,
      headAfter: last,
      transfersSent: transfers.sent.length,
      transfersDropped: dropped.length,
      doomedDropped: doomed.length,
      keptOnChain: kept.filter((h) => onChain.has(h)).length,
      blocksIndexed: last + 1,
    }
    console.log(`indexerKilledAndReorg figures:\n${JSON.stringify(figures, null, 1)}`)
  })
})

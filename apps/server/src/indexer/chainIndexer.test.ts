import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { sql } from 'kysely'
import { type Address, createPublicClient, createTestClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'
import { ChainIndexer } from './chainIndexer.ts'
import { type AccountHistoryDb, withHistoryTables } from './tables.ts'

// anvil on 19200 (the account-data test range), deployed and seeded like `npm start`.
const postgres = await probePostgresFor('chainIndexer.test.ts')

let devnet: RunningDevnet
beforeAll(async () => {
  devnet = await startDevnet({
    chains: [{ id: 31337, name: 'Indexer test', port: 19200, portEnv: 'TEST' }],
    devnetFile: null,
  })
}, BACKEND_TIMEOUT_MS)
afterAll(async () => devnet?.stop())

const chainInfo = () => devnet.info.chains[0]!
const rpcUrl = () => chainInfo().rpcUrl
const account = (i: number) => privateKeyToAccount(devnet.info.accounts[i]!.privateKey)
const publicClient = () => createPublicClient({ transport: http(rpcUrl()) })
const testClient = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl()) })

async function send(from: number, to: Address, value: bigint) {
  const wallet = createWalletClient({ account: account(from), transport: http(rpcUrl()) })
  const hash = await wallet.sendTransaction({ to, value, chain: null })
  await publicClient().waitForTransactionReceipt({ hash })
  return hash.toLowerCase()
}

function suite(open: () => Promise<TestDatabase>) {
  let t: TestDatabase
  let db: AccountHistoryDb
  const indexer = (batchSize = 7) =>
    new ChainIndexer({ chain: { id: 31337, name: 'Indexer test', rpcUrl: rpcUrl() }, db, batchSize })
  const historyOf = async (address: string) =>
    db
      .selectFrom('account_history')
      .select(['tx_hash', 'block_number'])
      .where('address', '=', address.toLowerCase())
      .orderBy('block_number')
      .execute()

  beforeAll(async () => {
    t = await open()
    db = withHistoryTables(t.database.kysely)
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  it('indexes the seeded chain to its head: every transaction, transfer and touched account', async () => {
    const head = Number(await publicClient().getBlockNumber())
    await indexer().syncToHead()
    expect(
      Number((await db.selectFrom('chain_index_state').select('last_block').executeTakeFirstOrThrow()).last_block),
    ).toBe(head)
    const blocks = await db
      .selectFrom('chain_blocks')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(blocks.n).toBe(head + 1)
    const client = createPublicClient({ transport: http(rpcUrl(), { batch: true }) })
    const perBlock = await Promise.all(
      Array.from({ length: head }, (_, i) => client.getBlockTransactionCount({ blockNumber: BigInt(i + 1) })),
    )
    const txs = await db
      .selectFrom('chain_transactions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(txs.n).toBe(perBlock.reduce((a, b) => a + b, 0))
    // Account 3 sent five and received the ring's ETH and fUSD, two mints and two NFT airdrops
    const three = account(3).address.toLowerCase()
    const sentByThree = await db
      .selectFrom('chain_transactions')
      .select('hash')
      .where('from_address', '=', three)
      .execute()
    expect(sentByThree.length).toBe(await publicClient().getTransactionCount({ address: account(3).address }))
    const history = (await historyOf(three)).map((h) => h.tx_hash)
    expect(history).toEqual(expect.arrayContaining(sentByThree.map((t) => t.hash)))
    // (the other backend's run, on the same chain, may have added more)
    expect(history.length).toBeGreaterThanOrEqual(5 + 2 + 2 + 2)
    const nfts = await db
      .selectFrom('chain_transfers')
      .selectAll()
      .where('to_address', '=', three)
      .where('standard', '=', 'erc721')
      .execute()
    expect(nfts.map((n) => n.token_address).sort()).toEqual(
      chainInfo()
        .nfts.map((n) => n.address.toLowerCase())
        .sort(),
    )
  })

  it('catches a new transfer on the next step, in both accounts’ history', async () => {
    const to = account(8).address
    const hash = await send(7, to, parseEther('0.123'))
    const step = await indexer().step()
    expect(step.kind).toBe('indexed')
    expect((await historyOf(to)).map((h) => h.tx_hash)).toContain(hash)
    expect((await historyOf(account(7).address)).map((h) => h.tx_hash)).toContain(hash)
    const transfer = await db
      .selectFrom('chain_transfers')
      .selectAll()
      .where('tx_hash', '=', hash)
      .executeTakeFirstOrThrow()
    expect(transfer).toMatchObject({
      standard: 'native',
      amount: parseEther('0.123').toString(),
      to_address: to.toLowerCase(),
    })
  })

  it('follows a reorganisation: the dropped block’s entries go, the new branch’s come in', async () => {
    const snapshot = await testClient().snapshot()
    const dropped = await send(6, account(9).address, parseEther('1'))
    await indexer().syncToHead()
    expect((await historyOf(account(9).address)).map((h) => h.tx_hash)).toContain(dropped)

    await testClient().revert({ id: snapshot })
    // The other branch: a different transfer, then one more block so it is longer than the dropped one.
    const kept = await send(6, account(2).address, parseEther('2'))
    await testClient().mine({ blocks: 1 })
    const steps = []
    for (let i = 0; i < 5; i++) {
      const s = await indexer().step()
      steps.push(s.kind)
      if (s.kind === 'caught-up') break
    }
    expect(steps).toContain('rewound')
    expect((await historyOf(account(9).address)).map((h) => h.tx_hash)).not.toContain(dropped)
    expect((await historyOf(account(2).address)).map((h) => h.tx_hash)).toContain(kept)
    expect(await db.selectFrom('chain_transactions').select('hash').where('hash', '=', dropped).execute()).toEqual([])
    const head = await publicClient().getBlock()
    const state = await db.selectFrom('chain_index_state').selectAll().executeTakeFirstOrThrow()
    expect({ last: Number(state.last_block), hash: state.last_hash }).toEqual({
      last: Number(head.number),
      hash: head.hash.toLowerCase(),
    })
  })

  it('follows anvil_reorg at the same height (blocks replaced, not removed)', async () => {
    await send(5, account(4).address, parseEther('0.5'))
    await indexer().syncToHead()
    const before = await publicClient().getBlock()
    await testClient().request({ method: 'anvil_reorg' as never, params: [1, []] as never })
    const after = await publicClient().getBlock()
    expect(after.number).toBe(before.number)
    expect(after.hash).not.toBe(before.hash)
    const first = await indexer().step()
    expect(first.kind).toBe('rewound')
    await indexer().syncToHead()
    const state = await db.selectFrom('chain_index_state').selectAll().executeTakeFirstOrThrow()
    expect(state.last_hash).toBe(after.hash.toLowerCase())
  })

  it('resumes where it stopped after a restart, writing nothing twice', async () => {
    const hash = await send(4, account(5).address, parseEther('0.01'))
    await testClient().mine({ blocks: 20 })
    const partial = indexer(3)
    await partial.step()
    const stoppedAt = await partial.lastBlock()
    if (t.reopen) {
      await t.reopen()
      db = withHistoryTables(t.database.kysely)
    }
    const again = indexer(3)
    expect(await again.lastBlock()).toBe(stoppedAt)
    await again.syncToHead()
    expect(await again.lastBlock()).toBe(Number(await publicClient().getBlockNumber()))
    expect((await historyOf(account(5).address)).filter((h) => h.tx_hash === hash)).toHaveLength(1)
  })

  it('two indexers on one database (two server instances) never write a block twice', async () => {
    for (let i = 0; i < 3; i++) await send(3, account(6).address, parseEther('0.001'))
    await testClient().mine({ blocks: 30 })
    await Promise.all([indexer(4).syncToHead(), indexer(5).syncToHead()])
    const duplicates = await db
      .selectFrom('chain_blocks')
      .select(['number', sql<number>`count(*)::int`.as('n')])
      .groupBy('number')
      .having(sql`count(*)`, '>', 1)
      .execute()
    expect(duplicates).toEqual([])
    const head = Number(await publicClient().getBlockNumber())
    const blocks = await db
      .selectFrom('chain_blocks')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    expect(blocks.n).toBe(head + 1)
  })

  it('starts again from block 0 when the chain has another genesis (a restarted devnet)', async () => {
    await db.updateTable('chain_index_state').set({ genesis_hash: '0xnot-this-chain' }).execute()
    const step = await indexer().step()
    expect(step).toEqual({ kind: 'reset', reason: 'genesis changed' })
    expect(await indexer().lastBlock()).toBe(-1)
    expect(await db.selectFrom('account_history').select('tx_hash').execute()).toEqual([])
    await indexer(50).syncToHead()
    expect(await indexer().lastBlock()).toBe(Number(await publicClient().getBlockNumber()))
  })
}

describe('ChainIndexer on PGlite', () => suite(openTestPGlite))
describe.skipIf(!postgres.available)('ChainIndexer on Postgres', () => suite(() => openTestPostgres()))

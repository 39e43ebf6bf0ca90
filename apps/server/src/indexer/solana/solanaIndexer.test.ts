import { AccountHistoryResponse, type HistoryEntry } from '@foyer/core/protocol'
import {
  describeSolanaStandIn,
  SOLANA_STAND_IN_GENESIS_HASH,
  type SolanaStandIn,
  signAndSend,
  solanaDevAccounts,
  solTransfer,
  startSolanaStandIn,
} from '@foyer/devnet/solana'
import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../../app.ts'
import { solanaCaipChainId } from '../../balance/solanaBalances.ts'
import { loadConfig, type ServerConfig } from '../../config.ts'
import { seedProjects } from '../../projects/seed.ts'
import { ProjectStore } from '../../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../../test/backends.ts'
import { probePostgresFor } from '../../test/eachBackend.ts'
import { TOKEN_2022_PROGRAM } from './decodeSolanaTransaction.ts'
import { SolanaIndexer } from './solanaIndexer.ts'
import { type SolanaHistoryDb, withSolanaHistoryTables } from './solanaTables.ts'

// The real Solana JSON-RPC stand-in (LiteSVM) on a free port, indexed into PGlite and Postgres. Each backend's suite
// moves tokens between its own dev accounts, so what one suite sends shows in the other's index without touching its
// figures.
const postgres = await probePostgresFor('solanaIndexer.test.ts')

const LOCAL = solanaCaipChainId(SOLANA_STAND_IN_GENESIS_HASH)
/** Devnet's CAIP-2 id: the public cluster, here answered by the stand-in through the read-through path. */
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const ACCOUNTS = 8
let standIn: SolanaStandIn
let rpc: ReturnType<typeof createSolanaRpc>
let config: ServerConfig

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0, accounts: ACCOUNTS })
  rpc = createSolanaRpc(standIn.url)
  const base = loadConfig(
    { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data' },
    { repoRoot: '/nonexistent' },
  )
  config = { ...base, solana: describeSolanaStandIn(standIn), solanaClusters: { devnet: standIn.url } }
}, BACKEND_TIMEOUT_MS)
afterAll(() => standIn?.stop())

const signer = (index: number): Promise<KeyPairSigner> =>
  createKeyPairSignerFromPrivateKeyBytes(solanaDevAccounts(index + 1)[index]!.privateKey)

/** Builds, signs and sends a transaction with kit, as a wallet would; answers its signature. */
const send = (payer: KeyPairSigner, instructions: Instruction[]) => signAndSend(standIn.url, payer, instructions)

const ata = async (owner: Address, mint: Address, tokenProgram: Address) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0]

const indexer = (db: SolanaHistoryDb, batchSize = 100) =>
  new SolanaIndexer({ chain: describeSolanaStandIn(standIn), db, batchSize, pollMs: 20 })

function suite(open: () => Promise<TestDatabase>, first: number) {
  let t: TestDatabase
  let db: SolanaHistoryDb
  let app: FoyerApp
  const get = (path: string) => app.request(path, { headers: { 'x-project-id': 'foyer-demo' } })
  const historyOf = async (address: string, query = `chainId=${LOCAL}`) => {
    const res = await get(`/v1/account/${address}/history?${query}`)
    expect(res.status).toBe(200)
    return v.parse(v.strictObject(AccountHistoryResponse.entries), await res.json())
  }
  const moves = (entry: HistoryEntry) =>
    entry.transfers.map((m) => [
      m.direction,
      m.standard,
      m.fungible_info?.symbol,
      m.fungible_info?.decimals,
      m.quantity.numeric,
    ])
  const counts = async () => {
    const one = async (table: 'solana_transactions' | 'solana_transfers' | 'solana_account_history') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return {
      transactions: await one('solana_transactions'),
      transfers: await one('solana_transfers'),
      history: await one('solana_account_history'),
    }
  }
  const sender = first
  const receiver = first + 1
  let sent: { sol: string; fusd: string; feur: string }

  beforeAll(async () => {
    t = await open()
    db = withSolanaHistoryTables(t.database.kysely)
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: t.database, config, projects })

    const from = await signer(sender)
    const to = standIn.accounts[receiver]!.address
    const [fusd, feur] = standIn.mints
    sent = {
      sol: await send(from, [solTransfer(from, to, 1_500_000_000n)]),
      // fUSD with the Token program's plain Transfer (the mint comes from the token balances)…
      fusd: await send(from, [
        getTransferInstruction({
          source: await ata(from.address, fusd!.address as Address, TOKEN_PROGRAM_ADDRESS),
          destination: await ata(to, fusd!.address as Address, TOKEN_PROGRAM_ADDRESS),
          authority: from,
          amount: 12_500_000n,
        }),
      ]),
      // …fEUR with Token-2022's TransferChecked.
      feur: await send(from, [
        getTransferCheckedInstruction(
          {
            source: await ata(from.address, feur!.address as Address, TOKEN_2022_PROGRAM as Address),
            mint: feur!.address as Address,
            destination: await ata(to, feur!.address as Address, TOKEN_2022_PROGRAM as Address),
            authority: from,
            amount: 3_250_000n,
            decimals: 6,
          },
          { programAddress: TOKEN_2022_PROGRAM as Address },
        ),
      ]),
    }
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  it('two indexers at once on one database write every block once', async () => {
    const a = indexer(db, 3)
    const b = indexer(db, 3)
    await Promise.all([a.syncToHead(), b.syncToHead()])
    const slots = await rpc.getBlocks((await rpc.getBlocksWithLimit(0n, 1).send())[0]!).send()
    expect(await a.lastSlot()).toBe(Number(slots.at(-1)))
    // One transaction per stand-in block, each written once (the primary keys would refuse a second write; the
    // counts show that none was lost either).
    const { transactions } = await counts()
    expect(transactions).toBe(slots.length)
    const distinct = await db
      .selectFrom('solana_transactions')
      .select((eb) => eb.fn.count('signature').distinct().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(distinct.n)).toBe(transactions)
    expect(a.blocksIndexed + b.blocksIndexed).toBe(slots.length)
  })

  it("SOL, fUSD (Token) and fEUR (Token-2022) show in both accounts' history, with direction and amounts", async () => {
    const from = standIn.accounts[sender]!.address
    const to = standIn.accounts[receiver]!.address
    const out = await historyOf(from)
    const inn = await historyOf(to)
    expect(out.data.slice(0, 3).map((e) => e.metadata.hash)).toEqual([sent.feur, sent.fusd, sent.sol])
    expect(inn.data.slice(0, 3).map((e) => e.metadata.hash)).toEqual([sent.feur, sent.fusd, sent.sol])
    expect(out.data.slice(0, 3).map(moves)).toEqual([
      [['out', 'spl', 'fEUR', 6, '3.25']],
      [['out', 'spl', 'fUSD', 6, '12.5']],
      [['out', 'native', 'SOL', 9, '1.5']],
    ])
    expect(inn.data.slice(0, 3).map(moves)).toEqual([
      [['in', 'spl', 'fEUR', 6, '3.25']],
      [['in', 'spl', 'fUSD', 6, '12.5']],
      [['in', 'native', 'SOL', 9, '1.5']],
    ])
    const sol = out.data[2]!
    expect(sol).toMatchObject({
      id: `${LOCAL}:${sent.sol}`,
      metadata: { operationType: 'send', chain: LOCAL, status: 'confirmed', sentFrom: from, sentTo: to, nonce: 0 },
    })
    expect(sol.transfers[0]).toMatchObject({
      sender: from,
      recipient: to,
      quantity: { raw: '1500000000' },
      fungible_info: { address: 'So11111111111111111111111111111111111111111', name: 'Solana' },
    })
    expect(inn.data[1]!.transfers[0]!.fungible_info).toMatchObject({
      address: standIn.mints[0]!.address,
      name: 'Foyer USD',
    })
    expect(inn.data[0]!.metadata.operationType).toBe('receive')
    const tx = await rpc
      .getTransaction(sent.sol as never, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(sol.metadata.blockNumber).toBe(Number(tx!.slot))
    expect(sol.metadata.minedAt).toBe(new Date(Number(tx!.blockTime) * 1000).toISOString())
    // Without chainId a Solana address reads the indexed Solana chains: the same page.
    expect(await historyOf(from, '')).toEqual(out)
  })

  it('pages as EVM history does: limit, then next until null, no repeat and no gap', async () => {
    const from = standIn.accounts[sender]!.address
    const all = (await historyOf(from, `chainId=${LOCAL}&limit=50`)).data.map((e) => e.id)
    const paged: string[] = []
    let cursor: string | null = null
    do {
      const page: AccountHistoryResponse = await historyOf(
        from,
        `chainId=${LOCAL}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      expect(page.data.length).toBeLessThanOrEqual(2)
      paged.push(...page.data.map((e) => e.id))
      cursor = page.next
    } while (cursor)
    expect(paged).toEqual(all)
    // Its three sends at least, so two pages.
    expect(all.length).toBeGreaterThanOrEqual(3)
    const bad = await get(`/v1/account/${from}/history?chainId=${LOCAL}&cursor=bm90LWEtY3Vyc29y`)
    expect([bad.status, ((await bad.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'invalid_cursor',
    ])
  })

  it('an account with no token accounts: its SOL in, and a balance of SOL alone', async () => {
    const fresh = solanaDevAccounts(40 + first)[39 + first]!.address
    const from = await signer(sender)
    const signature = await send(from, [solTransfer(from, fresh, 2_000_000n)])
    await indexer(db).syncToHead()
    const { data, next } = await historyOf(fresh)
    expect(next).toBeNull()
    expect(data.map((e) => [e.metadata.hash, e.metadata.operationType, ...moves(e)])).toEqual([
      [signature, 'receive', ['in', 'native', 'SOL', 9, '0.002']],
    ])
    const balance = await get(`/v1/account/${fresh}/balance?chainId=${LOCAL}`)
    const { balances } = (await balance.json()) as { balances: { symbol: string; raw: string }[] }
    expect(balances.map((b) => [b.symbol, b.raw])).toEqual([['SOL', '2000000']])
  })

  it('an indexer started again resumes from its cursor without writing anything twice', async () => {
    const first = indexer(db)
    await first.syncToHead()
    const before = await counts()
    const resumedFrom = await first.lastSlot()
    const from = await signer(sender)
    const again = await send(from, [solTransfer(from, standIn.accounts[receiver]!.address, 1n)])
    const second = indexer(db)
    const step = await second.step()
    expect(step).toMatchObject({ kind: 'indexed', from: resumedFrom + 1, blocks: 1 })
    expect(await second.step()).toMatchObject({ kind: 'caught-up' })
    const after = await counts()
    // The new transaction: one row, one transfer, two history rows (sender and receiver).
    expect(after).toEqual({
      transactions: before.transactions + 1,
      transfers: before.transfers + 1,
      history: before.history + 2,
    })
    expect((await historyOf(standIn.accounts[receiver]!.address)).data[0]!.metadata.hash).toBe(again)
  })

  it('refuses a malformed Solana address and a Solana chain it does not serve, as the EVM route does', async () => {
    const owner = standIn.accounts[sender]!.address
    for (const address of [
      'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', // 44 base58 characters that decode to 33 bytes
      `${owner.slice(0, -1)}l`, // a character outside base58
      owner.slice(0, 20), // too short
    ]) {
      const res = await get(`/v1/account/${address}/history?chainId=${LOCAL}`)
      expect(res.status).toBe(400)
      const { error } = (await res.json()) as { error: { code: string; message: string } }
      expect(error.code).toBe('invalid_address')
      expect(error.message).toMatch(/base58 of a 32-byte key, 32 to 44 characters/)
    }
    const evmOnSolana = await get(`/v1/account/0x${'ab'.repeat(20)}/history?chainId=${LOCAL}`)
    expect(((await evmOnSolana.json()) as { error: { message: string } }).error.message).toMatch(
      /must be a Solana address .* for chain solana:/,
    )
    const mainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const unknown = await get(`/v1/account/${owner}/history?chainId=${mainnet}`)
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toEqual({
      error: {
        code: 'unknown_chain',
        message: `Chain ${mainnet} is not served by this Foyer server (it serves ${LOCAL}, ${DEVNET})`,
        details: { chainId: mainnet, served: [LOCAL, DEVNET] },
      },
    })
    const unknownEvm = await get(`/v1/account/0x${'ab'.repeat(20)}/history?chainId=1`)
    expect([unknownEvm.status, ((await unknownEvm.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'unknown_chain',
    ])
  })

  it("a public cluster is read through its RPC, not indexed (the stand-in answers as devnet's RPC)", async () => {
    const to = standIn.accounts[receiver]!.address
    const page = await historyOf(to, `chainId=${DEVNET}&limit=2`)
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.next).not.toBeNull()
    expect(page.data[0]!.metadata.chain).toBe(DEVNET)
    expect(page.data[0]!.id.startsWith(`${DEVNET}:`)).toBe(true)
    // What the node lists for the address itself, newest first: an SPL transfer names the token accounts, not
    // their owner, so the fUSD and fEUR transfers are not there; the SOL transfer is.
    const listed = new Set((await rpc.getSignaturesForAddress(to).send()).map((s) => s.signature as string))
    const rest = await historyOf(to, `chainId=${DEVNET}&limit=50&cursor=${page.next}`)
    expect(rest.next).toBeNull()
    const through = [...page.data, ...rest.data]
    const indexed = (await historyOf(to, `chainId=${LOCAL}&limit=50`)).data
    // Each one reads as the indexed entry does, but for its chain (the cluster knows no mint names): the same
    // entries, those the node lists.
    expect(through.map((e) => e.metadata.hash)).toEqual(
      indexed.map((e) => e.metadata.hash).filter((hash) => listed.has(hash)),
    )
    expect(through.map((e) => e.metadata.hash)).toContain(sent.sol)
    expect(through.map((e) => e.metadata.hash)).not.toContain(sent.fusd)
    const indexedBy = new Map(indexed.map((e) => [e.metadata.hash, e]))
    for (const entry of through) {
      const same = indexedBy.get(entry.metadata.hash)!
      expect(entry.transfers.map((m) => [m.direction, m.standard, m.quantity.raw, m.fungible_info?.address])).toEqual(
        same.transfers.map((m) => [m.direction, m.standard, m.quantity.raw, m.fungible_info?.address]),
      )
      expect({ ...entry.metadata, chain: LOCAL }).toEqual(same.metadata)
    }
    const balance = await get(`/v1/account/${to}/balance?chainId=${DEVNET}`)
    expect(balance.status).toBe(200)
    const { balances } = (await balance.json()) as { balances: { symbol: string; chainId: string }[] }
    expect(balances[0]).toMatchObject({ symbol: 'SOL', chainId: DEVNET })
  })
}

describe('the Solana indexer and history on PGlite', () => suite(openTestPGlite, 0))
describe.skipIf(!postgres.available)('the Solana indexer and history on Postgres', () =>
  suite(() => openTestPostgres(), 2),
)

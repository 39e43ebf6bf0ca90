import {
  AccountBalanceResponse,
  AccountHistoryResponse,
  FungiblePriceResponse,
  IdentityResponse,
} from '@foyer/core/protocol'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import * as v from 'valibot'
import { type Address, createPublicClient, formatUnits, http, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig, parseDevnetFile, type ServerConfig } from '../config.ts'
import { SpamList, seedSpamList } from '../history/spamList.ts'
import { ChainIndexer } from '../indexer/chainIndexer.ts'
import { type AccountHistoryDb, withHistoryTables } from '../indexer/tables.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'

// Two anvils on 19220/19221 (the account-data test range), deployed and seeded like `npm start`.
const postgres = await probePostgresFor('accountDataRoutes.test.ts')

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])
const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)'])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
])

let devnet: RunningDevnet
let config: ServerConfig
beforeAll(async () => {
  devnet = await startDevnet({
    chains: [
      { id: 31337, name: 'Foyer Local', port: 19220, portEnv: 'TEST' },
      { id: 31338, name: 'Foyer Local 2', port: 19221, portEnv: 'TEST' },
    ],
    devnetFile: null,
  })
  const base = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'no-history', name: 'No history', allowedOrigins: [], features: { history: false } },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  const parsed = parseDevnetFile(JSON.stringify(devnet.info), [])!
  config = { ...base, chains: parsed.chains, devAccounts: parsed.accounts }
}, BACKEND_TIMEOUT_MS)
afterAll(async () => devnet?.stop())

const chain = (id: number) => devnet.info.chains.find((c) => c.id === id)!
const clientFor = (id: number) => createPublicClient({ transport: http(chain(id).rpcUrl) })
const account = (i: number) => devnet.info.accounts[i]!.address

/** Price of one whole `token` in `quote`, straight from the pool's reserves (what the server must match). */
async function poolPrice(
  chainId: number,
  token: Address,
  tokenDecimals: number,
  quote: Address,
  quoteDecimals: number,
) {
  const client = clientFor(chainId)
  const pair = await client.readContract({
    address: chain(chainId).contracts.factory,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [token, quote],
  })
  const [[r0, r1], token0] = await Promise.all([
    client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
  ])
  const [rToken, rQuote] = token0.toLowerCase() === token.toLowerCase() ? [r0, r1] : [r1, r0]
  return Number(formatUnits(rQuote, quoteDecimals)) / Number(formatUnits(rToken, tokenDecimals))
}

function suite(open: () => Promise<TestDatabase>) {
  let t: TestDatabase
  let app: FoyerApp
  let db: AccountHistoryDb
  const get = (path: string) => app.request(path, { headers: { 'x-project-id': 'foyer-demo' } })
  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: 'foyer-demo', ...(body as object) }),
    })

  beforeAll(async () => {
    t = await open()
    db = withHistoryTables(t.database.kysely)
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    await seedSpamList(db, config.chains)
    app = createApp({ db: t.database, config, projects })
    for (const c of config.chains) await new ChainIndexer({ chain: c, db }).syncToHead()
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  it('every answer fits its response schema in @foyer/core/protocol', async () => {
    const answers: [v.GenericSchema, Response][] = [
      [AccountBalanceResponse, await get(`/v1/account/${account(3)}/balance?chainId=31337`)],
      [AccountBalanceResponse, await get(`/v1/account/${account(3).slice(2)}/balance`)],
      [FungiblePriceResponse, await post('/v1/fungible/price', { addresses: [`eip155:31337:${NATIVE}`] })],
      [IdentityResponse, await get(`/v1/identity/${account(3)}`)],
      [AccountHistoryResponse, await get(`/v1/account/${account(3)}/history?limit=50`)],
      [AccountHistoryResponse, await get(`/v1/account/${account(3)}/history?onramp=coinbase`)],
    ]
    for (const [schema, res] of answers) {
      expect(res.status).toBe(200)
      const parsed = v.safeParse(
        v.strictObject((schema as v.ObjectSchema<v.ObjectEntries, undefined>).entries),
        await res.json(),
      )
      expect(parsed.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([])
    }
  })

  it('image URLs in balances, prices and history: absolute on FOYER_PUBLIC_URL, with the project id', async () => {
    const ethIcon = `${config.embedded.publicUrl}/public/getTokenImage/ETH?projectId=foyer-demo&v=`
    const host = { host: 'evil.example' }
    const balances = (await (
      await app.request(`http://evil.example/v1/account/${account(3)}/balance?chainId=31337`, {
        headers: { 'x-project-id': 'foyer-demo', ...host },
      })
    ).json()) as { balances: { symbol: string; iconUrl: string | null }[] }
    expect(balances.balances.find((b) => b.symbol === 'ETH')!.iconUrl?.startsWith(ethIcon)).toBe(true)
    const priced = (await (await post('/v1/fungible/price', { addresses: [`eip155:31337:${NATIVE}`] })).json()) as {
      fungibles: { iconUrl: string | null }[]
    }
    expect(priced.fungibles[0]!.iconUrl?.startsWith(ethIcon)).toBe(true)
    const history = (await (await get(`/v1/account/${account(3)}/history?limit=50`)).json()) as {
      data: { transfers: { standard: string; fungible_info?: { iconUrl: string | null } }[] }[]
    }
    const native = history.data.flatMap((e) => e.transfers).find((tr) => tr.standard === 'native')!
    expect(native.fungible_info!.iconUrl?.startsWith(ethIcon)).toBe(true)
  })

  it('names the parameter in a 400, with its own code for a bad address, chain id or currency', async () => {
    const error = async (res: Response) => ((await res.json()) as { error: unknown }).error
    expect(await error(await get('/v1/account/0x12/balance'))).toEqual({
      code: 'invalid_address',
      message: 'The address must be an EVM address: 40 hex characters with an optional 0x prefix',
    })
    expect(await error(await get('/v1/account/0x12/history'))).toMatchObject({
      message: expect.stringMatching(/^The account must/),
    })
    expect(await error(await get(`/v1/account/${account(1)}/balance?chainId=0`))).toEqual({
      code: 'invalid_chain_id',
      message: 'The chainId must be a chain id like 31337 or eip155:31337',
    })
    expect(await error(await get(`/v1/account/${account(1)}/history?limit=51&onramp=A`))).toEqual({
      code: 'invalid_request',
      message:
        'onramp: must be an on-ramp provider id (lower-case letters, digits, hyphen); limit: must be an integer from 1 to 50',
      details: {
        issues: [
          { path: 'onramp', message: 'must be an on-ramp provider id (lower-case letters, digits, hyphen)' },
          { path: 'limit', message: 'must be an integer from 1 to 50' },
        ],
      },
    })
    expect(
      await error(await post('/v1/fungible/price', { addresses: ['0x12', `eip155:31337:${NATIVE}`, NATIVE] })),
    ).toMatchObject({
      code: 'invalid_request',
      details: {
        issues: [
          { path: 'addresses[0]', message: 'must be eip155:<chainId>:0x<40 hex> or an address with chainId set' },
        ],
      },
    })
    expect(await error(await post('/v1/fungible/price', { addresses: [NATIVE, `eip155:5:${NATIVE}`] }))).toMatchObject({
      details: {
        issues: [
          { path: 'addresses[0]', message: 'names no chain: use eip155:<chainId>:0x… or send chainId' },
          { path: 'addresses[1]', message: 'chain eip155:5 is not served by this server' },
        ],
      },
    })
    expect(await error(await post('/v1/fungible/price', {}))).toMatchObject({
      details: { issues: [{ path: 'addresses', message: 'must be an array of 1 to 50 token addresses' }] },
    })
  })

  describe('GET /v1/account/{address}/balance', () => {
    it('returns the native currency and every token held, equal to what the chain says', async () => {
      const address = account(3)
      const res = await get(`/v1/account/${address}/balance?currency=usd&chainId=eip155:31337`)
      expect(res.status).toBe(200)
      const { balances } = (await res.json()) as { balances: any[] }
      const client = clientFor(31337)
      const { usd, token, weth } = chain(31337).contracts
      const [eth, fusd, foy, wethHeld] = await Promise.all([
        client.getBalance({ address }),
        client.readContract({ address: usd, abi: erc20, functionName: 'balanceOf', args: [address] }),
        client.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [address] }),
        client.readContract({ address: weth, abi: erc20, functionName: 'balanceOf', args: [address] }),
      ])
      expect(wethHeld).toBe(0n)
      expect(balances.map((b) => b.symbol)).toEqual(['ETH', expect.any(String), expect.any(String)])
      const bySymbol = Object.fromEntries(balances.map((b) => [b.symbol, b]))
      // The native currency has no contract: no address; each ERC-20's is its CAIP-10 id, lower-case.
      expect(bySymbol.ETH).not.toHaveProperty('address')
      expect(bySymbol.ETH).toMatchObject({
        chainId: 'eip155:31337',
        decimals: 18,
        raw: eth.toString(),
        quantity: { decimals: '18', numeric: formatUnits(eth, 18) },
      })
      expect(bySymbol.fUSD).toMatchObject({
        address: `eip155:31337:${usd.toLowerCase()}`,
        name: 'Foyer USD',
        decimals: 6,
        raw: fusd.toString(),
        quantity: { decimals: '6', numeric: formatUnits(fusd, 6) },
      })
      expect(bySymbol.FOY).toMatchObject({
        address: `eip155:31337:${token.toLowerCase()}`,
        raw: foy.toString(),
      })
      expect(bySymbol.WETH).toBeUndefined()
    })

    it('prices each holding from the pools and values it; the second chain has its own prices', async () => {
      const { usd, token, weth } = chain(31337).contracts
      const [ethUsd, foyUsd, ethUsd2] = await Promise.all([
        poolPrice(31337, weth, 18, usd, 6),
        poolPrice(31337, token, 18, usd, 6),
        poolPrice(31338, weth, 18, usd, 6),
      ])
      const one = (await (await get(`/v1/account/${account(4)}/balance?chainId=31337`)).json()) as { balances: any[] }
      const two = (await (await get(`/v1/account/${account(4)}/balance?chainId=31338&forceUpdate=true`)).json()) as {
        balances: any[]
      }
      const find = (list: any[], symbol: string) => list.find((b) => b.symbol === symbol)
      expect(find(one.balances, 'ETH').price).toBeCloseTo(ethUsd, 6)
      expect(find(one.balances, 'FOY').price).toBeCloseTo(foyUsd, 9)
      expect(find(one.balances, 'fUSD').price).toBe(1)
      expect(find(two.balances, 'ETH').price).toBeCloseTo(ethUsd2, 6)
      expect(ethUsd2).not.toBeCloseTo(ethUsd, 0)
      for (const b of one.balances) expect(b.value).toBeCloseTo(b.price * Number(b.quantity.numeric), 4)
    })

    it('reads every chain without chainId, and an extra token named by forceUpdate', async () => {
      const all = (await (await get(`/v1/account/${account(2)}/balance`)).json()) as { balances: any[] }
      expect(new Set(all.balances.map((b) => b.chainId))).toEqual(new Set(['eip155:31337', 'eip155:31338']))
      // The pair token (an ERC-20 not in the list) is read when asked for; account 0 holds liquidity.
      const pair = await clientFor(31337).readContract({
        address: chain(31337).contracts.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [chain(31337).contracts.weth, chain(31337).contracts.usd],
      })
      const withPair = (await (
        await get(`/v1/account/${account(0)}/balance?chainId=31337&forceUpdate=eip155:31337:${pair}`)
      ).json()) as { balances: any[] }
      expect(withPair.balances.find((b) => b.address === `eip155:31337:${pair.toLowerCase()}`)).toMatchObject({
        symbol: 'UNI-V2',
        priced: false,
        price: 0,
      })
    })

    it('refuses bad parameters with a reason', async () => {
      const cases: [string, number, string][] = [
        [`/v1/account/0x123/balance`, 400, 'invalid_address'],
        [`/v1/account/${account(1)}/balance?chainId=1`, 400, 'unknown_chain'],
        [`/v1/account/${account(1)}/balance?chainId=abc`, 400, 'invalid_chain_id'],
        [`/v1/account/${account(1)}/balance?currency=eur`, 400, 'unsupported_currency'],
        [`/v1/account/${account(1)}/balance?forceUpdate=maybe`, 400, 'invalid_request'],
      ]
      for (const [path, status, code] of cases) {
        const res = await get(path)
        expect([path, res.status, ((await res.json()) as any).error.code]).toEqual([path, status, code])
      }
      // forceUpdate naming an address that is not a token contract: an account, a contract without balanceOf.
      for (const notToken of [account(5), chain(31337).contracts.factory, `eip155:31337:${account(6)}`]) {
        for (const chainId of ['&chainId=31337', '']) {
          const path = `/v1/account/${account(1)}/balance?forceUpdate=${notToken}${chainId}`
          const res = await get(path)
          const body = (await res.json()) as any
          expect([path, res.status, body.error.code]).toEqual([path, 400, 'contract_call_failed'])
          expect(body.error.message).toContain('forceUpdate')
        }
      }
      const unknown = (await (await get(`/v1/account/${account(1)}/balance?chainId=eip155:1`)).json()) as any
      expect(unknown.error.message).toContain('eip155:31337')
      // the bare form of the spec's address rule (no 0x) is accepted
      expect((await get(`/v1/account/${account(1).slice(2)}/balance?chainId=31337`)).status).toBe(200)
    })
  })

  describe('POST /v1/fungible/price', () => {
    it('prices CAIP-10 and bare addresses, in order, matching the pools', async () => {
      const { usd, token, weth } = chain(31338).contracts
      const res = await post('/v1/fungible/price', {
        currency: 'usd',
        chainId: 31338,
        addresses: [`eip155:31338:${token}`, NATIVE, usd, `eip155:31337:${token}`],
      })
      expect(res.status).toBe(200)
      const { fungibles } = (await res.json()) as { fungibles: any[] }
      expect(fungibles.map((f) => [f.chainId, f.symbol])).toEqual([
        ['eip155:31338', 'FOY'],
        ['eip155:31338', 'ETH'],
        ['eip155:31338', 'fUSD'],
        ['eip155:31337', 'FOY'],
      ])
      expect(fungibles[0].price).toBeCloseTo(await poolPrice(31338, token, 18, usd, 6), 9)
      expect(fungibles[1].price).toBeCloseTo(await poolPrice(31338, weth, 18, usd, 6), 6)
      expect(fungibles[2].price).toBe(1)
      expect(fungibles[3].price).toBeCloseTo(await poolPrice(31337, token, 18, usd, 6), 9)
    })

    it('answers null for an address that is not a priced ERC-20', async () => {
      const { fungibles } = (await (
        await post('/v1/fungible/price', { currency: 'usd', addresses: [`eip155:31337:${account(5)}`] })
      ).json()) as { fungibles: any[] }
      expect(fungibles).toEqual([
        {
          address: `eip155:31337:${account(5).toLowerCase()}`,
          chainId: 'eip155:31337',
          name: null,
          symbol: null,
          decimals: null,
          price: null,
          iconUrl: null,
        },
      ])
    })

    it('refuses bad bodies with a reason', async () => {
      const cases: [unknown, string][] = [
        [{ currency: 'usd', addresses: [] }, 'invalid_request'],
        [{ currency: 'usd', addresses: ['0x12'] }, 'invalid_request'],
        [{ currency: 'usd', addresses: [NATIVE] }, 'invalid_request'], // bare address without chainId
        [{ currency: 'usd', addresses: [`eip155:1:${NATIVE}`] }, 'invalid_request'],
        [{ currency: 'usd', chainId: 5, addresses: [NATIVE] }, 'unknown_chain'],
        [{ currency: 'btc', chainId: 31337, addresses: [NATIVE] }, 'unsupported_currency'],
        [{ currency: 'usd', addresses: Array(51).fill(`eip155:31337:${NATIVE}`) }, 'invalid_request'],
      ]
      for (const [body, code] of cases) {
        const res = await post('/v1/fungible/price', body)
        expect([body, res.status, ((await res.json()) as any).error.code]).toEqual([body, 400, code])
      }
    })
  })

  describe('GET /v1/identity/{address}', () => {
    it('answers null name and avatar (no Foyer names yet), and refuses a bad address', async () => {
      expect(await (await get(`/v1/identity/${account(1)}`)).json()).toEqual({ name: null, avatar: null })
      expect((await get('/v1/identity/not-an-address')).status).toBe(400)
    })
  })

  describe('GET /v1/account/{account}/history', () => {
    type Page = { data: any[]; next: string | null }
    const page = async (query: string) =>
      (await (await get(`/v1/account/${account(3)}/history?${query}`)).json()) as Page

    it('pages newest first with stable cursors: no gaps, no repeats', async () => {
      const everything = await page('limit=50')
      expect(everything.next).toBeNull()
      const ids: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const p: Page = await page(`limit=3${cursor ? `&cursor=${cursor}` : ''}`)
        expect(p.data.length).toBeLessThanOrEqual(3)
        ids.push(...p.data.map((e) => e.id))
        cursor = p.next
        pages++
      } while (cursor)
      expect(pages).toBeGreaterThan(3)
      expect(ids).toEqual(everything.data.map((e) => e.id))
      expect(new Set(ids).size).toBe(ids.length)
      const times = everything.data.map((e) => Date.parse(e.metadata.minedAt))
      expect([...times].sort((a, b) => b - a)).toEqual(times)
      // Every transaction account 3 sent on either chain is there.
      const sent = everything.data.filter((e) => e.metadata.sentFrom === account(3).toLowerCase())
      const nonces = await Promise.all(
        [31337, 31338].map((id) => clientFor(id).getTransactionCount({ address: account(3) })),
      )
      expect(sent.length).toBe(nonces[0]! + nonces[1]!)
    })

    it('describes the seeded history: sends, receives, trades, an approval, mints and the spam airdrop', async () => {
      const { data } = await page('chainId=eip155:31337&limit=50')
      expect(data.every((e) => e.metadata.chain === 'eip155:31337')).toBe(true)
      const types = data.map((e) => e.metadata.operationType)
      for (const type of ['send', 'receive', 'trade', 'approve', 'mint']) expect(types).toContain(type)
      expect(types.filter((t) => t === 'trade')).toHaveLength(2)
      const nftEntries = data.filter((e) => e.transfers.some((tr: any) => tr.nft_info))
      const spam = chain(31337)
        .nfts.find((n) => n.spam)!
        .address.toLowerCase()
      expect(nftEntries.map((e) => e.transfers[0].nft_info.flags.is_spam).sort()).toEqual([false, true])
      expect(nftEntries.find((e) => e.transfers[0].nft_info.flags.is_spam).transfers[0].nft_info.address).toBe(spam)
      const ethSwap = data.find(
        (e) => e.metadata.operationType === 'trade' && e.transfers.some((tr: any) => tr.standard === 'native'),
      )
      expect(ethSwap.transfers.map((tr: any) => [tr.direction, tr.fungible_info.symbol])).toEqual([
        ['out', 'ETH'],
        ['in', 'FOY'],
      ])
      const sendUsd = data.find(
        (e) => e.metadata.operationType === 'send' && e.transfers[0]?.fungible_info?.symbol === 'fUSD',
      )
      expect(sendUsd.transfers[0].quantity.numeric).toBe('25')
      expect(sendUsd.id).toBe(`eip155:31337:${sendUsd.metadata.hash}`)
    })

    it('keeps the chains apart', async () => {
      const two = await page('chainId=31338&limit=50')
      expect(two.data.length).toBeGreaterThan(5)
      expect(two.data.every((e) => e.metadata.chain === 'eip155:31338')).toBe(true)
      const sendUsd = two.data.find(
        (e) => e.metadata.operationType === 'send' && e.transfers[0]?.fungible_info?.symbol === 'fUSD',
      )
      expect(sendUsd.transfers[0].quantity.numeric).toBe('12.5')
    })

    it('refuses bad parameters, and answers 403 when the project switched history off', async () => {
      const cases: [string, number, string][] = [
        [`/v1/account/nope/history`, 400, 'invalid_address'],
        [`/v1/account/${account(3)}/history?chainId=10`, 400, 'unknown_chain'],
        [`/v1/account/${account(3)}/history?cursor=abc`, 400, 'invalid_cursor'],
        [
          `/v1/account/${account(3)}/history?cursor=${Buffer.from('[1,2]').toString('base64url')}`,
          400,
          'invalid_cursor',
        ],
        [`/v1/account/${account(3)}/history?limit=0`, 400, 'invalid_request'],
        [`/v1/account/${account(3)}/history?onramp=<x>`, 400, 'invalid_request'],
      ]
      for (const [path, status, code] of cases) {
        const res = await get(path)
        expect([path, res.status, ((await res.json()) as any).error.code]).toEqual([path, status, code])
      }
      const off = await app.request(`/v1/account/${account(3)}/history`, { headers: { 'x-project-id': 'no-history' } })
      expect(off.status).toBe(403)
      expect(((await off.json()) as any).error.code).toBe('feature_disabled')
      expect(await (await get(`/v1/account/${account(3)}/history?onramp=coinbase`)).json()).toEqual({
        data: [],
        next: null,
      })
    })

    it('the spam list is editable: clearing a flag shows on the next read', async () => {
      const spam = chain(31337)
        .nfts.find((n) => n.spam)!
        .address.toLowerCase()
      const list = new SpamList(db, { ttlMs: 0 })
      expect(await list.isSpam(31337, spam)).toBe(true)
      await db
        .updateTable('nft_spam_list')
        .set({ is_spam: false })
        .where('address', '=', spam)
        .where('chain_id', '=', 31337)
        .execute()
      expect(await list.isSpam(31337, spam)).toBe(false)
      await seedSpamList(db, config.chains) // a restart keeps the operator's edit
      expect(await list.isSpam(31337, spam)).toBe(false)
      await db.updateTable('nft_spam_list').set({ is_spam: true }).where('address', '=', spam).execute()
    })
  })
}

describe('account data API on PGlite', () => suite(openTestPGlite))
describe.skipIf(!postgres.available)('account data API on Postgres', () => suite(() => openTestPostgres()))

import { randomUUID } from 'node:crypto'
import {
  AccountHistoryResponse,
  OnrampOptionsResponse,
  OnrampProvidersResponse,
  OnrampPurchase,
  OnrampQuoteResponse,
  OnrampUrlResponse,
  OnrampWebhookResponse,
} from '@foyer/core/protocol'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { sql } from 'kysely'
import * as v from 'valibot'
import { type Address, createPublicClient, http, parseAbi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig, parseDevnetFile, type ServerConfig } from '../config.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor, testBackends } from '../test/eachBackend.ts'
import { formatCents, parseCents } from './money.ts'
import { signOnrampWebhook } from './webhookSignature.ts'

// Two anvils on 19540/19541 (the on-ramp server test range), deployed and seeded like `npm start`, so quotes are
// priced from the devnet's real pools.
const postgres = await probePostgresFor('onramp.test.ts')

const SECRET = 'sandbox-test-secret-0123456789'
const SANDBOX_URL = 'http://127.0.0.1:19549'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
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
      { id: 31337, name: 'Foyer Local', port: 19540, portEnv: 'TEST' },
      { id: 31338, name: 'Foyer Local 2', port: 19541, portEnv: 'TEST' },
    ],
    devnetFile: null,
    seedHistory: false,
  })
  const base = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
      FOYER_ONRAMP_PROVIDERS: JSON.stringify([{ id: 'sandbox', url: SANDBOX_URL, webhookSecret: SECRET }]),
      FOYER_ONRAMP_NETWORKS: JSON.stringify({
        ethereum: 'eip155:31337',
        Base: 'eip155:31338',
        arbitrum: 'eip155:42161',
      }),
      FOYER_PROJECTS: JSON.stringify([
        { id: 'no-onramp', allowedOrigins: [], features: { onramp: false } },
        { id: 'other-site', allowedOrigins: [] },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  const parsed = parseDevnetFile(JSON.stringify(devnet.info), [])!
  config = { ...base, chains: parsed.chains, devAccounts: parsed.accounts }
}, BACKEND_TIMEOUT_MS)
afterAll(async () => devnet?.stop())

const chainInfo = (id: number) => devnet.info.chains.find((c) => c.id === id)!
const usdOf = (id: number) => chainInfo(id).contracts.usd as Address
const wethOf = (id: number) => chainInfo(id).contracts.weth as Address

/** WETH's reserves in its fUSD pool: [weth (18 decimals), fUSD (6 decimals)], straight from the chain. */
async function ethPool(chainId: number): Promise<[bigint, bigint]> {
  const client = createPublicClient({ transport: http(chainInfo(chainId).rpcUrl) })
  const pair = await client.readContract({
    address: chainInfo(chainId).contracts.factory as Address,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [wethOf(chainId), usdOf(chainId)],
  })
  const [[r0, r1], token0] = await Promise.all([
    client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
    client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
  ])
  return token0.toLowerCase() === wethOf(chainId).toLowerCase() ? [r0, r1] : [r1, r0]
}

type ErrorBody = { error: { code: string; message: string; details?: unknown } }
const nowSeconds = () => Math.floor(Date.now() / 1000)
let addressSerial = 0
/** A fresh destination per test, so history pages of one backend never mix. */
const freshAddress = () => `0x${(0xa000000 + addressSerial++).toString(16).padStart(40, '0')}` as Address

function suite(open: () => Promise<TestDatabase>) {
  let t: TestDatabase
  let app: FoyerApp
  const headers = (project = 'foyer-demo') => ({ 'x-project-id': project })
  const get = (path: string, project?: string, extra: Record<string, string> = {}) =>
    app.request(path, { headers: { ...headers(project), ...extra } })
  /** The purchase secret each created purchase's page was handed, by purchase id. */
  const secrets = new Map<string, string>()
  const holding = (...ids: string[]) => ({ 'x-foyer-purchase-secrets': ids.map((id) => secrets.get(id)!).join(',') })
  const post = (path: string, body: unknown, project?: string) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(project) },
      body: JSON.stringify(body),
    })
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error
  const quote = (body: Record<string, unknown>, project?: string) =>
    post(
      '/v1/onramp/quote',
      { purchaseCurrency: 'fUSD', paymentCurrency: 'USD', network: 'eip155:31337', ...body },
      project,
    )
  const okQuote = async (body: Record<string, unknown>) => {
    const res = await quote(body)
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    return v.parse(OnrampQuoteResponse, await res.json())
  }
  /** A URL generator's answer, its purchase secret kept for reading the purchase. */
  const answered = async (res: Response) => {
    const answer = v.parse(OnrampUrlResponse, await res.json())
    secrets.set(answer.purchaseId, answer.purchaseSecret)
    return answer
  }
  const createUrl = async (body: Record<string, unknown>, address = freshAddress()) => {
    const res = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address, blockchains: ['eip155:31337'], assets: ['fUSD'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: 'visitor-1',
      defaultExperience: 'buy',
      ...body,
    })
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    return answered(res)
  }
  const purchase = async (id: string) =>
    v.parse(OnrampPurchase, await (await get(`/v1/onramp/purchases/${id}`, undefined, holding(id))).json())
  const deliver = (
    event: Record<string, unknown>,
    {
      secret = SECRET,
      at = nowSeconds(),
      provider = 'sandbox',
      signature,
    }: {
      secret?: string
      at?: number
      provider?: string
      signature?: string
    } = {},
  ) => {
    const raw = JSON.stringify(event)
    return app.request(`/v1/onramp/webhook/${provider}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-foyer-signature': signature ?? signOnrampWebhook(secret, raw, at),
      },
      body: raw,
    })
  }
  let eventSerial = 0
  const eventId = () => `evt_${Date.now().toString(36)}_${eventSerial++}`

  beforeAll(async () => {
    t = await open()
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: t.database, config, projects })
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  it('lists the sandbox provider and the restricted time zones', async () => {
    const res = await get('/v1/onramp/providers')
    expect(res.status).toBe(200)
    const body = v.parse(OnrampProvidersResponse, await res.json())
    expect(body.providers).toEqual([
      {
        id: 'sandbox',
        name: 'Foyer Sandbox',
        label: 'Sandbox (test money)',
        feeRange: '1.5% + $0.99',
        url: SANDBOX_URL,
        supportedChains: ['eip155:31337', 'eip155:31338'],
        sandbox: true,
      },
    ])
    expect(body.restrictedTimezones).toContain('Asia/Shanghai')
  })

  it('options: ETH and fUSD on both local chains, USD and EUR with the card and bank-account limits', async () => {
    const res = await get('/v1/onramp/options')
    expect(res.status).toBe(200)
    const body = v.parse(OnrampOptionsResponse, await res.json())
    expect(body.purchaseCurrencies).toEqual([
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { name: 'Foyer Local', chainId: 'eip155:31337', contractAddress: NATIVE },
          { name: 'Foyer Local 2', chainId: 'eip155:31338', contractAddress: NATIVE },
        ],
      },
      {
        id: 'fUSD',
        name: 'Foyer USD',
        symbol: 'fUSD',
        networks: [
          { name: 'Foyer Local', chainId: 'eip155:31337', contractAddress: usdOf(31337).toLowerCase() },
          { name: 'Foyer Local 2', chainId: 'eip155:31338', contractAddress: usdOf(31338).toLowerCase() },
        ],
      },
    ])
    const limits = [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'bank_account', min: '10.00', max: '25000.00' },
    ]
    expect(body.paymentCurrencies).toEqual([
      { id: 'USD', payment_method_limits: limits },
      { id: 'EUR', payment_method_limits: limits },
    ])
    expect(await errorOf(await get('/v1/onramp/options?provider=moonpay'))).toMatchObject({ code: 'unknown_provider' })
  })

  for (const paymentCurrency of ['USD', 'EUR']) {
    it(`limits in ${paymentCurrency}: at and around each bound, by card and by bank`, async () => {
      const cases: [string, string, number, string?][] = [
        ['card', '9.99', 400, 'amount_below_minimum'],
        ['card', '10.00', 200],
        ['card', '10', 200],
        ['card', '10.01', 200],
        ['card', '7499.99', 200],
        ['card', '7500.00', 200],
        ['card', '7500.01', 400, 'amount_above_maximum'],
        ['bank_account', '9.99', 400, 'amount_below_minimum'],
        ['bank_account', '10.00', 200],
        ['bank_account', '7500.01', 200],
        ['bank_account', '25000.00', 200],
        ['bank_account', '25000.01', 400, 'amount_above_maximum'],
        ['card', '0', 400, 'amount_below_minimum'],
        ['card', '100000', 400, 'amount_above_maximum'],
      ]
      for (const [paymentMethod, amount, status, code] of cases) {
        const res = await quote({ amount, paymentMethod, paymentCurrency })
        expect(res.status, `${paymentMethod} ${amount}`).toBe(status)
        if (code) {
          const error = await errorOf(res)
          expect(error.code, `${paymentMethod} ${amount}`).toBe(code)
          const bound = code === 'amount_below_minimum' ? '10.00' : paymentMethod === 'card' ? '7500.00' : '25000.00'
          expect(error.message).toContain(`${bound} ${paymentCurrency}`)
        } else {
          const body = v.parse(OnrampQuoteResponse, await res.json())
          expect(body.total).toBe(formatCents(parseCents(amount)))
        }
      }
      // Without paymentMethod: card.
      expect((await quote({ amount: '7500.01', paymentCurrency })).status).toBe(400)
    })
  }

  it('quote arithmetic: subtotal + fees = total exactly, fees shown separately, fUSD at 1 USD', async () => {
    for (const amount of ['10.00', '10.01', '33.33', '99.99', '100.00', '1234.56', '7500.00']) {
      const q = await okQuote({ amount })
      const total = parseCents(amount)
      expect(q.total).toBe(formatCents(total))
      expect(parseCents(q.fees.provider) + parseCents(q.fees.network)).toBe(parseCents(q.fees.total))
      expect(parseCents(q.subtotal) + parseCents(q.fees.total)).toBe(total)
      // 1.5 % rounded half up, plus 0.99; 0.10 for the network.
      expect(parseCents(q.fees.provider)).toBe((total * 15n + 500n) / 1000n + 99n)
      expect(q.fees.network).toBe('0.10')
      // fUSD is the pools' dollar: the subtotal buys as many fUSD.
      expect(q.purchaseAmount.amount).toBe(q.subtotal.replace(/\.?0+$/, ''))
      // The same figures as amounts with their currency.
      expect(q.purchaseAmount.currency).toBe('fUSD')
      expect(q.paymentTotal).toEqual({ amount: q.total, currency: 'USD' })
      expect(q.paymentSubtotal).toEqual({ amount: q.subtotal, currency: 'USD' })
      expect(q.coinbaseFee).toEqual({ amount: q.fees.provider, currency: 'USD' })
      expect(q.networkFee).toEqual({ amount: q.fees.network, currency: 'USD' })
      expect(q.provider).toBe('sandbox')
      expect(q.quoteId).toMatch(/^[0-9a-f-]{36}$/)
      const expires = Date.parse(q.expiresAt) - Date.now()
      expect(expires).toBeGreaterThan(290_000)
      expect(expires).toBeLessThanOrEqual(300_000)
    }
    const q = await okQuote({ amount: '100.00' })
    expect(q).toMatchObject({ subtotal: '97.41', fees: { provider: '2.49', network: '0.10', total: '2.59' } })
  })

  it('quote: ETH from the pool price the price oracle reads, in USD and EUR (FOYER_ONRAMP_EUR_USD, 1.08)', async () => {
    for (const chainId of [31337, 31338]) {
      const [weth, usd] = await ethPool(chainId)
      for (const [paymentCurrency, rate] of [
        ['USD', 100n],
        ['EUR', 108n],
      ] as const) {
        const q = await okQuote({
          amount: '250.00',
          purchaseCurrency: 'ETH',
          network: `eip155:${chainId}`,
          paymentCurrency,
        })
        expect(parseCents(q.subtotal) + parseCents(q.fees.total)).toBe(25000n)
        // wei = subtotal (USD cents × rate / 100) × 10^6 (fUSD units per dollar) × weth / usd / 100
        const expected = (parseCents(q.subtotal) * rate * 10n ** 6n * weth) / (usd * 100n * 100n)
        const got = parseUnits(q.purchaseAmount.amount, 18)
        const diff = got > expected ? got - expected : expected - got
        // The oracle's price is a double fixed to 12 decimals: agreement to 1e-9 of the amount.
        expect(diff * 10n ** 9n <= expected, `${chainId} ${paymentCurrency} ${got} vs ${expected}`).toBe(true)
      }
    }
  })

  it('refuses unknown currencies, networks, payment methods and providers, naming each', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ purchaseCurrency: 'DOGE' }, 'unknown_currency'],
      [{ purchaseCurrency: 'WETH' }, 'unknown_currency'],
      [{ paymentCurrency: 'GBP' }, 'unknown_payment_currency'],
      [{ network: 'eip155:1' }, 'unknown_network'],
      [{ network: 'solana:mainnet' }, 'unknown_network'],
      [{ paymentMethod: 'paypal' }, 'unknown_payment_method'],
      [{ paymentMethod: 'PayPal!' }, 'unknown_payment_method'],
      [{ provider: 'moonpay' }, 'unknown_provider'],
      [{ provider: 'BAD!' }, 'unknown_provider'],
      [{ amount: '10.001' }, 'invalid_request'],
      [{ amount: 10.001 }, 'invalid_request'],
      [{ amount: 0.1 + 0.2 }, 'invalid_request'],
      [{ amount: 1e21 }, 'invalid_request'],
      [{ amount: -10 }, 'invalid_request'],
      [{ amount: '1e3' }, 'invalid_request'],
      [{ amount: true }, 'invalid_request'],
      [{ amount: '-10.00' }, 'invalid_request'],
      [{ purchaseCurrency: { name: 'Foyer USD' } }, 'unknown_currency'],
      [{ purchaseCurrency: { id: 'fUSD<' } }, 'unknown_currency'],
      [{ purchaseCurrency: { id: 'DOGE', name: 'Doge' } }, 'unknown_currency'],
      [{ paymentCurrency: { id: 'GBP', payment_method_limits: [] } }, 'unknown_payment_currency'],
      [{ network: 'arbitrum' }, 'unknown_network'],
      [{ network: 'dogechain' }, 'unknown_network'],
      [{ network: 'fUSD' }, 'unknown_network'],
    ]
    for (const [body, code] of cases) {
      const res = await quote({ amount: '100.00', ...body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code, JSON.stringify(body)).toBe(code)
    }
    // Case does not matter for currency ids.
    expect((await quote({ amount: '100.00', purchaseCurrency: 'fusd', paymentCurrency: 'usd' })).status).toBe(200)
  })

  it('quote: currencies as the option objects GET /v1/onramp/options lists, amounts as JSON numbers', async () => {
    const options = v.parse(OnrampOptionsResponse, await (await get('/v1/onramp/options')).json())
    const fusd = options.purchaseCurrencies.find((c) => c.id === 'fUSD')!
    const usd = options.paymentCurrencies.find((c) => c.id === 'USD')!
    const q = await okQuote({ purchaseCurrency: fusd, paymentCurrency: usd, amount: 100 })
    expect(q).toMatchObject({
      total: '100.00',
      subtotal: '97.41',
      purchaseAmount: { amount: '97.41', currency: 'fUSD' },
    })
    expect((await okQuote({ amount: 99.5 })).total).toBe('99.50')
    expect((await okQuote({ amount: '99.5' })).total).toBe('99.50')
    // Numbers are held to the same limits as strings.
    for (const [amount, code] of [
      [9.99, 'amount_below_minimum'],
      [7500.01, 'amount_above_maximum'],
    ] as const) {
      const res = await quote({ amount })
      expect(res.status).toBe(400)
      expect((await errorOf(res)).code).toBe(code)
    }
  })

  it('quote: network names from FOYER_ONRAMP_NETWORKS (any case), the currency symbol when it names one network', async () => {
    const onEthereum = await okQuote({ amount: '100.00', network: 'ethereum' })
    const onBase = await okQuote({ amount: '100.00', network: 'BASE', purchaseCurrency: 'ETH' })
    const stored = await sql<{ id: string; network: string }>`
      select id, network from onramp_quotes where id in (${onEthereum.quoteId}, ${onBase.quoteId})`.execute(
      t.database.kysely,
    )
    expect(Object.fromEntries(stored.rows.map((r) => [r.id, r.network]))).toEqual({
      [onEthereum.quoteId]: 'eip155:31337',
      [onBase.quoteId]: 'eip155:31338',
    })
    // Named but not served here, unknown, or a symbol sold on both local chains: 400 with the reason.
    const reasons = async (network: string, purchaseCurrency = 'fUSD') => {
      const res = await quote({ amount: '100.00', network, purchaseCurrency })
      expect(res.status, network).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('unknown_network')
      return error.message
    }
    expect(await reasons('arbitrum')).toMatch(/arbitrum \(eip155:42161\) is not one where sandbox sells fUSD/)
    expect(await reasons('dogechain')).toMatch(/Unknown network "dogechain".*ethereum, base, arbitrum/)
    expect(await reasons('ETH', 'ETH')).toMatch(/ETH is sold on several networks here \(eip155:31337, eip155:31338\)/)
    // With one chain, the symbol names it.
    const oneChain = createApp({
      db: t.database,
      config: { ...config, chains: config.chains.filter((c) => c.id === 31338) },
      projects: new ProjectStore(t.database.kysely),
    })
    const res = await oneChain.request('/v1/onramp/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers() },
      body: JSON.stringify({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100.00', network: 'ETH' }),
    })
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    const { quoteId } = v.parse(OnrampQuoteResponse, await res.json())
    const row = await sql<{ network: string }>`select network from onramp_quotes where id = ${quoteId}`.execute(
      t.database.kysely,
    )
    expect(row.rows[0]!.network).toBe('eip155:31338')
  })

  it('URL: network names, option objects and numeric preset amounts, checked like their string forms', async () => {
    const options = v.parse(OnrampOptionsResponse, await (await get('/v1/onramp/options')).json())
    const eth = options.purchaseCurrencies.find((c) => c.id === 'ETH')!
    const res = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress(), blockchains: ['base'], assets: [eth] }],
      defaultNetwork: 'base',
      partnerUserId: 'visitor-2',
      defaultExperience: 'buy',
      presetFiatAmount: 30,
      paymentCurrency: options.paymentCurrencies[0],
    })
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    const p = await purchase((await answered(res)).purchaseId)
    expect(p).toMatchObject({
      network: 'eip155:31338',
      purchaseCurrency: 'ETH',
      total: '30.00',
      paymentCurrency: 'USD',
    })
    const crypto = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress(), blockchains: ['ethereum'], assets: ['fUSD'] }],
      presetCryptoAmount: 50,
    })
    expect(crypto.status).toBe(200)
    expect((await purchase((await answered(crypto)).purchaseId)).purchaseAmount).toBe('50')
    for (const [body, code] of [
      [{ presetFiatAmount: 30.001 }, 'invalid_request'],
      [{ presetFiatAmount: 7500.01 }, 'amount_above_maximum'],
      [{ presetCryptoAmount: 1e-7 }, 'invalid_request'],
      [{ defaultNetwork: 'dogechain' }, 'unknown_network'],
    ] as const) {
      const bad = await post('/v1/generators/onrampurl', {
        destinationWallets: [{ address: freshAddress(), blockchains: ['ethereum'], assets: ['fUSD'] }],
        ...body,
      })
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(bad)).code, JSON.stringify(body)).toBe(code)
    }
  })

  it('a URL with a quote stores a purchase with the quote’s figures, status created', async () => {
    const q = await okQuote({ amount: '100.00' })
    const address = freshAddress()
    const { url, purchaseId } = await createUrl({ quoteId: q.quoteId }, address)
    expect(purchaseId).toMatch(/^[0-9a-f-]{36}$/)
    const checkout = new URL(url)
    expect(`${checkout.origin}${checkout.pathname}`).toBe(`${SANDBOX_URL}/checkout`)
    expect(checkout.searchParams.get('purchase')).toBe(purchaseId)
    expect(checkout.searchParams.get('projectId')).toBe('foyer-demo')
    const p = await purchase(purchaseId)
    expect(p).toMatchObject({
      id: purchaseId,
      provider: 'sandbox',
      status: 'created',
      address: address.toLowerCase(),
      network: 'eip155:31337',
      purchaseCurrency: 'fUSD',
      purchaseAmount: q.purchaseAmount.amount,
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      total: '100.00',
    })
    expect(p.txHash).toBeUndefined()
  })

  it('a quote expires: 410 quote_expired; an unknown quote 404', async () => {
    const q = await okQuote({ amount: '50.00' })
    await sql`update onramp_quotes set expires_at = now() - interval '1 second' where id = ${q.quoteId}`.execute(
      t.database.kysely,
    )
    const res = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31337'], assets: ['fUSD'] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: 'x',
      defaultExperience: 'buy',
      quoteId: q.quoteId,
    })
    expect(res.status).toBe(410)
    expect((await errorOf(res)).code).toBe('quote_expired')
    // A day after its expiry the next quote drops it.
    await sql`update onramp_quotes set expires_at = now() - interval '25 hours' where id = ${q.quoteId}`.execute(
      t.database.kysely,
    )
    await okQuote({ amount: '50.00' })
    const gone = await sql<{ n: number }>`select count(*)::int as n from onramp_quotes where id = ${q.quoteId}`.execute(
      t.database.kysely,
    )
    expect(gone.rows[0]!.n).toBe(0)
    const missing = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31337'] }],
      quoteId: randomUUID(),
    })
    expect(missing.status).toBe(404)
    expect((await errorOf(missing)).code).toBe('quote_not_found')
    // Another project's quote is not this one's.
    const theirs = await okQuote({ amount: '50.00' })
    const other = await post(
      '/v1/generators/onrampurl',
      { destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31337'] }], quoteId: theirs.quoteId },
      'other-site',
    )
    expect(other.status).toBe(404)
  })

  it('a URL without a quote prices the preset fiat or crypto amount, within the limits', async () => {
    const fiat = await createUrl({ presetFiatAmount: '100.00' })
    expect(await purchase(fiat.purchaseId)).toMatchObject({ total: '100.00', purchaseAmount: '97.41' })
    const crypto = await createUrl({ presetCryptoAmount: '50' })
    const p = await purchase(crypto.purchaseId)
    expect(p.purchaseAmount).toBe('50')
    // The smallest total whose subtotal buys 50 fUSD: 50 + fees.
    const row = await sql<{ subtotal: string; fees: string; total: string }>`
      select subtotal, fees, total from onramp_purchases where id = ${crypto.purchaseId}`.execute(t.database.kysely)
    const { subtotal, fees, total } = row.rows[0]!
    expect(parseCents(subtotal) + parseCents(fees)).toBe(parseCents(total))
    expect(parseCents(subtotal)).toBeGreaterThanOrEqual(5000n)
    expect(parseCents(subtotal)).toBeLessThan(5002n)
    const eth = await createUrl({ presetFiatAmount: '20.00' }, freshAddress())
    expect((await purchase(eth.purchaseId)).purchaseCurrency).toBe('fUSD')
    const native = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31338'], assets: ['ETH'] }],
      presetFiatAmount: '30.00',
    })
    expect(native.status).toBe(200)
    const nativePurchase = await purchase((await answered(native)).purchaseId)
    expect(nativePurchase).toMatchObject({ network: 'eip155:31338', purchaseCurrency: 'ETH', total: '30.00' })
    const tooMuch = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31337'], assets: ['fUSD'] }],
      presetFiatAmount: '7500.01',
    })
    expect((await errorOf(tooMuch)).code).toBe('amount_above_maximum')
    const badAddress = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: '0x123', blockchains: ['eip155:31337'] }],
    })
    expect(badAddress.status).toBe(400)
  })

  it('a purchase: 404 purchase_not_found for an unknown id, 400 for a malformed one', async () => {
    const res = await get(`/v1/onramp/purchases/${randomUUID()}`)
    expect(res.status).toBe(404)
    expect((await errorOf(res)).code).toBe('purchase_not_found')
    expect((await get('/v1/onramp/purchases/12')).status).toBe(400)
  })

  it('webhook: a valid one moves the status; forged, stale or future signatures change nothing', async () => {
    const { purchaseId } = await createUrl({ presetFiatAmount: '100.00' })
    const pending = { eventId: eventId(), purchaseId, status: 'pending' }
    const forged = [
      await deliver(pending, { secret: 'another-secret-0123456789' }),
      await deliver(pending, { at: nowSeconds() - 301 }),
      await deliver(pending, { at: nowSeconds() + 301 }),
      await deliver(pending, { signature: 'garbage' }),
      await deliver(pending, { signature: `t=${nowSeconds()}` }),
      await app.request('/v1/onramp/webhook/sandbox', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(pending),
      }),
    ]
    // The body changed after signing.
    const raw = JSON.stringify(pending)
    forged.push(
      await app.request('/v1/onramp/webhook/sandbox', {
        method: 'POST',
        headers: { 'x-foyer-signature': signOnrampWebhook(SECRET, raw, nowSeconds()) },
        body: raw.replace('pending', 'completed'),
      }),
    )
    for (const res of forged) {
      expect(res.status).toBe(401)
      expect((await errorOf(res)).code).toBe('invalid_signature')
    }
    expect((await purchase(purchaseId)).status).toBe('created')
    // Just inside the window is accepted.
    const ok = await deliver(pending, { at: nowSeconds() - 290 })
    expect(ok.status).toBe(200)
    expect(v.parse(OnrampWebhookResponse, await ok.json())).toEqual({
      received: true,
      duplicate: false,
      status: 'pending',
    })
    expect((await purchase(purchaseId)).status).toBe('pending')
    const unknownProvider = await deliver(pending, { provider: 'moonpay' })
    expect(unknownProvider.status).toBe(404)
    const unknownPurchase = await deliver({ eventId: eventId(), purchaseId: randomUUID(), status: 'paid' })
    expect(unknownPurchase.status).toBe(404)
    expect((await errorOf(unknownPurchase)).code).toBe('purchase_not_found')
  })

  it('webhook: a replayed event id changes nothing, even 100 deliveries at once', async () => {
    const { purchaseId } = await createUrl({ presetFiatAmount: '100.00' })
    const paid = { eventId: eventId(), purchaseId, status: 'paid' }
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(paid)))
    const bodies = await Promise.all(
      answers.map(async (res) => {
        expect(res.status).toBe(200)
        return v.parse(OnrampWebhookResponse, await res.json())
      }),
    )
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1)
    expect(bodies.every((b) => b.status === 'paid')).toBe(true)
    const events = await sql<{ n: number }>`
      select count(*)::int as n from onramp_webhook_events where purchase_id = ${purchaseId}`.execute(t.database.kysely)
    expect(events.rows[0]!.n).toBe(1)
    const before = await purchase(purchaseId)
    // Replaying the event later, with a new signature, changes nothing either (updatedAt included).
    const again = await deliver({ ...paid, status: 'failed', failureReason: 'nope' })
    expect(v.parse(OnrampWebhookResponse, await again.json())).toMatchObject({ duplicate: true, status: 'paid' })
    expect(await purchase(purchaseId)).toEqual(before)
  })

  it('webhook: statuses only move forward; completed is final, a failed payment leaves the purchase payable', async () => {
    const { purchaseId } = await createUrl({ presetFiatAmount: '100.00' })
    const send = async (status: string, extra: Record<string, unknown> = {}) =>
      v.parse(OnrampWebhookResponse, await (await deliver({ eventId: eventId(), purchaseId, status, ...extra })).json())
    expect((await send('paid')).status).toBe('paid')
    expect((await send('pending')).status).toBe('paid')
    const txHash = `0x${'ab'.repeat(32)}`
    expect((await send('completed', { txHash })).status).toBe('completed')
    expect((await send('failed', { failureReason: 'late' })).status).toBe('completed')
    expect((await send('paid')).status).toBe('completed')
    const done = await purchase(purchaseId)
    expect(done).toMatchObject({ status: 'completed', txHash })
    expect(done.failureReason).toBeUndefined()

    const declined = (await createUrl({ presetFiatAmount: '10.00' })).purchaseId
    const fail = await deliver({
      eventId: eventId(),
      purchaseId: declined,
      status: 'failed',
      failureReason: 'Card declined',
    })
    expect(v.parse(OnrampWebhookResponse, await fail.json()).status).toBe('failed')
    expect(await purchase(declined)).toMatchObject({ status: 'failed', failureReason: 'Card declined' })
    // The owner pays again: the next attempt's events move the purchase on, and its failure reason goes.
    expect((await (await deliver({ eventId: eventId(), purchaseId: declined, status: 'pending' })).json()).status).toBe(
      'pending',
    )
    await deliver({ eventId: eventId(), purchaseId: declined, status: 'paid' })
    await deliver({ eventId: eventId(), purchaseId: declined, status: 'completed', txHash })
    const paid = await purchase(declined)
    expect(paid).toMatchObject({ status: 'completed', txHash })
    expect(paid.failureReason).toBeUndefined()
  })

  it('webhook: 100 different events racing end at the furthest status, one terminal change', async () => {
    const { purchaseId } = await createUrl({ presetFiatAmount: '100.00' })
    const txHash = `0x${'cd'.repeat(32)}`
    const statuses = ['pending', 'paid', 'completed'] as const
    const events = Array.from({ length: 100 }, (_, i) => ({
      eventId: eventId(),
      purchaseId,
      status: statuses[i % 3],
      ...(statuses[i % 3] === 'completed' ? { txHash } : {}),
    }))
    const answers = await Promise.all(events.map((e) => deliver(e)))
    expect(answers.every((res) => res.status === 200)).toBe(true)
    expect(await purchase(purchaseId)).toMatchObject({ status: 'completed', txHash })
    const applied = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from onramp_webhook_events
      where purchase_id = ${purchaseId} and applied group by status`.execute(t.database.kysely)
    const count = Object.fromEntries(applied.rows.map((r) => [r.status, r.n]))
    expect(count.completed).toBe(1)
    expect((count.pending ?? 0) <= 1 && (count.paid ?? 0) <= 1).toBe(true)

    // Racing terminal events: exactly one of them wins.
    const race = (await createUrl({ presetFiatAmount: '100.00' })).purchaseId
    const terminal = Array.from({ length: 100 }, (_, i) =>
      i % 2
        ? { eventId: eventId(), purchaseId: race, status: 'completed', txHash }
        : { eventId: eventId(), purchaseId: race, status: 'failed', failureReason: 'declined' },
    )
    await Promise.all(terminal.map((e) => deliver(e)))
    const final = await purchase(race)
    expect(['completed', 'failed']).toContain(final.status)
    const wins = await sql<{ n: number }>`
      select count(*)::int as n from onramp_webhook_events where purchase_id = ${race} and applied`.execute(
      t.database.kysely,
    )
    expect(wins.rows[0]!.n).toBe(1)
  })

  it('history?onramp=sandbox lists the address’s purchases, newest first, paged', async () => {
    const address = freshAddress()
    const first = await createUrl({ presetFiatAmount: '10.00' }, address)
    const second = await createUrl({ presetFiatAmount: '20.00' }, address)
    const txHash = `0x${'ef'.repeat(32)}`
    await deliver({ eventId: eventId(), purchaseId: second.purchaseId, status: 'completed', txHash })
    await createUrl({ presetFiatAmount: '30.00' }) // someone else's
    const mine = holding(first.purchaseId, second.purchaseId)
    const res = await get(`/v1/account/${address}/history?onramp=sandbox`, undefined, mine)
    expect(res.status).toBe(200)
    const page = v.parse(AccountHistoryResponse, await res.json())
    expect(page.next).toBeNull()
    expect(page.data.map((e) => e.onramp?.purchaseId)).toEqual([second.purchaseId, first.purchaseId])
    const [done, created] = page.data
    expect(done).toMatchObject({
      id: `eip155:31337:${txHash}`,
      metadata: { operationType: 'receive', hash: txHash, chain: 'eip155:31337', status: 'confirmed' },
      transfers: [
        {
          standard: 'erc20',
          direction: 'in',
          recipient: address.toLowerCase(),
          quantity: { numeric: '18.61', raw: '18610000' },
          fungible_info: { address: usdOf(31337).toLowerCase(), symbol: 'fUSD', decimals: 6 },
        },
      ],
      onramp: { provider: 'sandbox', status: 'completed', paymentCurrency: 'USD', total: '20.00' },
    })
    expect(created).toMatchObject({
      id: `onramp:${first.purchaseId}`,
      metadata: { status: 'pending', hash: '' },
      onramp: { status: 'created', total: '10.00' },
    })
    // Paged: one a page.
    const one = v.parse(
      AccountHistoryResponse,
      await (await get(`/v1/account/${address}/history?onramp=sandbox&limit=1`, undefined, mine)).json(),
    )
    expect(one.data.map((e) => e.onramp?.purchaseId)).toEqual([second.purchaseId])
    const two = v.parse(
      AccountHistoryResponse,
      await (
        await get(
          `/v1/account/${address}/history?onramp=sandbox&limit=1&cursor=${encodeURIComponent(one.next!)}`,
          undefined,
          mine,
        )
      ).json(),
    )
    expect(two.data.map((e) => e.onramp?.purchaseId)).toEqual([first.purchaseId])
    expect(two.next).toBeNull()
    // Other providers, other chains: empty; a bad cursor: 400.
    expect(await (await get(`/v1/account/${address}/history?onramp=coinbase`, undefined, mine)).json()).toEqual({
      data: [],
      next: null,
    })
    expect(
      (await (await get(`/v1/account/${address}/history?onramp=sandbox&chainId=31338`, undefined, mine)).json()).data,
    ).toEqual([])
    expect((await get(`/v1/account/${address}/history?onramp=sandbox&cursor=nope`)).status).toBe(400)
  })

  it('a purchase is read only with its secret (or the provider’s checkout token), only under its project', async () => {
    const { purchaseId, purchaseSecret, url } = await createUrl({ presetFiatAmount: '10.00' })
    expect(purchaseSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const path = `/v1/onramp/purchases/${purchaseId}`
    // A stranger with the id alone, or with a made-up secret: as if there were no such purchase.
    for (const res of [
      await get(path),
      await get(path, undefined, { 'x-foyer-purchase-secrets': 'A'.repeat(43) }),
      await get(path, 'other-site', holding(purchaseId)),
      await get(path, undefined, { 'x-foyer-checkout-token': 'A'.repeat(43) }),
    ]) {
      expect(res.status).toBe(404)
      expect((await errorOf(res)).code).toBe('purchase_not_found')
    }
    expect((await get(path, undefined, holding(purchaseId))).status).toBe(200)
    // The provider's checkout reads it with the token of its checkout URL (bound to this purchase).
    const token = new URL(url).searchParams.get('token')!
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await get(path, undefined, { 'x-foyer-checkout-token': token })).status).toBe(200)
    const other = await createUrl({ presetFiatAmount: '10.00' })
    const otherToken = new URL(other.url).searchParams.get('token')!
    expect((await get(path, undefined, { 'x-foyer-checkout-token': otherToken })).status).toBe(404)
    // Only the secret's hash is stored.
    const stored = await sql<{ secret_hash: string }>`
      select secret_hash from onramp_purchases where id = ${purchaseId}`.execute(t.database.kysely)
    expect(stored.rows[0]!.secret_hash).not.toContain(purchaseSecret)
    expect(JSON.stringify(stored.rows)).not.toContain(purchaseSecret)
  })

  it('history?onramp lists only the purchases whose secrets the request holds, of the request’s project', async () => {
    const address = freshAddress()
    const a = await createUrl({ presetFiatAmount: '10.00' }, address)
    const b = await createUrl({ presetFiatAmount: '20.00' }, address)
    const list = async (extra: Record<string, string>, project?: string) => {
      const res = await get(`/v1/account/${address}/history?onramp=sandbox`, project, extra)
      expect(res.status).toBe(200)
      return v.parse(AccountHistoryResponse, await res.json()).data.map((e) => e.onramp?.purchaseId)
    }
    // Anyone asking about the address without a credential: no purchases (and no error).
    expect(await list({})).toEqual([])
    expect(await list({ 'x-foyer-purchase-secrets': 'A'.repeat(43) })).toEqual([])
    expect(await list(holding(a.purchaseId))).toEqual([a.purchaseId])
    expect(await list(holding(a.purchaseId, b.purchaseId))).toEqual([b.purchaseId, a.purchaseId])
    // Another project, even with the secrets: nothing.
    expect(await list(holding(a.purchaseId, b.purchaseId), 'other-site')).toEqual([])
    // A secret of a purchase to another address lists nothing here.
    const elsewhere = await createUrl({ presetFiatAmount: '10.00' })
    expect(await list(holding(elsewhere.purchaseId))).toEqual([])
  })

  it('one quote, one purchase: 100 URL generations at once with one quote, exactly one succeeds', async () => {
    const q = await okQuote({ amount: '100.00' })
    const body = {
      destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31337'], assets: ['fUSD'] }],
      defaultNetwork: 'eip155:31337',
      quoteId: q.quoteId,
    }
    const answers = await Promise.all(Array.from({ length: 100 }, () => post('/v1/generators/onrampurl', body)))
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(99)
    const refused = answers.find((res) => res.status === 409)!
    expect((await errorOf(refused)).code).toBe('quote_used')
    const made = await sql<{ n: number }>`
      select count(*)::int as n from onramp_purchases where quote_id = ${q.quoteId}`.execute(t.database.kysely)
    expect(made.rows[0]!.n).toBe(1)
  })

  it('defaultNetwork outside the wallet’s blockchains: 400 with the reason', async () => {
    for (const extra of [{}, { quoteId: (await okQuote({ amount: '100.00', network: 'eip155:31338' })).quoteId }]) {
      const res = await post('/v1/generators/onrampurl', {
        destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31337'], assets: ['fUSD'] }],
        defaultNetwork: 'eip155:31338',
        presetFiatAmount: '10.00',
        ...extra,
      })
      expect(res.status).toBe(400)
      const error = await errorOf(res)
      expect(error.code).toBe('network_not_in_wallet')
      expect(error.message).toContain('eip155:31338')
    }
  })

  it('feature off: every project route answers 403 feature_disabled', async () => {
    const q = await okQuote({ amount: '100.00' })
    const { purchaseId } = await createUrl({ quoteId: q.quoteId })
    const answers = [
      await get('/v1/onramp/providers', 'no-onramp'),
      await get('/v1/onramp/options', 'no-onramp'),
      await quote({ amount: '100.00' }, 'no-onramp'),
      await post(
        '/v1/generators/onrampurl',
        { destinationWallets: [{ address: freshAddress(), blockchains: ['eip155:31337'] }] },
        'no-onramp',
      ),
      await get(`/v1/onramp/purchases/${purchaseId}`, 'no-onramp'),
    ]
    for (const res of answers) {
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('feature_disabled')
    }
    expect((await get('/v1/onramp/providers', 'nobody-here')).status).toBe(403)
    expect((await app.request('/v1/onramp/providers')).status).toBe(401)
  })

  it('without a configured provider: an empty list, and quotes refused', async () => {
    const bare = createApp({
      db: t.database,
      config: { ...config, onramp: { ...config.onramp, providers: [] } },
      projects: new ProjectStore(t.database.kysely),
    })
    const list = await bare.request('/v1/onramp/providers', { headers: headers() })
    expect(((await list.json()) as { providers: unknown[] }).providers).toEqual([])
    const res = await bare.request('/v1/onramp/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers() },
      body: JSON.stringify({
        purchaseCurrency: 'fUSD',
        paymentCurrency: 'USD',
        amount: '100.00',
        network: 'eip155:31337',
      }),
    })
    expect((await errorOf(res)).code).toBe('unknown_provider')
  })
}

for (const [name, open] of testBackends(postgres)) describe(name, () => suite(open))

/**
 * A client written for the Web3Modal wire API, played end to end against a real listening server: its calls in the
 * shapes it sends them — JSON bodies as `text/plain` strings (no preflight), the project id in the query or the body,
 * currencies as the option objects the options answer listed, amounts as JSON numbers, networks by provider name
 * (`ethereum`) — and the fields it reads from each answer. The chains are two anvils deployed and seeded like
 * `npm start` (ports 19580/19581), so quotes are priced from real pools.
 */
import { request as httpRequest } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, parseDevnetFile, type ServerConfig } from '../config.ts'
import { createServer, type FoyerServer } from '../index.ts'
import { BACKEND_TIMEOUT_MS, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor, testBackends } from '../test/eachBackend.ts'

const postgres = await probePostgresFor('web3modalClient.test.ts')

const PROJECT = 'foyer-demo'
/** The demo site's origin, one the demo project allows: what a browser on that site sends. */
const SITE = 'http://127.0.0.1:5173'
const SANDBOX_URL = 'http://127.0.0.1:19589'
/** The query parameters the client adds to each call to name its SDK (the server ignores what it does not read). */
const SDK = 'st=appkit&sv=html-wagmi-5.1.11'

let devnet: RunningDevnet
beforeAll(async () => {
  devnet = await startDevnet({
    chains: [
      { id: 31337, name: 'Foyer Local', port: 19580, portEnv: 'TEST' },
      { id: 31338, name: 'Foyer Local 2', port: 19581, portEnv: 'TEST' },
    ],
    devnetFile: null,
    seedHistory: false,
  })
}, BACKEND_TIMEOUT_MS)
afterAll(async () => devnet?.stop())

/** A port free right now, so the server's FOYER_PUBLIC_URL can name it before it listens. */
async function freePort(): Promise<number> {
  const probe = createNetServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** A GET through node:http, so the Host header can be one the client chose (fetch does not let it be set). */
function getWithHost(url: string, host: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { headers: { ...headers, host } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

type Money = { amount: string; currency: string }

function suite(open: () => Promise<TestDatabase>) {
  let t: TestDatabase
  let server: FoyerServer
  let base: string

  beforeAll(async () => {
    t = await open()
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    const settings: ServerConfig = loadConfig(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        FOYER_PUBLIC_URL: base,
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_DATA_DIR: '/nonexistent/data',
        FOYER_INDEXER: 'false',
        FOYER_RATE_LIMIT_PER_CLIENT: '0',
        FOYER_RATE_LIMIT_PER_PROJECT: '0',
        LOG_LEVEL: 'error',
        FOYER_ONRAMP_PROVIDERS: JSON.stringify([
          { id: 'sandbox', url: SANDBOX_URL, webhookSecret: 'compat-test-secret-0123456789' },
        ]),
        FOYER_ONRAMP_NETWORKS: JSON.stringify({ ethereum: 'eip155:31337', base: 'eip155:31338' }),
      },
      { repoRoot: '/nonexistent' },
    )
    const parsed = parseDevnetFile(JSON.stringify(devnet.info), [])!
    server = await createServer(
      { ...settings, chains: parsed.chains, devAccounts: parsed.accounts },
      { database: t.database },
    )
    await server.listen()
  }, BACKEND_TIMEOUT_MS)
  afterAll(async () => {
    await server?.close()
    await t?.cleanup()
  }, BACKEND_TIMEOUT_MS)

  /** GET as the client sends it: the project id and its SDK in the query, the site's origin. */
  const get = (path: string) =>
    fetch(`${base}${path}${path.includes('?') ? '&' : '?'}projectId=${PROJECT}&${SDK}`, { headers: { origin: SITE } })
  /** POST as the client sends it: `JSON.stringify(body)` with no content type set, which a browser sends as text/plain. */
  const post = (path: string, body: Record<string, unknown>) =>
    fetch(`${base}${path}?${SDK}`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ projectId: PROJECT, ...body }),
    })
  const address = () => devnet.info.accounts[5]!.address

  /** An image URL from an answer: on the configured public URL, with the project id, and it loads with no header. */
  const expectLoadableImage = async (url: string | null | undefined) => {
    expect(url, 'an image URL').toBeTruthy()
    expect(url!.startsWith(`${base}/`), url!).toBe(true)
    expect(new URL(url!).searchParams.get('projectId')).toBe(PROJECT)
    const res = await fetch(url!)
    expect(res.status, url!).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(await res.text()).toMatch(/^\s*<svg/)
  }

  it('buys: options, a quote for an option object, a numeric amount and network "ethereum", then the checkout URL', async () => {
    const optionsRes = await get('/v1/onramp/options')
    expect(optionsRes.status).toBe(200)
    const options = (await optionsRes.json()) as {
      purchaseCurrencies: { id: string; name: string; symbol: string; networks: { chainId: string }[] }[]
      paymentCurrencies: { id: string; payment_method_limits: { id: string; min: string; max: string }[] }[]
    }
    const eth = options.purchaseCurrencies.find((c) => c.symbol === 'ETH')!
    const usd = options.paymentCurrencies.find((c) => c.id === 'USD')!
    expect(usd.payment_method_limits.find((l) => l.id === 'card')).toEqual({ id: 'card', min: '10.00', max: '7500.00' })

    const quoteRes = await post('/v1/onramp/quote', {
      purchaseCurrency: eth,
      paymentCurrency: usd,
      amount: 100,
      network: 'ethereum',
    })
    expect(quoteRes.status, await quoteRes.clone().text()).toBe(200)
    // A browser on the site may read the answer.
    expect(quoteRes.headers.get('access-control-allow-origin')).toBe(SITE)
    const quote = (await quoteRes.json()) as Record<string, Money> & { quoteId: string }
    expect(quote.quoteId).toMatch(/^[0-9a-f-]{36}$/)
    expect(quote.paymentTotal).toEqual({ amount: '100.00', currency: 'USD' })
    expect(quote.coinbaseFee).toEqual({ amount: '2.49', currency: 'USD' })
    expect(quote.networkFee).toEqual({ amount: '0.10', currency: 'USD' })
    expect(quote.paymentSubtotal).toEqual({ amount: '97.41', currency: 'USD' })
    expect(quote.purchaseAmount!.currency).toBe('ETH')
    expect(Number(quote.purchaseAmount!.amount)).toBeGreaterThan(0)

    const urlRes = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: address(), blockchains: ['ethereum'], assets: [eth.symbol] }],
      defaultNetwork: 'ethereum',
      partnerUserId: address(),
      defaultExperience: 'buy',
      presetCryptoAmount: Number(quote.purchaseAmount!.amount),
      presetFiatAmount: 100,
    })
    expect(urlRes.status, await urlRes.clone().text()).toBe(200)
    const { url } = (await urlRes.json()) as { url: string }
    expect(url.startsWith(`${SANDBOX_URL}/checkout?`)).toBe(true)
  })

  it('a quote naming the network by the currency symbol is a 400 with the reason when two chains sell it', async () => {
    const res = await post('/v1/onramp/quote', {
      purchaseCurrency: { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [] },
      paymentCurrency: { id: 'USD', payment_method_limits: [] },
      amount: '100',
      network: 'ETH',
    })
    expect(res.status).toBe(400)
    const { error } = (await res.json()) as { error: { code: string; message: string } }
    expect(error.code).toBe('unknown_network')
    expect(error.message).toMatch(/several networks/)
  })

  it('balances: ERC-20s by the CAIP-10 id the swap tokens carry, the native currency with no address', async () => {
    const res = await get(`/v1/account/${address()}/balance?currency=usd&chainId=eip155:31337&forceUpdate=`)
    expect(res.status).toBe(200)
    const { balances } = (await res.json()) as {
      balances: {
        name: string
        symbol: string
        chainId: string
        address?: string
        price: number
        value: number
        quantity: { decimals: string; numeric: string }
        iconUrl: string | null
      }[]
    }
    const native = balances.find((b) => b.symbol === 'ETH')!
    expect(native).toMatchObject({ chainId: 'eip155:31337', quantity: { decimals: '18' } })
    // The client fills the native currency's address in itself.
    expect(native).not.toHaveProperty('address')
    const tokens = balances.filter((b) => b.symbol !== 'ETH')
    expect(tokens.length).toBeGreaterThan(0)
    for (const token of tokens) expect(token.address).toMatch(/^eip155:31337:0x[0-9a-f]{40}$/)
    // The client matches each holding to a swap token by `address`, as is: every ERC-20 held finds its token.
    const swap = (await (await get('/v1/convert/tokens?chainId=eip155:31337')).json()) as {
      tokens: { symbol: string; address: string }[]
    }
    for (const token of tokens) {
      expect(swap.tokens.find((t) => t.address === token.address)?.symbol, token.symbol).toBe(token.symbol)
    }
    await expectLoadableImage(native.iconUrl)
  })

  it('wallets and convert tokens: image URLs on the public URL even when the Host header names another', async () => {
    const headers = { 'x-project-id': PROJECT, 'x-sdk-type': 'appkit', 'x-sdk-version': 'html-wagmi-5.1.11' }
    for (const host of [`127.0.0.1:${new URL(base).port}`, 'evil.example', 'localhost:1']) {
      const wallets = await getWithHost(`${base}/getWallets?page=1&entries=4`, host, headers)
      expect(wallets.status).toBe(200)
      const { data, count } = JSON.parse(wallets.body) as { data: { id: string; image_url: string }[]; count: number }
      expect(count).toBeGreaterThan(4)
      expect(data).toHaveLength(4)
      for (const w of data) expect(w.image_url.startsWith(`${base}/getWalletImage/${w.id}?`), w.image_url).toBe(true)
      const tokens = await getWithHost(`${base}/v1/convert/tokens?chainId=eip155:31337`, host, headers)
      const { tokens: list } = JSON.parse(tokens.body) as { tokens: { symbol: string; logoUri: string | null }[] }
      expect(list.find((x) => x.symbol === 'ETH')!.logoUri!.startsWith(`${base}/public/getTokenImage/ETH?`)).toBe(true)
    }
    const { data } = (await (await get('/getWallets?page=1&entries=4')).json()) as { data: { image_url: string }[] }
    await expectLoadableImage(data[0]!.image_url)
  })
}

for (const [name, open] of testBackends(postgres)) describe(name, () => suite(open))

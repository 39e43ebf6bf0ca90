import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { readAccountBalances } from '../balance/accountBalances.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import { type Address, type ChainConfig, loadConfig } from '../config.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../test/backends.ts'
import { markCount } from './marks.ts'
import {
  CatalogueFileError,
  createWalletCatalogue,
  DEFAULT_WALLETS_FILE,
  loadCatalogueFile,
  nameMatchRank,
  parseCatalogue,
} from './walletCatalogue.ts'

const shipped = loadCatalogueFile()
/** The package's folder of SVG modules, found the way Node finds it (no network: it is in node_modules). */
const web3icons = path.join(path.dirname(createRequire(import.meta.url).resolve('@web3icons/core')), 'svgs')
const web3iconsVersion = JSON.parse(readFileSync(path.join(web3icons, '..', '..', 'package.json'), 'utf8')).version

/** A chain of the devnet's shape; nothing here talks to its RPC URL. */
const WETH = '0x00000000000000000000000000000000000000e1' as Address
const FUSD = '0x00000000000000000000000000000000000000f1' as Address
const FOY = '0x00000000000000000000000000000000000000f2' as Address
const UNLISTED = '0x00000000000000000000000000000000000000aa' as Address
const fakeChain: ChainConfig = {
  id: 31337,
  name: 'Foyer Local',
  rpcUrl: 'http://127.0.0.1:9/unused',
  nativeSymbol: 'ETH',
  contracts: { weth: WETH, router: '0x00000000000000000000000000000000000000b1' as Address },
  tokens: [
    { address: WETH, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
    { address: FUSD, symbol: 'fUSD', name: 'Foyer USD', decimals: 6 },
    { address: FOY, symbol: 'FOY', name: 'Foyer Token', decimals: 18 },
  ],
  nfts: [],
}

describe('the shipped catalogue', () => {
  it('has at least 100 real wallets with unique ids, and rdns where the wallet announces one', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(100)
    expect(new Set(shipped.map((w) => w.id)).size).toBe(shipped.length)
    expect(shipped.find((w) => w.id === 'metamask')).toMatchObject({ rdns: 'io.metamask', chains: ['eip155'] })
    const rdns = shipped.map((w) => w.rdns).filter(Boolean)
    expect(new Set(rdns).size).toBe(rdns.length)
  })

  it('records for every wallet which mark it uses, and every @web3icons mark it names is in the package', () => {
    const raw = JSON.parse(readFileSync(DEFAULT_WALLETS_FILE, 'utf8')).wallets as { id: string; mark?: unknown }[]
    const real: string[] = []
    for (const wallet of raw) {
      const mark = wallet.mark as { source: string; name?: string; licence?: string }
      expect(mark, wallet.id).toBeTypeOf('object')
      if (mark.source === 'generated') {
        expect(Object.keys(mark), wallet.id).toEqual(['source'])
        continue
      }
      expect(mark, wallet.id).toEqual({ source: '@web3icons/core', name: expect.any(String), licence: 'MIT' })
      expect(existsSync(path.join(web3icons, 'wallets', 'background', `${mark.name}.svg.js`)), mark.name).toBe(true)
      real.push(wallet.id)
    }
    expect(real).toEqual(expect.arrayContaining(['metamask', 'coinbase-wallet', 'rainbow', 'trust-wallet', 'phantom']))
    expect(real.length).toBeGreaterThanOrEqual(30)
    expect(shipped.find((w) => w.id === 'rabby-wallet')?.mark).toEqual({
      source: '@web3icons/core',
      name: 'rabby',
      licence: 'MIT',
    })
    expect(markCount('tokens')).toBeGreaterThan(1000)
  })

  it('refuses a mark the package does not have, and gives a wallet without one the generated mark', () => {
    const wallet = { id: 'x', name: 'X', chains: ['eip155'], order: 1 }
    expect(() =>
      parseCatalogue({
        wallets: [{ ...wallet, mark: { source: '@web3icons/core', name: '../../x', licence: 'MIT' } }],
      }),
    ).toThrowError(/mark\.name/)
    expect(() =>
      parseCatalogue({ wallets: [{ ...wallet, mark: { source: 'https://example.com/x.svg' } }] }),
    ).toThrowError(
      /wallets\[0\]\.mark\.source: got "https:\/\/example\.com\/x\.svg", expected \{ "source": "generated" \} or/,
    )
    expect(parseCatalogue({ wallets: [wallet] })[0]!.mark).toEqual({ source: 'generated' })
  })
})

describe('parseCatalogue', () => {
  it('lists every problem of an edited file at once', () => {
    const bad = {
      wallets: [
        { id: 'Bad Id', name: '', chains: ['eip155'], order: 1 },
        { id: 'x', name: 'X', chains: 'eip155', order: 'first', webapp: 'not a url' },
      ],
    }
    expect(() => parseCatalogue(bad, 'wallets.json')).toThrowError(CatalogueFileError)
    try {
      parseCatalogue(bad, 'wallets.json')
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('wallets[0].id')
      expect(message).toContain('wallets[0].name')
      expect(message).toContain('wallets[1].chains')
      expect(message).toContain('wallets[1].order')
      expect(message).toContain('wallets[1].webapp')
    }
  })
})

describe('search ranking', () => {
  it('ranks exact, then prefix, then word start, then contains', () => {
    expect(nameMatchRank('Safe', 'safe')).toBe(0)
    expect(nameMatchRank('SafePal', 'safe')).toBe(1)
    expect(nameMatchRank('Gnosis Safe', 'safe')).toBe(2)
    expect(nameMatchRank('Unsafe', 'safe')).toBe(3)
    expect(nameMatchRank('MetaMask', 'safe')).toBeUndefined()
  })
  it('orders results by match, then by catalogue order', () => {
    const catalogue = createWalletCatalogue(shipped)
    const { data } = catalogue.list({ page: 1, entries: 100, search: 'wallet' })
    const ranks = data.map((w) => nameMatchRank(w.name, 'wallet')!)
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    for (let i = 1; i < data.length; i++)
      if (ranks[i] === ranks[i - 1]) expect(data[i]!.order).toBeGreaterThan(data[i - 1]!.order)
  })
})

/** The operator's FOYER_PUBLIC_URL in these tests: image URLs are built on it, whatever the request's Host. */
const PUBLIC = 'https://foyer.example.test'

describe('catalogue HTTP endpoints', () => {
  let t: TestDatabase
  let app: FoyerApp
  let appWith: (catalogue: ReturnType<typeof createWalletCatalogue>) => FoyerApp
  beforeAll(async () => {
    t = await openTestPGlite()
    const config = loadConfig(
      {
        PORT: '0',
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_DATA_DIR: '/nonexistent/data',
        FOYER_PUBLIC_URL: `${PUBLIC}/`,
        FOYER_PROJECTS: JSON.stringify([{ id: 'other-site', allowedOrigins: [] }]),
      },
      { repoRoot: '/nonexistent' },
    )
    config.chains = [fakeChain] // only for /v1/convert/tokens, which reads the configuration and no chain
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: t.database, config, projects })
    appWith = (catalogue) => createApp({ db: t.database, config, projects, catalogue })
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  const headers = { 'x-project-id': 'foyer-demo', 'x-sdk-type': 'foyer', 'x-sdk-version': '0.1.0' }
  const get = (path: string, extra: Record<string, string> = {}) =>
    app.request(path, { headers: { ...headers, ...extra } })

  it('pages through every wallet in catalogue order with the count', async () => {
    const first = await (await get('/getWallets?page=1&entries=40')).json()
    const third = await (await get('/getWallets?page=3&entries=40')).json()
    expect(first.count).toBe(shipped.length)
    expect(first.data).toHaveLength(40)
    expect(third.data).toHaveLength(shipped.length - 80)
    expect(first.data[0]).toMatchObject({
      id: 'metamask',
      name: 'MetaMask',
      rdns: 'io.metamask',
      image_id: 'metamask',
      mobile_link: 'metamask://',
    })
    expect(first.data[0].image_url).toBe(
      `${PUBLIC}/getWalletImage/metamask?projectId=foyer-demo&v=w3i-${web3iconsVersion}`,
    )
    const generated = first.data.find((w: { id: string }) => w.id === 'frontier')
    expect(generated.image_url).toBe(`${PUBLIC}/getWalletImage/frontier?projectId=foyer-demo&v=g1`)
    // The URL alone loads the image: no header (a plain <img> on the site's origin sends none).
    const served = await app.request(first.data[0].image_url.replace(PUBLIC, ''))
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])
    const ids = [...first.data, ...(await (await get('/getWallets?page=2&entries=40')).json()).data, ...third.data].map(
      (w: { id: string }) => w.id,
    )
    expect(ids).toEqual(shipped.map((w) => w.id))
  })

  it('filters by chains, include and exclude, and keeps the include order', async () => {
    const solana = await (await get('/getWallets?entries=100&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).json()
    expect(solana.count).toBeGreaterThan(5)
    expect(solana.data.every((w: { chains: string[] }) => w.chains.includes('solana'))).toBe(true)
    const included = await (await get('/getWallets?entries=4&include=rainbow,metamask,phantom')).json()
    expect(included.data.map((w: { id: string }) => w.id)).toEqual(['rainbow', 'metamask', 'phantom'])
    const excluded = await (await get('/getWallets?entries=100&exclude=metamask,rainbow')).json()
    expect(excluded.count).toBe(shipped.length - 2)
    expect(excluded.data.some((w: { id: string }) => w.id === 'metamask')).toBe(false)
  })

  it("keeps only the wallets of the site's namespaces: an EVM wallet on any EVM chain, a Solana-only one never", async () => {
    const solanaOnly = shipped.filter((w) => w.chains.length && !w.chains.includes('eip155')).map((w) => w.id)
    expect(solanaOnly).toContain('solflare')
    // The ids of an EVM-only site, a local devnet chain among them (no wallet lists a chain id, only namespaces).
    const evmSite = 'chains=eip155:1,eip155:31337'
    const ids = async (query: string) => {
      const body = await (await get(`/getWallets?entries=100&${query}`)).json()
      return { count: body.count as number, ids: body.data.map((w: { id: string }) => w.id) as string[] }
    }
    const pages = [await ids(`page=1&${evmSite}`), await ids(`page=2&${evmSite}`)]
    const listed = pages.flatMap((p) => p.ids)
    expect(pages[0]!.count).toBe(shipped.filter((w) => w.chains.includes('eip155')).length)
    expect(listed).toHaveLength(pages[0]!.count)
    expect(listed).toContain('metamask')
    expect(listed.filter((id) => solanaOnly.includes(id))).toEqual([])
    expect(await ids(`search=solflare&${evmSite}`)).toEqual({ count: 0, ids: [] })
    expect(await ids(`include=solflare,metamask&${evmSite}`)).toEqual({ count: 1, ids: ['metamask'] })
    expect((await ids(`search=meta&${evmSite}`)).ids[0]).toBe('metamask')
    expect((await ids('search=solflare&chains=solana')).ids).toEqual(['solflare'])
  })

  it('lists a wallet whose chains the catalogue does not give on every site', async () => {
    const wallet = (id: string, order: number, chains?: string[]) => ({ id, name: id, order, chains })
    const catalogue = createWalletCatalogue(
      parseCatalogue({
        wallets: [
          wallet('evm-only', 1, ['eip155']),
          wallet('solana-only', 2, ['solana']),
          wallet('no-chains', 3),
          wallet('empty-chains', 4, []),
        ],
      }),
    )
    const other = appWith(catalogue)
    const ids = async (query: string) =>
      (await (await other.request(`/getWallets?${query}`, { headers })).json()).data.map((w: { id: string }) => w.id)
    expect(await ids('chains=eip155:31337')).toEqual(['evm-only', 'no-chains', 'empty-chains'])
    expect(await ids('chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual([
      'solana-only',
      'no-chains',
      'empty-chains',
    ])
    expect(await ids('chains=bip122')).toEqual(['no-chains', 'empty-chains'])
    expect(await ids('')).toEqual(['evm-only', 'solana-only', 'no-chains', 'empty-chains'])
    expect(catalogue.get('no-chains')?.chains).toEqual([])
  })

  it('searches by name', async () => {
    const body = await (await get(`/getWallets?entries=100&search=${encodeURIComponent('meta')}`)).json()
    expect(body.data[0].id).toBe('metamask')
    expect(body.count).toBe(body.data.length)
    expect((await (await get('/getWallets?search=zzzzzz')).json()).count).toBe(0)
  })

  it('refuses bad parameters with a JSON reason listing each', async () => {
    const res = await get(`/getWallets?page=0&entries=500&include=Bad%20Id&chains=%24%24&search=${'x'.repeat(101)}`)
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error.code).toBe('invalid_request')
    expect(body.error.details.issues.map((i: { path: string }) => i.path)).toEqual([
      'page',
      'entries',
      'chains',
      'include',
      'search',
    ])
    expect((await get('/getWallets?entries=abc')).status).toBe(400)
  })

  it('needs a project', async () => {
    const res = await app.request('/getWallets')
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('missing_project_id')
  })

  const image = async (target: string, init?: RequestInit) => {
    const res = await app.request(`${target}${target.includes('?') ? '&' : '?'}projectId=foyer-demo`, init)
    return { res, body: await res.text() }
  }
  const expectImageHeaders = (res: Response) => {
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('etag')).toMatch(/^".+"$/)
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  }
  /** The package's own SVG for a mark, read straight from its module. */
  const packageSvg = async (kind: string, variant: string, name: string) =>
    (await import(path.join(web3icons, kind, variant, `${name}.svg.js`))).default as string

  it("serves a wallet's @web3icons logo with an ETag, a long cache and a script-free CSP, and 304 on revalidation", async () => {
    const { res, body } = await image('/getWalletImage/metamask')
    expectImageHeaders(res)
    expect(body).toBe(await packageSvg('wallets', 'background', 'metamask'))
    expect(body).not.toContain('<text')
    const again = await app.request('/getWalletImage/metamask?projectId=foyer-demo', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
    expect((await image('/getWalletImage/coinbase-wallet')).body).toBe(
      await packageSvg('wallets', 'background', 'coinbase'),
    )
    const missing = await app.request('/getWalletImage/no-such-wallet?projectId=foyer-demo')
    expect(missing.status).toBe(404)
    expect((await missing.json()).error.code).toBe('unknown_wallet')
  })

  it('serves the generated mark for a wallet the package has no logo for', async () => {
    const generated = shipped.find((w) => w.mark.source === 'generated')!
    const { res, body } = await image(`/getWalletImage/${generated.id}`)
    expectImageHeaders(res)
    expect(body).toMatch(/<text[^>]*>[A-Z0-9]{1,2}<\/text>/)
  })

  it('serves token, network and currency marks from the package, the generated mark for the rest', async () => {
    const eth = await image('/public/getTokenImage/ETH')
    expectImageHeaders(eth.res)
    expect(eth.body).toBe(await packageSvg('tokens', 'branded', 'ETH'))
    expect((await image('/public/getTokenImage/usdc')).body).toBe(await packageSvg('tokens', 'branded', 'USDC'))
    expect((await image('/public/getTokenImage/WETH')).body).toBe(eth.body) // no mark of its own: the ether one
    const network = await image('/public/getAssetImage/eip155:1')
    expectImageHeaders(network.res)
    expect(network.body).toBe(await packageSvg('networks', 'branded', 'ethereum'))
    expect((await image('/public/getAssetImage/base')).body).toBe(await packageSvg('networks', 'branded', 'base'))
    expect((await image('/public/getCurrencyImage/BTC')).body).toBe(await packageSvg('tokens', 'branded', 'BTC'))
    for (const path of [
      '/public/getTokenImage/FOY',
      '/public/getTokenImage/fUSD',
      '/public/getAssetImage/eip155:31337',
      '/public/getCurrencyImage/USD',
    ]) {
      const { res, body } = await image(path)
      expectImageHeaders(res)
      expect(body, path).toContain('</text>')
    }
  })

  it('refuses malformed ids and path traversal with a JSON reason, never a file', async () => {
    for (const path of [
      '/public/getTokenImage/%3Cscript%3E',
      '/public/getTokenImage/..%2F..%2F..%2Fpackage.json',
      '/public/getTokenImage/%2e%2e',
      '/public/getAssetImage/..',
      '/public/getCurrencyImage/..%5C..%5Cindex.js',
    ]) {
      const res = await app.request(`${path}?projectId=foyer-demo`)
      // `%2e%2e` is a dot segment: the URL is normalised before routing, so no image route sees it (404).
      expect([400, 404], path).toContain(res.status)
      expect(res.headers.get('content-type'), path).toContain('application/json')
      expect((await res.json()).error.code, path).toMatch(/^(invalid_request|not_found)$/)
    }
    const wallet = await app.request('/getWalletImage/..%2F..%2Fwallets.json?projectId=foyer-demo')
    expect(wallet.status).toBe(404)
    expect((await wallet.json()).error.code).toBe('unknown_wallet')
  })

  it('builds image URLs on FOYER_PUBLIC_URL, never on the Host the request names; other projects get their own', async () => {
    for (const host of ['evil.example', 'localhost:1', 'foyer.example.test.evil.example']) {
      const res = await app.request(`http://${host}/getWallets?page=1&entries=4`, {
        headers: { ...headers, host },
      })
      const { data } = (await res.json()) as { data: { image_url: string }[] }
      for (const w of data) expect(w.image_url.startsWith(`${PUBLIC}/getWalletImage/`), w.image_url).toBe(true)
      const tokens = (await (
        await app.request(`http://${host}/v1/convert/tokens?chainId=31337`, { headers: { ...headers, host } })
      ).json()) as { tokens: { logoUri: string | null }[] }
      expect(tokens.tokens[0]!.logoUri).toBe(
        `${PUBLIC}/public/getTokenImage/ETH?projectId=foyer-demo&v=w3i-${web3iconsVersion}`,
      )
    }
    const other = (await (
      await app.request('/getWallets?page=1&entries=1', { headers: { ...headers, 'x-project-id': 'other-site' } })
    ).json()) as { data: { image_url: string }[] }
    expect(other.data[0]!.image_url).toBe(
      `${PUBLIC}/getWalletImage/metamask?projectId=other-site&v=w3i-${web3iconsVersion}`,
    )
  })

  it('gives convert tokens with a mark a logoUri on this server, and null to the rest', async () => {
    const res = await get('/v1/convert/tokens?chainId=eip155:31337')
    expect(res.status).toBe(200)
    const { tokens } = (await res.json()) as { tokens: { symbol: string; logoUri: string | null }[] }
    expect(tokens.map((t) => [t.symbol, t.logoUri])).toEqual([
      ['ETH', `${PUBLIC}/public/getTokenImage/ETH?projectId=foyer-demo&v=w3i-${web3iconsVersion}`],
      ['fUSD', null],
      ['FOY', null],
    ])
    const logo = await image(tokens[0]!.logoUri!.replace(PUBLIC, ''))
    expectImageHeaders(logo.res)
    expect(logo.body).toBe(await packageSvg('tokens', 'branded', 'ETH'))
  })

  it('tells whether analytics are on for the project', async () => {
    expect(await (await get('/getAnalyticsConfig')).json()).toEqual({ isAnalyticsEnabled: true })
  })
})

describe('balances carry the image route of tokens with a mark', () => {
  it('for the native currency and listed tokens only', async () => {
    const amounts: Record<string, bigint> = { [WETH]: 10n ** 18n, [FUSD]: 5_000_000n, [UNLISTED]: 1n }
    const clients = {
      get: () => ({
        getBalance: async () => 2n * 10n ** 18n,
        readContract: async ({ address }: { address: Address }) => amounts[address] ?? 0n,
      }),
    } as unknown as ChainClients
    const info: Record<string, { symbol: string; name: string; decimals: number }> = {
      [NATIVE_TOKEN_ADDRESS_EVM]: { symbol: 'ETH', name: 'Ether', decimals: 18 },
      [WETH]: { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 },
      [FUSD]: { symbol: 'fUSD', name: 'Foyer USD', decimals: 6 },
      [UNLISTED]: { symbol: 'USDC', name: 'Not USD Coin', decimals: 6 }, // a well-known symbol on an unlisted token
    }
    const prices = {
      tokenInfo: async (_: ChainConfig, address: Address) => ({ address, ...info[address]! }),
      usdPrice: async () => null,
    } as unknown as PriceOracle
    const balances = await readAccountBalances(clients, prices, {
      chain: fakeChain,
      address: '0x00000000000000000000000000000000000000c1',
      extraTokens: [UNLISTED],
      images: { publicUrl: PUBLIC, projectId: 'p1' },
    })
    expect(Object.fromEntries(balances.map((b) => [b.symbol, b.iconUrl]))).toEqual({
      ETH: `${PUBLIC}/public/getTokenImage/ETH?projectId=p1&v=w3i-${web3iconsVersion}`,
      WETH: `${PUBLIC}/public/getTokenImage/WETH?projectId=p1&v=w3i-${web3iconsVersion}`,
      fUSD: null,
      USDC: null,
    })
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../test/backends.ts'
import {
  CatalogueFileError,
  createWalletCatalogue,
  loadCatalogueFile,
  nameMatchRank,
  parseCatalogue,
} from './walletCatalogue.ts'

const shipped = loadCatalogueFile()

describe('the shipped catalogue', () => {
  it('has at least 100 real wallets with unique ids, and rdns where the wallet announces one', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(100)
    expect(new Set(shipped.map((w) => w.id)).size).toBe(shipped.length)
    expect(shipped.find((w) => w.id === 'metamask')).toMatchObject({ rdns: 'io.metamask', chains: ['eip155'] })
    const rdns = shipped.map((w) => w.rdns).filter(Boolean)
    expect(new Set(rdns).size).toBe(rdns.length)
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

describe('catalogue HTTP endpoints', () => {
  let t: TestDatabase
  let app: FoyerApp
  beforeAll(async () => {
    t = await openTestPGlite()
    const config = loadConfig(
      { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data' },
      { repoRoot: '/nonexistent' },
    )
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: t.database, config, projects })
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
    expect(first.data[0].image_url).toBe('http://localhost/getWalletImage/metamask?projectId=foyer-demo')
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

  it('serves wallet images with an ETag and a long cache, and 304 on revalidation', async () => {
    const res = await app.request('/getWalletImage/metamask?projectId=foyer-demo')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toContain('max-age=31536000')
    const etag = res.headers.get('etag')!
    expect(await res.text()).toContain('>MM</text>')
    const again = await app.request('/getWalletImage/metamask?projectId=foyer-demo', {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    const missing = await app.request('/getWalletImage/no-such-wallet?projectId=foyer-demo')
    expect(missing.status).toBe(404)
    expect((await missing.json()).error.code).toBe('unknown_wallet')
  })

  it('serves asset, currency and token marks, and refuses malformed ids', async () => {
    for (const path of [
      '/public/getAssetImage/eip155:1',
      '/public/getCurrencyImage/USD',
      '/public/getTokenImage/WETH',
    ]) {
      const res = await app.request(`${path}?projectId=foyer-demo`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('etag')).toMatch(/^".+"$/)
    }
    expect((await app.request('/public/getTokenImage/%3Cscript%3E?projectId=foyer-demo')).status).toBe(400)
  })

  it('tells whether analytics are on for the project', async () => {
    expect(await (await get('/getAnalyticsConfig')).json()).toEqual({ isAnalyticsEnabled: true })
  })
})

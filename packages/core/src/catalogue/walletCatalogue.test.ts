import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '../api/apiClient.ts'
import { resolveOptions } from '../options/options.ts'
import { GetWalletsQuery, MAX_LIST_ITEMS } from '../protocol/catalogue.ts'
import { fetchWallets, MAX_CATALOGUE_CHAINS, siteCatalogueChains, walletsQueryKey } from './walletCatalogue.ts'
import { httpLink, walletGetLinks } from './walletLinks.ts'

// A real HTTP server on loopback that answers with the query string it received.
const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ count: 0, data: [], url: req.url }))
})
let apiUrl = ''
beforeAll(
  () =>
    new Promise<void>((ok) =>
      server.listen(0, '127.0.0.1', () => {
        apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
        ok()
      }),
    ),
)
afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

const network = (id: string) => ({ id })

describe("the catalogue's chains filter", () => {
  it("is the CAIP-2 ids of the site's networks, each once", () => {
    const options = resolveOptions({
      adapters: [],
      networks: [
        {
          id: 1,
          name: 'Ethereum',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
        },
        {
          id: 31337,
          name: 'Foyer Local',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
        },
      ],
    })
    expect(siteCatalogueChains(options.networks)).toEqual(['eip155:1', 'eip155:31337'])
    expect(siteCatalogueChains([network('eip155:1'), network('eip155:1'), network('solana:abc')])).toEqual([
      'eip155:1',
      'solana:abc',
    ])
  })

  it('falls back to the namespaces past the most items the query takes', () => {
    expect(MAX_CATALOGUE_CHAINS).toBe(MAX_LIST_ITEMS)
    const many = Array.from({ length: MAX_CATALOGUE_CHAINS + 1 }, (_, i) => network(`eip155:${i + 1}`))
    expect(siteCatalogueChains([...many, network('solana:abc')])).toEqual(['eip155', 'solana'])
    expect(siteCatalogueChains(many.slice(0, MAX_CATALOGUE_CHAINS))).toHaveLength(MAX_CATALOGUE_CHAINS)
  })

  it('goes out with the request, is part of the cache key, and the server reads it as namespaces', async () => {
    const api = createApiClient({ apiUrl, projectId: 'foyer-demo' })
    const chains = siteCatalogueChains([network('eip155:1'), network('eip155:31337')])
    const answer = (await fetchWallets(api, { entries: 4, chains, search: 'meta' })) as unknown as { url: string }
    const query = Object.fromEntries(new URL(answer.url, apiUrl).searchParams)
    expect(query.chains).toBe('eip155:1,eip155:31337')
    expect(v.parse(GetWalletsQuery, query).chains).toEqual(['eip155', 'eip155'])
    expect(walletsQueryKey({ chains })).not.toEqual(walletsQueryKey({}))
    expect(walletsQueryKey({ chains })).toEqual(walletsQueryKey({ chains: [...chains] }))
  })
})

describe('the links of Get a Wallet', () => {
  it('keeps only http(s) URLs', () => {
    expect(httpLink('https://apps.apple.com/app/metamask/id1438144202')).toBe(
      'https://apps.apple.com/app/metamask/id1438144202',
    )
    expect(httpLink('http://wallet.example')).toBe('http://wallet.example/')
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'metamask://',
      'not a url',
      '',
      null,
    ])
      expect(httpLink(bad), String(bad)).toBeUndefined()
  })

  it("lists a wallet's App Store page, Google Play page and website, and nothing for a wallet without them", () => {
    expect(
      walletGetLinks({
        id: 'metamask',
        name: 'MetaMask',
        homepage: 'https://metamask.io',
        app_store: 'https://apps.apple.com/app/metamask/id1438144202',
        play_store: 'https://play.google.com/store/apps/details?id=io.metamask',
      }),
    ).toEqual([
      { kind: 'appStore', url: 'https://apps.apple.com/app/metamask/id1438144202' },
      { kind: 'playStore', url: 'https://play.google.com/store/apps/details?id=io.metamask' },
      { kind: 'website', url: 'https://metamask.io/' },
    ])
    expect(walletGetLinks({ id: 'x', name: 'X', homepage: 'javascript:alert(1)', app_store: null })).toEqual([])
    expect(walletGetLinks({ id: 'y', name: 'Y' })).toEqual([])
  })
})

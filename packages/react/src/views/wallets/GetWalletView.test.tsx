// @vitest-environment jsdom
import type { CatalogueWallet, Connector } from '@foyer/core'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { catalogueServerDouble } from '../../test/catalogueServerDouble.ts'
import { fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

const APP_STORE = 'https://apps.apple.com/app/metamask/id1438144202'
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=io.metamask'
const filler = Array.from(
  { length: 42 },
  (_, i): CatalogueWallet => ({ id: `wallet-${i + 10}`, name: `Wallet ${i + 10}`, chains: ['eip155'], order: i + 10 }),
)
const CATALOGUE: CatalogueWallet[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    chains: ['eip155'],
    homepage: 'https://metamask.io',
    app_store: APP_STORE,
    play_store: PLAY_STORE,
    order: 1,
  },
  { id: 'solflare', name: 'Solflare', chains: ['solana'], homepage: 'https://solflare.com', order: 2 },
  { id: 'rainbow', name: 'Rainbow', chains: ['eip155'], homepage: 'https://rainbow.me', order: 3 },
  // An operator's entry with a script and a wallet scheme for links: neither is shown.
  { id: 'tricky', name: 'Tricky', homepage: 'javascript:alert(1)', app_store: 'tricky://open', order: 4 },
  { id: 'bare', name: 'Bare', order: 5 },
  ...filler,
]

/** The Foyer server's `GET /getWallets` over CATALOGUE, down while `serverUp` is false. */
let serverUp = true
const catalogueServer = catalogueServerDouble(CATALOGUE)
function catalogueServerOrDown(input: string | URL | Request) {
  if (!serverUp) return Promise.resolve(new Response('{"error":{"code":"x","message":"down"}}', { status: 503 }))
  return catalogueServer(input)
}

const walletConnect: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }

async function openGetWallet(options: Partial<Parameters<typeof createFoyer>[0]> = {}) {
  const foyer = createFoyer({
    adapters: [fakeAdapter([walletConnect])],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: 'http://catalogue.test',
    projectId: 'foyer-demo',
    logLevel: 'silent',
    ...options,
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.open({ view: 'Connect' }))
  await openedModal('Connect')
  await click(byTestId('get-wallet'))
  return { foyer, dialog: await openedModal('GetWallet') }
}

const listedIds = () =>
  [...byTestId('get-wallet-list').querySelectorAll(':scope > li')].map((li) =>
    li.getAttribute('data-testid')!.slice('get-wallet-'.length),
  )

beforeEach(() => {
  serverUp = true
  localStorage.clear()
  vi.stubGlobal('fetch', vi.fn(catalogueServerOrDown))
})
afterEach(async () => {
  await cleanup()
  vi.unstubAllGlobals()
})

describe('Get a Wallet', () => {
  it("lists the site's wallets, featured first, each with its store pages and website opening in a new tab", async () => {
    const { dialog } = await openGetWallet({ featuredWalletIds: ['rainbow', 'solflare'] })
    await waitFor(() => expect(queryTestId('get-wallet-metamask')).not.toBeNull())
    expect(dialog.querySelector('h2')?.textContent).toBe('Get a Wallet')
    const list = byTestId('get-wallet-list')
    expect(list.tagName).toBe('UL')
    expect(list.getAttribute('aria-label')).toBe('Wallets you can get')
    await waitFor(() => expect(listedIds()[0]).toBe('rainbow'))
    expect(listedIds().slice(0, 4)).toEqual(['rainbow', 'metamask', 'tricky', 'bare'])
    expect(listedIds()).not.toContain('solflare')
    expect(listedIds()).toHaveLength(40 + 1)

    const links = [...byTestId('get-wallet-metamask').querySelectorAll('a')]
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      ['App Store', APP_STORE, 'MetaMask on the App Store (opens in a new tab)'],
      ['Google Play', PLAY_STORE, 'MetaMask on Google Play (opens in a new tab)'],
      ['Website', 'https://metamask.io/', 'The website of MetaMask (opens in a new tab)'],
    ])
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank')
      expect(a.getAttribute('rel')).toBe('noopener noreferrer')
    }
    expect(byTestId('get-wallet-metamask-app-store').getAttribute('href')).toBe(APP_STORE)
    expect(byTestId('get-wallet-tricky').querySelectorAll('a')).toHaveLength(0)
    expect(byTestId('get-wallet-bare').querySelectorAll('a')).toHaveLength(0)
    expect(byTestId('get-wallet-bare').textContent).toBe('Bare')

    const queries = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname === '/getWallets')
      .map((url) => url.searchParams)
    for (const query of queries) expect(query.get('chains')).toBe('eip155:31337')
  })

  it('shows more wallets on demand, to the last one', async () => {
    await openGetWallet()
    await waitFor(() => expect(listedIds()).toHaveLength(40))
    await click([...document.querySelectorAll('button')].find((b) => b.textContent === 'Show more wallets')!)
    // The catalogue holds 47 wallets, one of them for Solana only.
    await waitFor(() => expect(listedIds()).toHaveLength(46))
    expect([...document.querySelectorAll('button')].some((b) => b.textContent === 'Show more wallets')).toBe(false)
  })

  it('says so when the list cannot be loaded, and lists the wallets after a retry', async () => {
    serverUp = false
    const { dialog } = await openGetWallet()
    await waitFor(() => expect(dialog.querySelector('[role="alert"]')?.textContent).toContain('could not be loaded'))
    expect(queryTestId('get-wallet-list')).toBeNull()
    serverUp = true
    await click(dialog.querySelector<HTMLButtonElement>('[role="alert"] button')!)
    await waitFor(() => expect(queryTestId('get-wallet-metamask')).not.toBeNull())
    expect(dialog.querySelector('[role="alert"]')).toBeNull()
  })

  it('is reached from What is a wallet? too, and Back returns there', async () => {
    const foyer = createFoyer({
      adapters: [fakeAdapter([walletConnect])],
      networks: [localNetwork(31337, 'Foyer Local')],
      apiUrl: 'http://catalogue.test',
      logLevel: 'silent',
    })
    await render(
      <FoyerProvider foyer={foyer}>
        <div>site</div>
      </FoyerProvider>,
    )
    await act(async () => foyer.open({ view: 'WhatIsAWallet' }))
    const dialog = await openedModal('WhatIsAWallet')
    await click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Get a Wallet')!)
    await openedModal('GetWallet')
    await waitFor(() => expect(queryTestId('get-wallet-metamask')).not.toBeNull())
    await click(byTestId('foyer-modal').querySelector<HTMLButtonElement>('button[aria-label="Back"]')!)
    expect(foyer.getState().router.view).toBe('WhatIsAWallet')
  })

  it('says when no wallet suits the site', async () => {
    await openGetWallet({ includeWalletIds: ['solflare'] })
    await waitFor(() => expect(byTestId('get-wallet-empty').textContent).toBe('No wallet found'))
    expect(queryTestId('get-wallet-list')).toBeNull()
  })
})

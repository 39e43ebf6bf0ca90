// @vitest-environment jsdom

import type { Connector } from '@foyer/core'
import { WALLET_IMAGE_TIMEOUT_MS } from '@foyer/core/internal'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { fakeAdapter, localNetwork, testWallet } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, render, waitFor } from '../../test/render.tsx'
import { CatalogueWalletImage } from './CatalogueWalletImage.tsx'

/** Test double for `GET /getWallets` that fails until told otherwise (the real endpoint runs in apps/server and e2e). */
let serverUp = false
const wallets = [{ id: 'zerion', name: 'Zerion', order: 1 }]
function catalogueServerDouble() {
  if (!serverUp) return Promise.resolve(new Response('{"error":{"code":"x","message":"down"}}', { status: 503 }))
  return Promise.resolve(new Response(JSON.stringify({ count: 1, data: wallets }), { status: 200 }))
}

beforeEach(() => {
  serverUp = false
  vi.stubGlobal('fetch', vi.fn(catalogueServerDouble))
})
afterEach(async () => {
  await cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('All Wallets', () => {
  it('shows installed wallets first even when the catalogue fails, and the list after a retry', async () => {
    const foyer = createFoyer({
      adapters: [fakeAdapter([testWallet])],
      networks: [localNetwork(31337, 'Foyer Local')],
      apiUrl: 'http://catalogue.test',
      logLevel: 'silent',
    })
    await render(
      <FoyerProvider foyer={foyer}>
        <div>site</div>
      </FoyerProvider>,
    )
    await act(async () => foyer.open({ view: 'AllWallets' }))
    const dialog = await openedModal('AllWallets')
    await waitFor(() => expect(dialog.querySelector('[aria-busy="false"]')).not.toBeNull())
    expect(byTestId('wallet-selector-dev.foyer.testwallet').textContent).toBe('Test Wallet')
    expect(byTestId('all-wallets-search').getAttribute('aria-label')).toBe('Search wallets')
    expect(dialog.querySelector('[role="alert"]')?.textContent).toContain('could not be loaded')
    serverUp = true
    await click(dialog.querySelector<HTMLButtonElement>('[role="alert"] button')!)
    await waitFor(() => expect(byTestId('wallet-selector-zerion').textContent).toBe('Zerion'))
    expect(dialog.querySelector('[role="alert"]')).toBeNull()
  })

  it('shows the error state with a retry when nothing can be listed', async () => {
    const foyer = createFoyer({
      adapters: [fakeAdapter([])],
      networks: [localNetwork(31337, 'Foyer Local')],
      apiUrl: 'http://catalogue.test',
      logLevel: 'silent',
    })
    await render(
      <FoyerProvider foyer={foyer}>
        <div>site</div>
      </FoyerProvider>,
    )
    await act(async () => foyer.open({ view: 'AllWallets' }))
    const dialog = await openedModal('AllWallets')
    await waitFor(() => expect(dialog.querySelector('[role="alert"]')?.textContent).toContain('could not be loaded'))
    serverUp = true
    await click(dialog.querySelector<HTMLButtonElement>('[role="alert"] button')!)
    await waitFor(() => expect(byTestId('wallet-selector-zerion').textContent).toBe('Zerion'))
  })

  it("asks for the site's networks with every page and every search", async () => {
    serverUp = true
    const foyer = createFoyer({
      adapters: [fakeAdapter([])],
      networks: [localNetwork(31337, 'Foyer Local'), localNetwork(1, 'Ethereum')],
      apiUrl: 'http://catalogue.test',
      logLevel: 'silent',
    })
    await render(
      <FoyerProvider foyer={foyer}>
        <div>site</div>
      </FoyerProvider>,
    )
    await act(async () => foyer.open({ view: 'AllWallets' }))
    await openedModal('AllWallets')
    await waitFor(() => expect(byTestId('wallet-selector-zerion').textContent).toBe('Zerion'))
    const search = byTestId<HTMLInputElement>('all-wallets-search')
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'zer')
      search.dispatchEvent(new Event('input', { bubbles: true }))
    })
    const queries = () =>
      vi
        .mocked(fetch)
        .mock.calls.map(([input]) => new URL(String(input)))
        .filter((url) => url.pathname === '/getWallets')
        .map((url) => url.searchParams)
    await waitFor(() => expect(queries().some((q) => q.get('search') === 'zer')).toBe(true))
    for (const query of queries()) expect(query.get('chains')).toBe('eip155:31337,eip155:1')
  })

  it('puts the placeholder in place of an image that has not loaded within 2 s', async () => {
    vi.useFakeTimers()
    await render(<CatalogueWalletImage src="http://catalogue.test/slow.svg" />, { strict: false })
    expect(document.querySelector('img')?.getAttribute('data-state')).toBe('loading')
    await act(async () => vi.advanceTimersByTime(WALLET_IMAGE_TIMEOUT_MS - 1))
    expect(document.querySelector('img')).not.toBeNull()
    await act(async () => vi.advanceTimersByTime(1))
    expect(document.querySelector('img')).toBeNull()
    expect(document.querySelector('.fo-wallet-placeholder svg')).not.toBeNull()
  })
})

describe('catalogue wallet images', () => {
  /** The server's image URL for a wallet, as `GET /getWallets` builds it. */
  const imageUrl = (id: string) => `http://catalogue.test/getWalletImage/${id}?projectId=foyer-demo`
  const catalogue = [
    { id: 'rainbow', name: 'Rainbow', rdns: 'me.rainbow', order: 1 },
    { id: 'zerion', name: 'Zerion', order: 2 },
  ]
  function catalogueWithImages(input: string | URL | Request) {
    const url = new URL(String(input))
    const include = url.searchParams.get('include')?.split(',') ?? []
    const rows = catalogue.filter((w) => !include.length || include.includes(w.id))
    const data = rows.map((w) => ({ ...w, image_url: imageUrl(w.id) }))
    return Promise.resolve(new Response(JSON.stringify({ count: rows.length, data }), { status: 200 }))
  }
  const walletConnect: Connector = {
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'WALLET_CONNECT',
    chain: 'eip155',
  }
  const imageOf = (testId: string) => byTestId(testId).querySelector('img')

  it('shows a featured wallet and its All Wallets tile with the same image, from the same URL', async () => {
    vi.stubGlobal('fetch', vi.fn(catalogueWithImages))
    const foyer = createFoyer({
      adapters: [fakeAdapter([walletConnect])],
      networks: [localNetwork(31337, 'Foyer Local')],
      apiUrl: 'http://catalogue.test',
      projectId: 'foyer-demo',
      featuredWalletIds: ['rainbow'],
      logLevel: 'silent',
    })
    await render(
      <FoyerProvider foyer={foyer}>
        <div>site</div>
      </FoyerProvider>,
    )
    await act(async () => foyer.open({ view: 'Connect' }))
    await openedModal('Connect')
    await waitFor(() => expect(imageOf('wallet-selector-rainbow')).not.toBeNull())
    const featured = imageOf('wallet-selector-rainbow')!
    expect(featured.getAttribute('src')).toBe(imageUrl('rainbow'))
    await act(async () => featured.dispatchEvent(new Event('load')))
    expect(featured.getAttribute('data-state')).toBe('loaded')

    await click(byTestId('all-wallets'))
    await openedModal('AllWallets')
    await waitFor(() => expect(imageOf('wallet-selector-rainbow')).not.toBeNull())
    const tile = imageOf('wallet-selector-rainbow')!
    expect(tile).not.toBe(featured)
    expect(tile.getAttribute('src')).toBe(featured.getAttribute('src'))
    expect(byTestId('wallet-selector-rainbow').querySelector('.fo-wallet-placeholder > svg')).toBeNull()
  })

  it('keeps an image the browser already had (loaded before the effect ran) instead of timing it out', async () => {
    vi.useFakeTimers()
    const complete = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true)
    const width = vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(24)
    try {
      await render(<CatalogueWalletImage src={imageUrl('rainbow')} />, { strict: false })
      expect(document.querySelector('img')?.getAttribute('data-state')).toBe('loaded')
      await act(async () => vi.advanceTimersByTime(WALLET_IMAGE_TIMEOUT_MS * 2))
      expect(document.querySelector('img')?.getAttribute('data-state')).toBe('loaded')
    } finally {
      complete.mockRestore()
      width.mockRestore()
    }
  })

  it('keeps a loaded image after the timeout, and starts over when the source changes', async () => {
    vi.useFakeTimers()
    const { root } = await render(<CatalogueWalletImage src={imageUrl('rainbow')} />, { strict: false })
    await act(async () => document.querySelector('img')!.dispatchEvent(new Event('load')))
    await act(async () => vi.advanceTimersByTime(WALLET_IMAGE_TIMEOUT_MS * 2))
    expect(document.querySelector('img')?.getAttribute('data-state')).toBe('loaded')
    await act(async () => root.render(<CatalogueWalletImage src={imageUrl('zerion')} />))
    expect(document.querySelector('img')?.getAttribute('data-state')).toBe('loading')
    await act(async () => vi.advanceTimersByTime(WALLET_IMAGE_TIMEOUT_MS))
    expect(document.querySelector('img')).toBeNull()
  })
})

// @vitest-environment jsdom
import { WALLET_IMAGE_TIMEOUT_MS } from '@foyer/core'
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

// @vitest-environment jsdom
import type { CatalogueWallet, Connector } from '@foyer/core'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { catalogueServerDouble } from '../../test/catalogueServerDouble.ts'
import { fakeAdapter, localNetwork, testWallet } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

/** The catalogue the server double answers from. */
const CATALOGUE: CatalogueWallet[] = [
  // First in the catalogue's order, and for none of the site's networks: never listed.
  { id: 'solflare', name: 'Solflare', chains: ['solana'], order: 0 },
  { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask', order: 1 },
  { id: 'trust-wallet', name: 'Trust Wallet', rdns: 'com.trustwallet.app', order: 2 },
  { id: 'rainbow', name: 'Rainbow', rdns: 'me.rainbow', mobile_link: 'rainbow://', order: 3 },
  { id: 'phantom', name: 'Phantom', rdns: 'app.phantom', order: 4 },
  { id: 'zerion', name: 'Zerion', order: 5 },
  { id: 'safe', name: 'Safe', order: 6 },
  { id: 'argent', name: 'Argent', order: 7 },
]
const catalogueServer = catalogueServerDouble(CATALOGUE)

const metaMaskAnnounced: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'io.metamask' },
}
const walletConnect: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }

async function openConnect(
  options: Partial<Parameters<typeof createFoyer>[0]> = {},
  connectors: Connector[] = [testWallet, metaMaskAnnounced, walletConnect],
) {
  const foyer = createFoyer({
    adapters: [fakeAdapter(connectors)],
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
  return { foyer, dialog: await openedModal('Connect') }
}

const rowIds = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('[data-testid^="wallet-selector-"]')].map((e) =>
    e.getAttribute('data-testid')!.slice('wallet-selector-'.length),
  )

beforeEach(() => {
  localStorage.clear()
  vi.stubGlobal('fetch', vi.fn(catalogueServer))
})
afterEach(async () => {
  await cleanup()
  vi.unstubAllGlobals()
})

describe('Connect view with the catalogue', () => {
  it('orders WalletConnect, installed, featured, recommended; one row per wallet by rdns; All Wallets with the count', async () => {
    const { dialog } = await openConnect({ featuredWalletIds: ['safe', 'rainbow'] })
    await waitFor(() => expect(queryTestId('wallet-selector-zerion')).not.toBeNull())
    // MetaMask is installed (announced): its catalogue entry does not get a second row.
    expect(rowIds(dialog)).toEqual([
      'walletconnect',
      'dev.foyer.testwallet',
      'io.metamask',
      'safe',
      'rainbow',
      'trust-wallet',
      'phantom',
      'zerion',
      'argent',
    ])
    await waitFor(() => expect(byTestId('all-wallets').textContent).toBe('All Wallets7'))
  })

  it("lists only wallets of the site's networks: every list asks with their CAIP-2 ids, a featured one too", async () => {
    const { dialog } = await openConnect({
      featuredWalletIds: ['solflare', 'safe'],
      excludeWalletIds: ['argent'],
      networks: [localNetwork(31337, 'Foyer Local'), localNetwork(1, 'Ethereum')],
    })
    await waitFor(() => expect(queryTestId('wallet-selector-zerion')).not.toBeNull())
    await waitFor(() => expect(byTestId('all-wallets').textContent).toBe('All Wallets6'))
    expect(rowIds(dialog)).not.toContain('solflare')
    expect(rowIds(dialog).slice(0, 4)).toEqual(['walletconnect', 'dev.foyer.testwallet', 'io.metamask', 'safe'])
    const queries = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname === '/getWallets')
      .map((url) => url.searchParams)
    // The lookup of the excluded ids (to hide their browser wallets) is by id, whatever their chains.
    const lists = queries.filter((q) => q.get('include') !== 'argent')
    expect(lists.length).toBeGreaterThanOrEqual(3)
    for (const query of lists) expect(query.get('chains')).toBe('eip155:31337,eip155:1')
  })

  it('leads a visitor without a wallet to Get a Wallet', async () => {
    const { foyer } = await openConnect()
    expect(byTestId('get-wallet').textContent).toBe('Get a Wallet')
    await click(byTestId('get-wallet'))
    expect(foyer.getState().router).toMatchObject({ view: 'GetWallet', history: ['Connect', 'GetWallet'] })
  })

  it('hides excluded wallets, their announced connectors too, and the All Wallets row when the site says HIDE', async () => {
    const { dialog } = await openConnect({ excludeWalletIds: ['metamask'], features: { allWallets: 'HIDE' } })
    await waitFor(() => expect(queryTestId('wallet-selector-trust-wallet')).not.toBeNull())
    await waitFor(() => expect(queryTestId('wallet-selector-io.metamask')).toBeNull())
    expect(rowIds(dialog)).not.toContain('metamask')
    expect(queryTestId('all-wallets')).toBeNull()
  })

  it('lists no catalogue wallet without a WalletConnect connector (it could not connect them)', async () => {
    const { dialog } = await openConnect({}, [testWallet])
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    expect(rowIds(dialog)).toEqual(['dev.foyer.testwallet'])
  })

  it('puts a recent catalogue wallet first with a Recent tag, and opens the QR view for a catalogue wallet', async () => {
    localStorage.setItem('foyer.recentWallets', JSON.stringify([{ id: 'rainbow', name: 'Rainbow' }]))
    const { foyer, dialog } = await openConnect()
    await waitFor(() => expect(queryTestId('wallet-selector-zerion')).not.toBeNull())
    expect(rowIds(dialog).slice(0, 2)).toEqual(['walletconnect', 'rainbow'])
    expect(byTestId('wallet-selector-rainbow').textContent).toBe('RainbowRecent')
    expect(rowIds(dialog).filter((id) => id === 'rainbow')).toHaveLength(1)
    await click(byTestId('wallet-selector-zerion'))
    expect(foyer.getState().router).toMatchObject({ view: 'ConnectingWalletConnect', data: { walletId: 'zerion' } })
  })
})

// @vitest-environment jsdom
import { type Connector, UserRejectedRequestError } from '@foyer/core'
import { type ChainAdapter, WALLETCONNECT_DEEP_LINK_KEY } from '@foyer/core/internal'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { ADDRESS, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'
import { openCatalogueWallet } from '../wallets/catalogueWallets.ts'

const walletConnect: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }

/** Test double only: an adapter whose WalletConnect connect hands out a URI per attempt; the test settles it. */
function pairingAdapter() {
  const attempts: { resolve(): void; reject(error: unknown): void }[] = []
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    mount: (controller) => controller.setConnectors([walletConnect]),
    connect: ({ onUri }) =>
      new Promise((resolve, reject) => {
        const n = attempts.length
        attempts.push({
          resolve: () => resolve({ address: ADDRESS, networkId: 'eip155:31337', connectorId: 'walletConnect' }),
          reject,
        })
        onUri?.(`wc:${String(n).repeat(64).slice(0, 64)}@2?relay-protocol=irn&symKey=${n}`)
      }),
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH' }),
  }
  return { adapter, attempts }
}

let clipboard = ''
beforeEach(() => {
  localStorage.clear()
  const writeText = async (text: string) => {
    clipboard = text
  }
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
})
afterEach(cleanup)

async function setup() {
  const { adapter, attempts } = pairingAdapter()
  const foyer = createFoyer({ adapters: [adapter], networks: [localNetwork(31337, 'Foyer Local')], logLevel: 'silent' })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  return { foyer, attempts }
}

describe('ConnectingWalletConnect view', () => {
  it('shows the QR of the pairing URI, copies it, and closes when the wallet approves', async () => {
    const { foyer, attempts } = await setup()
    await act(async () => foyer.open({ view: 'ConnectingWalletConnect' }))
    await openedModal('ConnectingWalletConnect')
    const qr = await waitFor(() => byTestId('wc-qr-code'))
    expect(qr.querySelector('svg[role="img"] path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    await click(byTestId('copy-wc-uri'))
    expect(clipboard).toMatch(/^wc:0{64}@2\?/)
    await waitFor(() => expect(byTestId('snackbar').textContent).toContain('Link copied'))
    await act(async () => attempts[0]!.resolve())
    expect(foyer.getState().modal.open).toBe(false)
    expect(foyer.getState().account.address).toBe(ADDRESS)
  })

  it('offers the platforms a catalogue wallet has, remembers the choice, and shows a decline with a retry', async () => {
    const { foyer, attempts } = await setup()
    await act(async () => foyer.open({ view: 'Connect' }))
    await act(async () =>
      openCatalogueWallet(foyer, {
        id: 'rainbow',
        name: 'Rainbow',
        mobile_link: 'rainbow://',
        mobile_universal_link: 'https://rnbwapp.com',
        homepage: 'https://rainbow.me',
      }),
    )
    await waitFor(() => byTestId('wc-qr-code'))
    const mobile = byTestId<HTMLAnchorElement>('wc-open-mobile')
    expect(mobile.href).toMatch(/^https:\/\/rnbwapp\.com\/wc\?uri=wc%3A0{64}/)
    expect(byTestId<HTMLAnchorElement>('wc-open-browser').href).toBe('https://rainbow.me/')
    expect(queryTestId('wc-open-desktop')).toBeNull()
    mobile.addEventListener('click', (e) => e.preventDefault())
    await click(mobile)
    expect(JSON.parse(localStorage.getItem(WALLETCONNECT_DEEP_LINK_KEY)!)).toMatchObject({
      walletId: 'rainbow',
      platform: 'mobile',
    })
    expect(byTestId('wc-open-mobile').getAttribute('aria-current')).toBe('true')

    await act(async () => attempts[0]!.reject(new UserRejectedRequestError({ cause: new Error('no') })))
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Connection declined')
    await click(byTestId('wc-retry'))
    await waitFor(() => byTestId('wc-qr-code'))
    expect(attempts).toHaveLength(2)
  })
})

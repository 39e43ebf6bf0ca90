// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { testWallet } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId } from '../../test/render.tsx'
import { renderModal } from '../../test/renderModal.tsx'

afterEach(cleanup)

describe('Connect view', () => {
  it('lists the browser wallets with icon, name and Installed, by rdns or catalogue id', async () => {
    await renderModal('Connect', {
      connectors: [
        testWallet,
        { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', explorerId: 'browser-wallet' },
        { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' },
      ],
    })
    const announced = byTestId('wallet-selector-dev.foyer.testwallet')
    expect(announced.textContent).toBe('Test WalletInstalled')
    expect(announced.querySelector('img')?.getAttribute('alt')).toBe('')
    expect(byTestId('wallet-selector-browser-wallet').textContent).toBe('Browser WalletInstalled')
    expect(byTestId('wallet-selector-walletconnect').textContent).toBe('WalletConnectQR code') // the QR flow, first
    expect(document.querySelector('ul[aria-label="Wallets"]')).not.toBeNull()
  })

  it('says so when no wallet is found', async () => {
    const { dialog } = await renderModal('Connect', { connectors: [] })
    expect(dialog!.textContent).toContain('No browser wallet found')
  })

  it('goes to ConnectingExternal for the chosen wallet', async () => {
    const { adapter, foyer } = await renderModal('Connect')
    adapter.connectOutcome = 'hang'
    await click(byTestId('wallet-selector-dev.foyer.testwallet'))
    expect(foyer.getState().router).toMatchObject({
      view: 'ConnectingExternal',
      data: { connectorId: 'dev.foyer.testwallet' },
    })
  })

  it('explains what a wallet is', async () => {
    const { dialog } = await renderModal('Connect')
    const link = [...dialog!.querySelectorAll('button')].find((b) => b.textContent === 'What is a wallet?')!
    await click(link)
    const help = await openedModal('WhatIsAWallet')
    expect(help.textContent).toContain('A wallet lets you hold digital assets')
    expect(queryTestId('modal-back')).not.toBeNull()
  })
})

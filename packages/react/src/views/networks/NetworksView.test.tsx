// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { byTestId, cleanup, click, openedModal, queryTestId, waitFor } from '../../test/render.tsx'
import { renderModal } from '../../test/renderModal.tsx'

afterEach(cleanup)

describe('Networks view', () => {
  it("lists the site's networks and marks the current one", async () => {
    await renderModal('Networks', { connected: true })
    const current = byTestId('network-eip155:31337')
    expect(current.getAttribute('aria-current')).toBe('true')
    expect(current.textContent).toContain('Connected')
    expect(byTestId('network-eip155:31338').hasAttribute('aria-current')).toBe(false)
    expect(document.querySelector('ul[aria-label="Networks"]')).not.toBeNull()
  })

  it('asks the wallet, says so while waiting, and returns to the view before', async () => {
    const { adapter, foyer } = await renderModal('Account', { connected: true })
    await click(byTestId('account-network'))
    await openedModal('Networks')
    adapter.switchOutcome = 'hang'
    await click(byTestId('network-eip155:31338'))
    expect(byTestId('foyer-modal').textContent).toContain('Approve the network switch in your wallet')
    // The switch is a chunk of the client's own, loaded on the first switch: the wallet is asked once it has loaded.
    await waitFor(() => expect(adapter.calls).toContain('switch:eip155:31338'))
    await act(async () => adapter.release())
    await openedModal('Account')
    expect(foyer.getState().network.selectedNetworkId).toBe('eip155:31338')
  })

  it('shows a failed switch inline and stays', async () => {
    const { adapter, foyer } = await renderModal('Networks', { connected: true })
    adapter.switchOutcome = 'fail'
    await click(byTestId('network-eip155:31338'))
    await waitFor(() => expect(byTestId('network-switch-error').textContent).toContain('Network switch failed'))
    expect(byTestId('network-switch-error').textContent).toContain('Chain switch exploded')
    expect(foyer.getState().router.view).toBe('Networks')
    expect(byTestId('network-eip155:31337').getAttribute('aria-current')).toBe('true')
  })

  it('chooses a network before connecting, without a wallet prompt', async () => {
    const { adapter, foyer } = await renderModal('Networks')
    await click(byTestId('network-eip155:31338'))
    expect(adapter.calls.some((c) => c.startsWith('switch:'))).toBe(false)
    expect(foyer.getState().network.selectedNetworkId).toBe('eip155:31338')
    expect(queryTestId('foyer-modal')).toBeNull()
  })
})

describe('UnsupportedChain view', () => {
  it('opens when the wallet moves to an unknown network; switching closes the modal', async () => {
    const { adapter, foyer } = await renderModal(undefined, { connected: true })
    await act(async () => adapter.controller().setNetwork('eip155:1'))
    const dialog = await openedModal('UnsupportedChain')
    expect(dialog.textContent).toContain('This network is not supported by the site')
    expect(byTestId('network-eip155:31337').hasAttribute('aria-current')).toBe(false)
    expect(queryTestId('disconnect-button')?.textContent).toBe('Disconnect')
    await click(byTestId('network-eip155:31338'))
    await waitFor(() => expect(foyer.getState().modal.open).toBe(false))
    expect(foyer.getState().network.unsupported).toBe(false)
  })

  it('can disconnect instead', async () => {
    const { adapter, foyer } = await renderModal(undefined, { connected: true })
    await act(async () => adapter.controller().setNetwork('eip155:1'))
    await openedModal('UnsupportedChain')
    await click(byTestId('disconnect-button'))
    await waitFor(() => expect(foyer.getState().account.isConnected).toBe(false))
  })
})

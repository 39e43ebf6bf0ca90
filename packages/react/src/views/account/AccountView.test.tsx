// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, waitFor } from '../../test/render.tsx'
import { renderModal } from '../../test/renderModal.tsx'

afterEach(async () => {
  await cleanup()
  vi.unstubAllGlobals()
})

describe('Account view', () => {
  it('shows avatar, short address and the balance floored to 3 decimals, with a skeleton while loading', async () => {
    const { adapter, foyer } = await renderModal(undefined, { connected: true })
    await openedModal('Account')
    await waitFor(() => expect(byTestId('account-balance').textContent).toBe('1.234 ETH'))
    expect(byTestId('foyer-modal').textContent).toContain('0xf39F…2266')
    adapter.balanceOutcome = 'hang'
    await act(async () => void foyer.refreshBalance())
    expect(byTestId('account-balance').getAttribute('aria-busy')).toBe('true')
    expect(byTestId('account-balance').querySelector('.fo-skeleton')).not.toBeNull()
    await act(async () => adapter.release())
    await waitFor(() => expect(byTestId('account-balance').textContent).toBe('1.234 ETH'))
  })

  it('copies the address and says so', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    await renderModal('Account', { connected: true })
    const copy = byTestId('copy-address')
    expect(copy.getAttribute('aria-label')).toBe('Copy address')
    await click(copy)
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Address copied'))
    writeText.mockRejectedValueOnce(new Error('denied'))
    await click(copy)
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Could not copy the address'))
  })

  it('links to the explorer in a new tab only when there is one', async () => {
    await renderModal('Account', { connected: true, explorer: true })
    const link = byTestId<HTMLAnchorElement>('account-explorer')
    expect(link.href).toBe(`https://scan.example/address/${ADDRESS}`)
    expect(link.target).toBe('_blank')
    expect(link.rel).toContain('noopener')
    await cleanup()
    await renderModal('Account', { connected: true })
    expect(queryTestId('account-explorer')).toBeNull()
  })

  it('opens Networks from the network row', async () => {
    const { foyer } = await renderModal('Account', { connected: true })
    expect(byTestId('account-network').textContent).toContain('Foyer Local')
    await click(byTestId('account-network'))
    expect(foyer.getState().router.history).toEqual(['Account', 'Networks'])
  })

  it('disconnects and closes', async () => {
    const { adapter, foyer } = await renderModal('Account', { connected: true })
    await click(byTestId('disconnect-button'))
    await waitFor(() => expect(foyer.getState().modal.open).toBe(false))
    expect(adapter.calls).toContain('disconnect')
    expect(foyer.getState().account.isConnected).toBe(false)
  })
})

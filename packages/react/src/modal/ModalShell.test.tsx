// @vitest-environment jsdom
import type { ViewName } from '@foyer/core'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../buttons/ConnectButton.tsx'
import { FoyerProvider } from '../provider/FoyerProvider.tsx'
import { setupFoyer } from '../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, press, queryTestId, render, waitFor } from '../test/render.tsx'

afterEach(async () => {
  await cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function openConnect(options: Parameters<typeof setupFoyer>[0] = {}) {
  const setup = setupFoyer(options)
  await render(
    <FoyerProvider foyer={setup.foyer}>
      <main>
        <ConnectButton />
      </main>
    </FoyerProvider>,
  )
  const opener = byTestId('connect-button')
  opener.focus()
  await click(opener)
  const dialog = await openedModal('Connect')
  return { ...setup, opener, dialog }
}

describe('modal shell', () => {
  it('is a labelled modal dialog in a themed portal', async () => {
    const { dialog } = await openConnect()
    expect(dialog.getAttribute('role')).toBe('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe('Connect Wallet')
    const root = dialog.closest('[data-foyer]') as HTMLElement
    expect(root.parentElement).toBe(document.body)
    expect(root.dataset.theme).toBe('dark')
    expect(root.getAttribute('lang')).toBe('en')
    expect(root.style.getPropertyValue('--foyer-background')).not.toBe('')
    expect(dialog.querySelector('[data-view]')?.getAttribute('data-view')).toBe('Connect')
    expect(document.getElementById('foyer-modal-style')?.textContent).toContain('[data-foyer]')
    expect(byTestId('modal-close').getAttribute('aria-label')).toBe('Close')
    expect(queryTestId('modal-back')).toBeNull()
  })

  it('moves focus in, traps Tab and Shift+Tab, and returns focus to the opener on close', async () => {
    const { dialog, opener } = await openConnect()
    const wallet = byTestId('wallet-selector-dev.foyer.testwallet')
    expect(document.activeElement).toBe(wallet)
    const close = byTestId('modal-close')
    const focusables = [...dialog.querySelectorAll<HTMLElement>('button, a[href]')]
    const last = focusables[focusables.length - 1]!
    expect(focusables[0]).toBe(close)
    last.focus()
    await press('Tab')
    expect(document.activeElement).toBe(close)
    await press('Tab', { shiftKey: true })
    expect(document.activeElement).toBe(last)
    // Focus that lands outside (here: the page behind) is pulled back in.
    await act(async () => opener.focus())
    expect(dialog.contains(document.activeElement)).toBe(true)
    await press('Escape')
    expect(queryTestId('foyer-modal')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('returns focus to the account button that replaced Connect Wallet', async () => {
    const { adapter } = await openConnect()
    adapter.connectOutcome = 'ok'
    await click(byTestId('wallet-selector-dev.foyer.testwallet'))
    await waitFor(() => expect(queryTestId('foyer-modal')).toBeNull())
    expect(document.activeElement).toBe(byTestId('account-button'))
  })

  it('closes on Escape and on an overlay click, not on a click inside', async () => {
    const { foyer, dialog } = await openConnect()
    await click(dialog)
    expect(foyer.getState().modal.open).toBe(true)
    await click(byTestId('modal-overlay'))
    expect(foyer.getState().modal.open).toBe(false)
    await act(async () => foyer.open())
    await openedModal('Connect')
    await press('Escape')
    expect(foyer.getState().modal.open).toBe(false)
  })

  it('shakes instead of closing when the close is refused', async () => {
    const { foyer, dialog } = await openConnect()
    foyer.setCloseGuard(() => false)
    await press('Escape')
    expect(queryTestId('foyer-modal')).toBe(dialog)
    expect(dialog.hasAttribute('data-shake')).toBe(true)
    await click(byTestId('modal-overlay'))
    expect(foyer.getState().modal.open).toBe(true)
    await waitFor(() => expect(dialog.hasAttribute('data-shake')).toBe(false), 1500)
    foyer.setCloseGuard(undefined)
    await click(byTestId('modal-close'))
    expect(queryTestId('foyer-modal')).toBeNull()
  })

  it('locks body scroll and hides the page from assistive tech, restoring both exactly', async () => {
    document.body.style.overflow = 'scroll'
    const aside = document.body.appendChild(document.createElement('aside'))
    aside.setAttribute('aria-hidden', 'false')
    const { foyer } = await openConnect()
    const app = document.getElementById('app')!
    expect(document.body.style.overflow).toBe('hidden')
    expect(app.hasAttribute('inert')).toBe(true)
    expect(app.getAttribute('aria-hidden')).toBe('true')
    expect(aside.getAttribute('aria-hidden')).toBe('true')
    await act(async () => void foyer.close())
    expect(document.body.style.overflow).toBe('scroll')
    expect(app.hasAttribute('inert')).toBe(false)
    expect(app.hasAttribute('aria-hidden')).toBe(false)
    expect(aside.getAttribute('aria-hidden')).toBe('false')
  })

  it('shows "Action not allowed" when the embedded wallet refuses a method', async () => {
    const { adapter } = await openConnect()
    await act(async () => adapter.controller().rpcNotAllowed('eth_coinbase_export_key'))
    expect(byTestId('snackbar').textContent).toBe('Action not allowed')
  })

  it('has a polite status region for the snackbar, translated, with a spinner for loading messages', async () => {
    const { foyer } = await openConnect()
    const snackbar = byTestId('snackbar')
    expect(snackbar.getAttribute('role')).toBe('status')
    expect(snackbar.getAttribute('aria-live')).toBe('polite')
    expect(snackbar.textContent).toBe('')
    await act(async () => foyer.showSnackbar('error', { key: 'snackbar.failedToDisconnect' }))
    expect(snackbar.textContent).toBe('Failed to disconnect')
    await act(async () => foyer.showSnackbar('success', { text: 'Plain words' }))
    expect(snackbar.textContent).toBe('Plain words')
    await act(async () => foyer.showSnackbar('error', { text: ' ' }))
    expect(snackbar.textContent).toBe('An error occurred')
    await act(async () =>
      foyer.showSnackbar('loading', { key: 'snackbar.swapping', parameters: { from: 'ETH', to: 'USDC' } }),
    )
    expect(snackbar.textContent).toBe('Swapping ETH to USDC')
    expect(snackbar.querySelector('.fo-spinner')).not.toBeNull()
    await act(async () => foyer.setLocale('es'))
    expect(snackbar.textContent).not.toBe('Swapping ETH to USDC')
    await act(async () => foyer.hideSnackbar())
    expect(snackbar.textContent).toBe('')
  })

  it('shows back when there is history, and goes back', async () => {
    const { adapter } = await openConnect()
    adapter.connectOutcome = 'hang'
    await click(byTestId('wallet-selector-dev.foyer.testwallet'))
    await openedModal('ConnectingExternal')
    expect(document.getElementById(byTestId('foyer-modal').getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Test Wallet',
    )
    await click(byTestId('modal-back'))
    await openedModal('Connect')
    expect(queryTestId('modal-back')).toBeNull()
  })

  it('switches every visible string to Spanish, including labels', async () => {
    const { foyer } = await openConnect()
    await act(async () => foyer.setLocale('es'))
    const dialog = byTestId('foyer-modal')
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Conectar billetera')
    expect(byTestId('modal-close').getAttribute('aria-label')).toBe('Cerrar')
    expect(dialog.textContent).toContain('Instalada')
    expect(dialog.closest('[data-foyer]')?.getAttribute('lang')).toBe('es')
  })

  it('follows prefers-color-scheme live in system mode', async () => {
    const listeners = new Set<() => void>()
    const media = {
      matches: false,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }
    vi.stubGlobal('matchMedia', () => media)
    const { foyer, dialog } = await openConnect()
    await act(async () => foyer.setThemeMode('system'))
    const root = dialog.closest('[data-foyer]') as HTMLElement
    expect(root.dataset.theme).toBe('light')
    media.matches = true
    await act(async () => {
      for (const l of listeners) l()
    })
    expect(root.dataset.theme).toBe('dark')
  })

  it('shows a message for a view name it does not know (from a site without TypeScript)', async () => {
    const { foyer } = await openConnect()
    await act(async () => foyer.navigate.push('NoSuchView' as ViewName))
    await waitFor(() =>
      expect(byTestId('foyer-modal').querySelector('[role="alert"]')?.textContent).toContain('could not be loaded'),
    )
  })
})

// @vitest-environment jsdom
import { enAccount } from '@foyer/core/internal'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { FoyerProvider } from '../provider/FoyerProvider.tsx'
import { ADDRESS, setupFoyer } from '../test/fakeAdapter.ts'
import { cleanup, render, waitFor } from '../test/render.tsx'
import { type UseFoyerReturnType, useFoyer } from './useFoyer.ts'
import { useFoyerAccount } from './useFoyerAccount.ts'
import { useFoyerEvents } from './useFoyerEvents.ts'
import { useFoyerLocale } from './useFoyerLocale.ts'
import { useFoyerState } from './useFoyerState.ts'
import { useFoyerStore } from './useFoyerStore.ts'
import { useFoyerTheme } from './useFoyerTheme.ts'
import { useWalletInfo } from './useWalletInfo.ts'

afterEach(cleanup)

/** Renders `hook` inside a provider and keeps its latest value. */
async function renderHook<value>(hook: () => value) {
  const { adapter, foyer } = setupFoyer()
  const result = { current: undefined as value, renders: 0 }
  function Probe() {
    result.current = hook()
    result.renders++
    return null
  }
  await render(
    <FoyerProvider foyer={foyer}>
      <Probe />
    </FoyerProvider>,
    { strict: false },
  )
  return { adapter, foyer, result }
}

describe('hooks', () => {
  it('useFoyer opens on the given view and closes', async () => {
    const { foyer, result } = await renderHook<UseFoyerReturnType>(useFoyer)
    const first = result.current
    await act(async () => result.current.open({ view: 'Networks' }))
    expect(foyer.getState().modal.open).toBe(true)
    expect(foyer.getState().router.view).toBe('Networks')
    await act(async () => void result.current.close())
    expect(foyer.getState().modal.open).toBe(false)
    expect(result.current).toBe(first) // stable between renders
  })

  it('useFoyerState returns open, loading, selected network and chain', async () => {
    const { foyer, result } = await renderHook(useFoyerState)
    expect(result.current).toEqual({
      open: false,
      loading: false,
      selectedNetworkId: 'eip155:31337',
      activeChain: 'eip155',
    })
    await act(async () => foyer.open())
    expect(result.current.open).toBe(true)
    await act(async () => foyer.switchNetwork('eip155:31338'))
    expect(result.current.selectedNetworkId).toBe('eip155:31338')
  })

  it('useFoyerTheme reads and sets the mode and variables', async () => {
    const { result } = await renderHook(useFoyerTheme)
    expect(result.current.themeMode).toBe('dark')
    await act(async () => result.current.setThemeMode('light'))
    await act(async () => result.current.setThemeVariables({ '--foyer-accent': 'rebeccapurple' }))
    expect(result.current).toMatchObject({ themeMode: 'light', themeVariables: { '--foyer-accent': 'rebeccapurple' } })
  })

  it('useFoyerAccount, useWalletInfo and useFoyerEvents follow a connection', async () => {
    const { foyer, result } = await renderHook(() => ({
      account: useFoyerAccount(),
      wallet: useWalletInfo(),
      event: useFoyerEvents(),
    }))
    expect(result.current.account.isConnected).toBe(false)
    expect(result.current.wallet).toBeUndefined()
    expect(result.current.event).toBeUndefined()
    await act(async () => foyer.connect('dev.foyer.testwallet'))
    expect(result.current.account).toMatchObject({ isConnected: true, address: ADDRESS, status: 'connected' })
    expect(result.current.wallet).toMatchObject({ name: 'Test Wallet' })
    expect(result.current.event?.event).toBe('CONNECT_SUCCESS')
    await waitFor(() => expect(result.current.account.balance).toBe('1.234567'))
  })

  it('useFoyerLocale translates and switches to Spanish', async () => {
    const { result } = await renderHook(() => useFoyerLocale())
    expect(result.current.locale).toBe('en')
    expect(result.current.t('modal.close')).toBe('Close')
    await act(async () => result.current.setLocale('es'))
    expect(result.current.locale).toBe('es')
    expect(result.current.t('modal.close')).toBe('Cerrar')
  })

  it("useFoyerLocale(part) translates a feature's keys in English and in Spanish", async () => {
    const { result } = await renderHook(() => useFoyerLocale(enAccount))
    expect(result.current.t('account.disconnect')).toBe('Disconnect')
    await act(async () => result.current.setLocale('es'))
    expect(result.current.t('account.disconnect')).toBe('Desconectar')
  })

  it('useFoyerStore re-renders only when the selected slice changes', async () => {
    const { foyer, result } = await renderHook(() => useFoyerStore((s) => s.modal.open))
    const renders = result.renders
    await act(async () => foyer.showSnackbar('success', { text: 'unrelated' }))
    await act(async () => foyer.setThemeMode('light'))
    expect(result.renders).toBe(renders)
    await act(async () => foyer.open())
    expect(result.current).toBe(true)
    expect(result.renders).toBe(renders + 1)
  })

  it('useFoyerStore keeps a derived value with a custom equality', async () => {
    const { foyer, result } = await renderHook(() =>
      useFoyerStore(
        (s) => ({ id: s.network.selectedNetworkId }),
        (a, b) => a.id === b.id,
      ),
    )
    const first = result.current
    await act(async () => foyer.setThemeMode('light'))
    expect(result.current).toBe(first)
  })

  it('throws a clear error outside the provider', async () => {
    function Orphan() {
      useFoyer()
      return null
    }
    const { createRoot } = await import('react-dom/client')
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    await expect(act(async () => root.render(<Orphan />))).rejects.toThrow('<FoyerProvider')
    await act(async () => root.unmount())
  })
})

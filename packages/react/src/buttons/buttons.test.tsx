// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { FoyerProvider } from '../provider/FoyerProvider.tsx'
import { setupFoyer } from '../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../test/render.tsx'
import { AccountButton } from './AccountButton.tsx'
import { ConnectButton } from './ConnectButton.tsx'
import { FoyerButton } from './FoyerButton.tsx'
import { NetworkButton } from './NetworkButton.tsx'

afterEach(cleanup)

async function renderButtons(options: Parameters<typeof setupFoyer>[0] = {}) {
  const setup = setupFoyer(options)
  await render(
    <FoyerProvider foyer={setup.foyer}>
      <ConnectButton />
      <NetworkButton />
    </FoyerProvider>,
  )
  return setup
}

describe('buttons', () => {
  it('ConnectButton has an accessible name, opens Connect, and shows Connecting… while connecting', async () => {
    const { adapter, foyer } = await renderButtons()
    const button = byTestId<HTMLButtonElement>('connect-button')
    expect(button.tagName).toBe('BUTTON')
    expect(button.type).toBe('button')
    expect(button.textContent).toBe('Connect Wallet')
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(adapter.calls).toContain('mount')

    await click(button)
    expect(foyer.getState().router.view).toBe('Connect')
    await openedModal('Connect')

    adapter.connectOutcome = 'hang'
    let connecting!: Promise<void>
    await act(async () => {
      connecting = foyer.connect('dev.foyer.testwallet')
    })
    expect(byTestId('connect-button').textContent).toBe('Connecting…')
    expect(byTestId('connect-button').getAttribute('aria-busy')).toBe('true')
    await act(async () => {
      adapter.release()
      await connecting
    })
    expect(queryTestId('connect-button')).toBeNull()
  })

  it('becomes the AccountButton when connected: short address and balance floored to 3 decimals', async () => {
    const { foyer } = await renderButtons()
    await act(async () => foyer.connect('dev.foyer.testwallet'))
    const account = await waitFor(() => {
      const element = byTestId('account-button')
      expect(element.textContent).toContain('1.234 ETH')
      return element
    })
    expect(account.textContent).toContain('0xf39F…2266')
    await click(account)
    expect(foyer.getState().router.view).toBe('Account')
  })

  it('AccountButton shows the site’s token on a network `tokens` names, formatted like the native balance', async () => {
    const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const { adapter, foyer } = setupFoyer({ site: { tokens: { 'eip155:31337': { address: TOKEN } } } })
    await render(
      <FoyerProvider foyer={foyer}>
        <AccountButton />
      </FoyerProvider>,
    )
    await act(async () => foyer.connect('dev.foyer.testwallet'))
    await waitFor(() => expect(byTestId('account-button').textContent).toBe('12.345 fUSD0xf39F…2266'))
    expect(adapter.calls).toContain(`tokenBalance:${TOKEN}`)
    // Another network, not named: the native balance.
    await act(async () => foyer.switchNetwork('eip155:31338'))
    await waitFor(() => expect(byTestId('account-button').textContent).toBe('1.234 ETH0xf39F…2266'))
  })

  it('AccountButton shows the profile name and renders nothing when disconnected', async () => {
    const { foyer } = setupFoyer()
    await render(
      <FoyerProvider foyer={foyer}>
        <AccountButton balance="hide" />
      </FoyerProvider>,
    )
    expect(queryTestId('account-button')).toBeNull()
    await act(async () => foyer.connect('dev.foyer.testwallet'))
    await act(async () => foyer.store.setState((s) => ({ account: { ...s.account, profileName: 'alice.foyer' } })))
    expect(byTestId('account-button').textContent).toBe('alice.foyer')
  })

  it('NetworkButton shows the network, "Wrong network" when unsupported, and opens Networks', async () => {
    const { adapter, foyer } = await renderButtons()
    expect(byTestId('network-button').textContent).toBe('Foyer Local')
    await act(async () => foyer.switchNetwork('eip155:31338'))
    expect(byTestId('network-button').textContent).toBe('Foyer Local 2')
    await act(async () => foyer.connect('dev.foyer.testwallet'))
    await act(async () => adapter.controller().setNetwork('eip155:1'))
    expect(byTestId('network-button').textContent).toBe('Wrong network')
    await click(byTestId('network-button'))
    expect(foyer.getState().router.view).toBe('Networks')
  })

  it('FoyerButton is connect or account, one button', async () => {
    const { foyer } = setupFoyer()
    await render(
      <FoyerProvider foyer={foyer}>
        <FoyerButton label="Sign in" />
      </FoyerProvider>,
    )
    expect(byTestId('connect-button').textContent).toBe('Sign in')
    await act(async () => foyer.connect('dev.foyer.testwallet'))
    expect(queryTestId('connect-button')).toBeNull()
    expect(queryTestId('account-button')).not.toBeNull()
  })

  it('switching to Spanish changes the visible text', async () => {
    const { foyer } = await renderButtons()
    expect(byTestId('connect-button').textContent).toBe('Connect Wallet')
    await act(async () => foyer.setLocale('es'))
    expect(byTestId('connect-button').textContent).toBe('Conectar billetera')
  })

  it('starts with the locale from the options', async () => {
    await renderButtons({ locale: 'es' })
    await waitFor(() => expect(byTestId('connect-button').textContent).toBe('Conectar billetera'))
  })

  it('carries the theme: data-theme and --foyer-* variables', async () => {
    const { foyer } = await renderButtons()
    const button = byTestId('connect-button')
    expect(button.dataset.theme).toBe('dark')
    await act(async () => foyer.setThemeVariables({ '--foyer-accent': 'rgb(1, 2, 3)' }))
    expect(button.style.getPropertyValue('--foyer-accent')).toBe('rgb(1, 2, 3)')
    expect(document.getElementById('foyer-button-style')).not.toBeNull()
  })
})

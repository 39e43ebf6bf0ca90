// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, expect, it } from 'vitest'
import { ConnectButton } from '../buttons/ConnectButton.tsx'
import { createFoyer, type Foyer } from '../createFoyer.ts'
import { FoyerProvider } from '../provider/FoyerProvider.tsx'
import { fakeAdapter, localNetwork, setupFoyer } from '../test/fakeAdapter.ts'
import { byTestId, cleanup, click, queryTestId, render, waitFor } from '../test/render.tsx'
import { loadModalShell } from './loaders.ts'
import { viewLoaders } from './viewLoaders.ts'

afterEach(cleanup)

/** A page with Foyer's provider and its connect button: the modal host mounts with them. */
const renderButton = (foyer: Foyer) =>
  render(
    <FoyerProvider foyer={foyer}>
      <ConnectButton />
    </FoyerProvider>,
  )

// This file's module state starts fresh (one file, one module graph): nothing is loaded before the idle preload.
it('renders nothing before opening, preloads the shell and Connect when idle, then opens without a loading state', async () => {
  const { foyer } = setupFoyer()
  await renderButton(foyer)
  expect(queryTestId('foyer-modal')).toBeNull()
  expect(loadModalShell.loaded).toBeUndefined()
  await waitFor(() => {
    expect(loadModalShell.loaded).toBeDefined()
    expect(viewLoaders.Connect.loaded).toBeDefined()
  })
  expect(viewLoaders.Account.loaded).toBeUndefined() // only the first view the visitor will see
  await click(byTestId('connect-button'))
  // Same commit as the click: the dialog and the wallet list, no Suspense fallback.
  expect(byTestId('foyer-modal').querySelector('[data-view="Connect"]')).not.toBeNull()
  expect(queryTestId('wallet-selector-dev.foyer.testwallet')).not.toBeNull()
  await click(byTestId('modal-close'))
  expect(queryTestId('foyer-modal')).toBeNull()
})

it('a connected visitor: the idle preload fetches Account through the account views, which then opens without a loading state', async () => {
  const { foyer } = setupFoyer()
  await renderButton(foyer)
  // Connected before the browser is idle: the idle preload is for Account, not Connect.
  await act(async () => foyer.connect('dev.foyer.testwallet'))
  expect(viewLoaders.Account.loaded).toBeUndefined()
  await waitFor(() => expect(viewLoaders.Account.loaded).toBeDefined())
  expect(viewLoaders.BuyProviders.loaded).toBeUndefined() // the map is there; each view still its own chunk
  await act(async () => foyer.open())
  expect(byTestId('foyer-modal').querySelector('[data-view="Account"]')).not.toBeNull()
  expect(queryTestId('account-name')).not.toBeNull()
})

it('Connect fetches the views it leads to when idle, not ConnectingSiwe on a site without sign-in', async () => {
  const { foyer } = setupFoyer()
  await renderButton(foyer)
  await act(async () => foyer.open({ view: 'Connect' }))
  await waitFor(() => expect(viewLoaders.AllWallets.loaded).toBeDefined())
  expect(viewLoaders.ConnectingSiwe.loaded).toBeUndefined()
})

it('with sign-in on, Connect fetches ConnectingSiwe ahead too', async () => {
  // A site's own sign-in backend that nobody signs in to here: only the option matters.
  const foyer = createFoyer({
    adapters: [fakeAdapter()],
    networks: [localNetwork(31337, 'Foyer Local')],
    logLevel: 'silent',
    siwe: {
      getNonce: async () => 'abcdefgh12345678',
      verifyMessage: async () => false,
      getSession: async () => null,
      signOut: async () => {},
    },
  })
  await renderButton(foyer)
  await act(async () => foyer.open({ view: 'Connect' }))
  await waitFor(() => expect(viewLoaders.ConnectingSiwe.loaded).toBeDefined())
})

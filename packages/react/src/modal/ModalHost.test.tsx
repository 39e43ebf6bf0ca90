// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest'
import { ConnectButton } from '../buttons/ConnectButton.tsx'
import { FoyerProvider } from '../provider/FoyerProvider.tsx'
import { setupFoyer } from '../test/fakeAdapter.ts'
import { byTestId, cleanup, click, queryTestId, render, waitFor } from '../test/render.tsx'
import { loadModalShell } from './loaders.ts'
import { viewLoaders } from './viewLoaders.ts'

afterEach(cleanup)

// This file's module state starts fresh (one file, one module graph): nothing is loaded before the idle preload.
it('renders nothing before opening, preloads the shell and Connect when idle, then opens without a loading state', async () => {
  const { foyer } = setupFoyer()
  await render(
    <FoyerProvider foyer={foyer}>
      <ConnectButton />
    </FoyerProvider>,
  )
  expect(queryTestId('foyer-modal')).toBeNull()
  expect(loadModalShell.loaded).toBeUndefined()
  await waitFor(() => {
    expect(loadModalShell.loaded).toBeDefined()
    expect(viewLoaders.Connect!.loaded).toBeDefined()
  })
  expect(viewLoaders.Account!.loaded).toBeUndefined() // only the first view the visitor will see
  await click(byTestId('connect-button'))
  // Same commit as the click: the dialog and the wallet list, no Suspense fallback.
  expect(byTestId('foyer-modal').querySelector('[data-view="Connect"]')).not.toBeNull()
  expect(queryTestId('wallet-selector-dev.foyer.testwallet')).not.toBeNull()
  await click(byTestId('modal-close'))
  expect(queryTestId('foyer-modal')).toBeNull()
})

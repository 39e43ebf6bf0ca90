import type { ViewName } from '@foyer/core'
import { act } from 'react'
import { FoyerProvider } from '../provider/FoyerProvider.tsx'
import { setupFoyer } from './fakeAdapter.ts'
import { openedModal, render } from './render.tsx'

/** A provider with a fake adapter, optionally connected, and the modal open on `view`. */
export async function renderModal(
  view: ViewName | undefined,
  options: Parameters<typeof setupFoyer>[0] & { connected?: boolean } = {},
) {
  const setup = setupFoyer(options)
  await render(
    <FoyerProvider foyer={setup.foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  if (options.connected) await act(async () => setup.foyer.connect('dev.foyer.testwallet'))
  await act(async () => setup.foyer.open(view ? { view } : {}))
  const dialog = view ? await openedModal(view) : undefined
  return { ...setup, dialog }
}

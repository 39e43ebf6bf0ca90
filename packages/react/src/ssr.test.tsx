import { renderToString } from 'react-dom/server'
import { expect, it } from 'vitest'
import { AccountButton, ConnectButton, FoyerButton, FoyerProvider, NetworkButton } from './index.ts'
import { setupFoyer } from './test/fakeAdapter.ts'

// Node environment: no window, no document. Rendering must not touch them nor start the adapters.
it('renders the provider and buttons on the server without a window', () => {
  expect(typeof window).toBe('undefined')
  const { adapter, foyer } = setupFoyer()
  const html = renderToString(
    <FoyerProvider foyer={foyer}>
      <ConnectButton />
      <NetworkButton />
      <AccountButton />
      <FoyerButton />
    </FoyerProvider>,
  )
  expect(html).toContain('data-testid="connect-button"')
  expect(html).toContain('Connect Wallet')
  expect(html).toContain('Foyer Local')
  expect(html).not.toContain('account-button')
  expect(html).not.toContain('foyer-modal')
  expect(adapter.calls).toEqual([])
})

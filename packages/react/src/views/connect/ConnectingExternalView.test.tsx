// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { byTestId, cleanup, click, openedModal, queryTestId, waitFor } from '../../test/render.tsx'
import { renderModal } from '../../test/renderModal.tsx'

afterEach(cleanup)

async function connectingTo(
  outcome: 'ok' | 'reject' | 'fail' | 'crash' | 'hang',
  connectorId = 'dev.foyer.testwallet',
) {
  const setup = await renderModal('Connect')
  setup.adapter.connectOutcome = outcome
  await act(async () => setup.foyer.navigate.push('ConnectingExternal', { connectorId }))
  return setup
}

describe('ConnectingExternal view', () => {
  it('asks the wallet once (even in strict mode) and waits', async () => {
    const { adapter } = await connectingTo('hang')
    const dialog = await openedModal('ConnectingExternal')
    expect(dialog.textContent).toContain('Continue in Test Wallet')
    expect(dialog.textContent).toContain('Accept the connection request in your wallet')
    expect(adapter.calls.filter((c) => c.startsWith('connect:'))).toEqual(['connect:dev.foyer.testwallet'])
  })

  it('closes when the wallet accepts', async () => {
    const { foyer } = await connectingTo('ok')
    await waitFor(() => expect(foyer.getState().account.isConnected).toBe(true))
    expect(queryTestId('foyer-modal')).toBeNull()
  })

  it('shows a decline with a retry that asks again', async () => {
    const { adapter, foyer } = await connectingTo('reject')
    const dialog = await waitFor(() => {
      expect(byTestId('foyer-modal').textContent).toContain('Connection declined')
      return byTestId('foyer-modal')
    })
    expect(dialog.textContent).toContain('The connection was declined in the wallet.')
    expect(dialog.querySelector('[role="alert"]')).not.toBeNull()
    adapter.connectOutcome = 'ok'
    await click(byTestId('connect-retry'))
    await waitFor(() => expect(foyer.getState().account.isConnected).toBe(true))
    expect(adapter.calls.filter((c) => c.startsWith('connect:'))).toHaveLength(2)
  })

  it("shows other failures with the error's short message", async () => {
    await connectingTo('fail')
    await waitFor(() => expect(byTestId('foyer-modal').textContent).toContain('Connection failed'))
    expect(byTestId('foyer-modal').textContent).toContain('Connector exploded')
    expect(queryTestId('connect-retry')).not.toBeNull()
  })

  it('shows "An error occurred" for a failure with no message of its own, translated', async () => {
    const { foyer } = await connectingTo('crash')
    await waitFor(() => expect(byTestId('foyer-modal').textContent).toContain('Connection failed'))
    expect(byTestId('foyer-modal').textContent).toContain('An error occurred')
    await act(async () => foyer.setLocale('es'))
    expect(byTestId('foyer-modal').textContent).toContain('Se produjo un error')
  })

  it("translates Foyer's own errors", async () => {
    const { foyer } = await connectingTo('ok', 'gone')
    await waitFor(() => expect(byTestId('foyer-modal').textContent).toContain('Wallet not found'))
    await act(async () => foyer.setLocale('es'))
    expect(byTestId('foyer-modal').textContent).toContain('Error de conexión')
  })
})

// @vitest-environment jsdom
import { act } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { embeddedConnector } from '../../test/embeddedWalletStandIn.ts'
import { localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'
import {
  embeddedSendingAdapter,
  FUSD,
  TOKENS_ONLY_PROJECT,
  transferServerDouble,
} from '../../test/transferServerDouble.ts'

// Swap for the embedded wallet where the site may pay the gas: the project's settings, the account's tokens (0 ETH,
// 25 fUSD) and the swap API come from a test double of the server; the frame's wallet is the in-memory adapter's
// double.
const server = transferServerDouble()
let apiUrl = ''
beforeAll(async () => {
  apiUrl = await server.listen()
})
afterAll(() => server.close())
afterEach(() => cleanup())

/** Opens Swap straight away on `chainId`, then asks to swap 10 fUSD for FOY. */
async function swapFusdForFoy(
  type: 'eoa' | 'smartAccount',
  { chainId = 31337, locale = 'en' as 'en' | 'es', projectId = 'sponsoring' } = {},
) {
  const { adapter, asked } = embeddedSendingAdapter(type)
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [localNetwork(chainId, 'Foyer Local')],
    apiUrl,
    projectId,
    locale,
    logLevel: 'silent',
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.connect(embeddedConnector.id))
  await waitFor(() => expect(foyer.getState().account.allAccounts).toEqual([expect.objectContaining({ type })]))
  await act(async () => foyer.open({ view: 'Swap' }))
  await openedModal('Swap')
  await click(await waitFor(() => byTestId('swap-source-token')))
  await openedModal('SwapSelectToken')
  await click(await waitFor(() => byTestId('swap-token-fUSD')))
  await openedModal('Swap')
  await click(byTestId('swap-target-token'))
  await openedModal('SwapSelectToken')
  await click(await waitFor(() => byTestId('swap-token-FOY')))
  await openedModal('Swap')
  const amount = byTestId<HTMLInputElement>('swap-source-amount')
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(amount, '10')
    amount.dispatchEvent(new Event('input', { bubbles: true }))
  })
  return { foyer, asked }
}

describe('Swap where the site pays the gas', () => {
  it('the smart account swaps fUSD with 0 ETH: "Gas sponsored by this site" in the details and the preview', async () => {
    const { asked } = await swapFusdForFoy('smartAccount')
    await waitFor(() => expect(byTestId('swap-target-amount').textContent).toBe('20'))
    expect(byTestId('swap-gas-sponsored').textContent).toBe('Gas sponsored by this site')
    expect(queryTestId('swap-network-cost')).toBeNull()
    expect(queryTestId('swap-input-error')).toBeNull()
    await click(byTestId('swap-review'))
    await openedModal('SwapPreview')
    expect(byTestId('swap-gas-sponsored').textContent).toBe('Gas sponsored by this site')
    // No allowance yet: the approval goes to the wallet first, from an account with 0 ETH.
    await click(await waitFor(() => byTestId('swap-approve')))
    await waitFor(() => expect(asked).toEqual([expect.objectContaining({ to: FUSD, value: 0n })]))
  })

  it('the regular account (eoa) with 0 ETH: "Insufficient balance", no quote and no sponsored line', async () => {
    await swapFusdForFoy('eoa')
    await waitFor(() => expect(byTestId('swap-input-error').textContent).toBe('Insufficient balance'))
    expect(queryTestId('swap-details')).toBeNull()
    expect(queryTestId('swap-gas-sponsored')).toBeNull()
  })

  it('the smart account on a chain the project does not sponsor: "Insufficient balance" too', async () => {
    await swapFusdForFoy('smartAccount', { chainId: 31338 })
    await waitFor(() => expect(byTestId('swap-input-error').textContent).toBe('Insufficient balance'))
    expect(queryTestId('swap-gas-sponsored')).toBeNull()
  })

  it('the smart account where the policy names the tokens but not the router: "Insufficient balance"', async () => {
    await swapFusdForFoy('smartAccount', { projectId: TOKENS_ONLY_PROJECT })
    await waitFor(() => expect(byTestId('swap-input-error').textContent).toBe('Insufficient balance'))
    expect(queryTestId('swap-gas-sponsored')).toBeNull()
  })

  it('in Spanish', async () => {
    await swapFusdForFoy('smartAccount', { locale: 'es' })
    await waitFor(() => expect(byTestId('swap-gas-sponsored').textContent).toBe('Gas patrocinado por este sitio'))
  })
})

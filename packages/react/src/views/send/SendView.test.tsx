// @vitest-environment jsdom
import { act } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { embeddedConnector } from '../../test/embeddedWalletStandIn.ts'
import { localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'
import { embeddedSendingAdapter, FUSD, transferServerDouble } from '../../test/transferServerDouble.ts'

// Send for the embedded wallet where the site may pay the gas: the project's settings and the account's tokens
// (0 ETH, 25 fUSD) come from a test double of the server; the frame's wallet is the in-memory adapter's double.
const server = transferServerDouble()
let apiUrl = ''
beforeAll(async () => {
  apiUrl = await server.listen()
})
afterAll(() => server.close())
afterEach(() => cleanup())

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Opens Send straight away (nothing else asked for the project's settings) on `chainId`. */
async function openSend(type: 'eoa' | 'smartAccount', { chainId = 31337, locale = 'en' as 'en' | 'es' } = {}) {
  const { adapter, asked } = embeddedSendingAdapter(type)
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [localNetwork(chainId, 'Foyer Local')],
    apiUrl,
    projectId: 'sponsoring',
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
  await act(async () => foyer.open({ view: 'Send' }))
  await openedModal('Send')
  return { foyer, asked }
}

/** Picks fUSD, 10 of it, to the receiver. */
async function fillFusd() {
  await click(await waitFor(() => byTestId('send-token')))
  await openedModal('SendSelectToken')
  await click(await waitFor(() => byTestId('send-token-fUSD')))
  await openedModal('Send')
  await type(byTestId<HTMLInputElement>('send-amount'), '10')
  await type(byTestId<HTMLInputElement>('send-receiver'), RECEIVER)
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('Send where the site pays the gas', () => {
  it('the smart account sends fUSD with 0 ETH: "Gas sponsored by this site" in Send and its preview', async () => {
    const { foyer, asked } = await openSend('smartAccount')
    // ETH first, no receiver yet: a native send calls its receiver, unknown, so the cost is the account's.
    await waitFor(() => expect(byTestId('send-network-cost').textContent).toMatch(/^\$/))
    expect(queryTestId('send-gas-sponsored')).toBeNull()
    await fillFusd()
    expect(queryTestId('send-input-error')).toBeNull()
    expect(byTestId('send-gas-sponsored').textContent).toBe('Gas sponsored by this site')
    const review = byTestId<HTMLButtonElement>('send-review')
    expect([review.disabled, review.textContent]).toEqual([false, 'Review send'])

    await click(review)
    await openedModal('SendPreview')
    expect(byTestId('send-preview-amount').textContent).toBe('10 fUSD')
    expect(byTestId('send-gas-sponsored').textContent).toBe('Gas sponsored by this site')
    await click(byTestId('send-confirm'))
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Transaction started'))
    expect(asked).toEqual([
      {
        network: foyer.getSelectedNetwork(),
        tokenAddress: FUSD,
        functionName: 'transfer',
        args: [RECEIVER, 10_000_000n],
      },
    ])
  })

  it('the regular account (eoa) pays its own gas: the network cost, and 0 ETH is "Insufficient balance"', async () => {
    const { asked } = await openSend('eoa')
    await waitFor(() => expect(byTestId('send-network-cost').textContent).toMatch(/^\$/))
    await fillFusd()
    expect(byTestId('send-input-error').textContent).toBe('Insufficient balance')
    expect(byTestId<HTMLButtonElement>('send-review').disabled).toBe(true)
    expect(queryTestId('send-gas-sponsored')).toBeNull()
    expect(asked).toEqual([])
  })

  it('the smart account on a chain the project does not sponsor pays its own gas too', async () => {
    await openSend('smartAccount', { chainId: 31338 })
    await waitFor(() => expect(byTestId('send-network-cost').textContent).toMatch(/^\$/))
    await fillFusd()
    expect(byTestId('send-input-error').textContent).toBe('Insufficient balance')
    expect(queryTestId('send-gas-sponsored')).toBeNull()
  })

  it('the smart account sending ETH to a person: not a contract the policy names, so the gas is its own', async () => {
    await openSend('smartAccount')
    await waitFor(() => expect(byTestId('send-network-cost').textContent).toMatch(/^\$/))
    await type(byTestId<HTMLInputElement>('send-receiver'), RECEIVER)
    expect(queryTestId('send-gas-sponsored')).toBeNull()
    expect(byTestId('send-network-cost').textContent).toMatch(/^\$/)
  })

  it('in Spanish', async () => {
    await openSend('smartAccount', { locale: 'es' })
    await fillFusd()
    await waitFor(() => expect(byTestId('send-gas-sponsored').textContent).toBe('Gas patrocinado por este sitio'))
  })
})

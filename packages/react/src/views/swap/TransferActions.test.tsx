// @vitest-environment jsdom
import { UserRejectedRequestError } from '@foyer/core'
import type { AdapterTransaction } from '@foyer/core/internal'
import { act } from 'react'
import { encode } from 'uqr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { ADDRESS, fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

afterEach(async () => {
  await cleanup()
  vi.unstubAllGlobals()
})

const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Test double only: the in-memory adapter plus the optional sending methods, recording what the wallet was asked. */
function sendingFakeAdapter() {
  const adapter = fakeAdapter()
  const sent: AdapterTransaction[] = []
  const wallet = { rejecting: false }
  return Object.assign(adapter, {
    sent,
    wallet,
    async sendTransaction(transaction: AdapterTransaction) {
      // As the EVM adapter does: a decline (4001) becomes core's UserRejectedRequestError.
      if (wallet.rejecting)
        throw new UserRejectedRequestError({
          cause: Object.assign(new Error('User rejected the request.'), { code: 4001 }),
        })
      sent.push(transaction)
      return `0x${'ab'.repeat(32)}`
    },
    async writeContract() {
      return `0x${'cd'.repeat(32)}`
    },
    async waitForReceipt(hash: string) {
      return { status: 'success' as const, transactionHash: hash }
    },
    async getGasPrice() {
      return 2_000_000_000n
    },
  })
}

async function openAccount(options: { apiUrl?: string; sending: boolean; swaps?: boolean }) {
  const adapter = options.sending ? sendingFakeAdapter() : fakeAdapter()
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: options.apiUrl,
    features: { swaps: options.swaps ?? true },
    logLevel: 'silent',
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.connect('dev.foyer.testwallet'))
  await act(async () => foyer.open())
  await openedModal('Account')
  return { foyer, adapter }
}

describe('Account actions', () => {
  it('Swap needs apiUrl, the swaps feature and a sending adapter; Send a sending adapter; Receive nothing', async () => {
    await openAccount({ sending: false, apiUrl: 'http://127.0.0.1:1' })
    expect(queryTestId('account-swap')).toBeNull()
    expect(queryTestId('account-send')).toBeNull()
    expect(byTestId('account-receive').textContent).toBe('Receive')
    await cleanup()

    await openAccount({ sending: true })
    expect(queryTestId('account-swap')).toBeNull() // no apiUrl: hidden, never broken
    expect(byTestId('account-send').textContent).toBe('Send')
    await cleanup()

    await openAccount({ sending: true, apiUrl: 'http://127.0.0.1:1', swaps: false })
    expect(queryTestId('account-swap')).toBeNull()
    await cleanup()

    // Nothing answers the project's settings there: once that request has failed, the site's options decide.
    await openAccount({ sending: true, apiUrl: 'http://127.0.0.1:1' })
    expect(await waitFor(() => byTestId('account-swap').textContent)).toBe('Swap')
  })

  it('Receive draws the address as a QR code and copies it', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    await openAccount({ sending: false })
    await click(byTestId('account-receive'))
    await openedModal('Receive')
    const qr = await waitFor(() => byTestId('receive-qr-code'))
    expect(qr.getAttribute('aria-label')).toBe(`QR code of your address ${ADDRESS}`)
    const code = encode(ADDRESS, { ecc: 'M', border: 0 })
    expect(qr.getAttribute('viewBox')).toBe(`0 0 ${code.size} ${code.size}`)
    expect(qr.querySelector('path')!.getAttribute('d')!.split('M').length - 1).toBe(
      code.data.flat().filter(Boolean).length,
    )
    await click(byTestId('receive-copy'))
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Address copied'))
  })

  it('Send without a server: the native token from the adapter, validation, a rejection kept, then sent', async () => {
    const { adapter } = await openAccount({ sending: true })
    await click(byTestId('account-send'))
    await openedModal('Send')
    await waitFor(() => expect(byTestId('send-token').textContent).toBe('ETH'))
    const amount = byTestId('send-amount') as HTMLInputElement
    const receiver = byTestId('send-receiver') as HTMLInputElement
    await type(amount, '2')
    await type(receiver, RECEIVER)
    expect(byTestId('send-input-error').textContent).toBe('Insufficient balance') // the fake holds 1.234 ETH
    await type(amount, '0.5')
    await type(receiver, '0x1234')
    expect(byTestId('send-input-error').textContent).toBe('Invalid address')
    expect((byTestId('send-review') as HTMLButtonElement).disabled).toBe(true)
    await type(receiver, RECEIVER)
    expect(queryTestId('send-input-error')).toBeNull()
    expect(byTestId('send-network-cost').textContent).toBe('0.000042 ETH') // 21000 × 2 gwei, no price without a server
    await click(byTestId('send-review'))
    await openedModal('SendPreview')
    expect(byTestId('send-preview-amount').textContent).toBe('0.5 ETH')

    const sending = sendingAdapter(adapter)
    sending.wallet.rejecting = true
    await click(byTestId('send-confirm'))
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Request rejected in the wallet'))
    await openedModal('SendPreview')
    sending.wallet.rejecting = false
    await click(byTestId('send-confirm'))
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Transaction started'))
    await openedModal('Account')
    expect(sending.sent).toEqual([
      { network: expect.objectContaining({ id: 'eip155:31337' }), to: RECEIVER, value: 500_000_000_000_000_000n },
    ])
  })
})

function sendingAdapter(adapter: unknown) {
  return adapter as ReturnType<typeof sendingFakeAdapter>
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('Swap failures', () => {
  it('a failed initialisation shows "Failed to initialize swap" and goes back to Account', async () => {
    // A real refused connection: nothing listens on port 1.
    const { foyer } = await openAccount({ sending: true, apiUrl: 'http://127.0.0.1:1' })
    const messages: string[] = []
    foyer.subscribe((state, previous) => {
      const { message } = state.snackbar
      if (state.snackbar.id !== previous.snackbar.id && message && 'key' in message) messages.push(message.key)
    })
    await click(await waitFor(() => byTestId('account-swap')))
    // Back on Account, whose own data (the same unreachable server) then reports its failure too.
    await waitFor(() => expect(messages).toContain('snackbar.failedToInitializeSwap'))
    await openedModal('Account')
  })

  it('without a connected address: "No address found to swap the tokens from", then Connect', async () => {
    const foyer = createFoyer({
      adapters: [sendingFakeAdapter()],
      networks: [localNetwork(31337, 'Foyer Local')],
      apiUrl: 'http://127.0.0.1:1',
      logLevel: 'silent',
    })
    await render(
      <FoyerProvider foyer={foyer}>
        <div>site</div>
      </FoyerProvider>,
    )
    await act(async () => foyer.open({ view: 'Swap' }))
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('No address found to swap the tokens from'))
    await openedModal('Connect')
  })
})

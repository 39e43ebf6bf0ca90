// @vitest-environment jsdom
import { type Connector, EMAIL_LOGIN_TIMESTAMP_KEY, type EmbeddedWallet } from '@foyer/core'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { fakeAdapter, localNetwork, testWallet } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

const emailConnector: Connector = { id: 'foyer-embedded', name: 'Email', type: 'AUTH', chain: 'eip155' }

/** Test double for the frame-backed wallet (the real one runs in e2e/embedded-wallet.spec.ts). */
function recordingEmbeddedWallet() {
  const calls: string[] = []
  const wallet: EmbeddedWallet = {
    connectorId: 'foyer-embedded',
    connectEmail: async ({ email }) => (calls.push(`email:${email}`), { action: 'VERIFY_OTP' }),
    connectDevice: async () => void calls.push('device'),
    connectOtp: async ({ otp }) => void calls.push(`otp:${otp}`),
    getEmail: () => 'ana@example.com',
    updateEmail: async () => {},
    updateEmailPrimaryOtp: async () => {},
    updateEmailSecondaryOtp: async () => ({ email: '' }),
    attachFrame: () => () => {},
    abortPendingRequests: () => void calls.push('abort'),
  }
  return { wallet, calls }
}

async function setup(options: { apiUrl?: string; connectors?: Connector[] } = {}) {
  const adapter = fakeAdapter(options.connectors ?? [testWallet, emailConnector])
  const embedded = recordingEmbeddedWallet()
  const foyer = createFoyer({
    adapters: [{ ...adapter, embeddedWallet: embedded.wallet }],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: 'apiUrl' in options ? options.apiUrl : 'http://127.0.0.1:9',
    projectId: 'foyer-demo',
    logLevel: 'silent',
  })
  await render(<FoyerProvider foyer={foyer}><div>site</div></FoyerProvider>)
  await act(async () => foyer.open({ view: 'Connect' }))
  await openedModal('Connect')
  return { foyer, calls: embedded.calls, adapterCalls: adapter.calls }
}

async function type(element: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(element, value)
    element.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

beforeEach(() => localStorage.clear())
afterEach(cleanup)

describe('email login views', () => {
  it('shows the email field only with an AUTH connector and a Foyer server', async () => {
    await setup()
    expect(queryTestId('email-input')).not.toBeNull()
    expect(document.querySelector('label')?.textContent).toBe('Email')
    await cleanup()
    await setup({ apiUrl: undefined })
    expect(queryTestId('email-input')).toBeNull()
    await cleanup()
    await setup({ connectors: [testWallet] })
    expect(queryTestId('email-input')).toBeNull()
  })

  it('sends the email, moves to the code, submits six digits, connects; a second email within 30 s is refused', async () => {
    const { calls, adapterCalls, foyer } = await setup()
    await type(byTestId<HTMLInputElement>('email-input'), 'not-an-email')
    await click(byTestId('email-submit'))
    expect(byTestId('email-error').textContent).toBe('Enter a valid email address')
    expect(calls).toEqual([])

    await type(byTestId<HTMLInputElement>('email-input'), 'ana@example.com')
    await click(byTestId('email-submit'))
    const modal = await openedModal('EmailVerifyOtp')
    expect(modal.textContent).toContain('Enter the 6-digit code sent to ana@example.com')
    expect(calls).toEqual(['email:ana@example.com'])
    expect(byTestId('otp-resend').hasAttribute('disabled')).toBe(true)
    expect(byTestId('otp-resend').textContent).toMatch(/^Resend code in (29|30) s$/)

    // Back to Connect: the lock refuses a new email with the spec's message.
    await click(byTestId('modal-back'))
    await openedModal('Connect')
    await type(byTestId<HTMLInputElement>('email-input'), 'ana@example.com')
    await click(byTestId('email-submit'))
    expect(byTestId('email-error').textContent).toMatch(/^Please try again after (29|30) seconds$/)
    expect(calls).toHaveLength(1)

    // The code: six digits pasted submit by themselves; the AUTH connector connects and the lock is cleared.
    await act(async () => foyer.navigate.push('EmailVerifyOtp', { email: 'ana@example.com' }))
    await openedModal('EmailVerifyOtp')
    const first = byTestId<HTMLInputElement>('otp-input-0')
    await act(async () => {
      const paste = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: { getData: () => string } }
      paste.clipboardData = { getData: () => '123456' }
      first.dispatchEvent(paste)
    })
    await waitFor(() => expect(adapterCalls).toContain('connect:foyer-embedded'))
    expect(calls).toContain('otp:123456')
    expect(localStorage.getItem(EMAIL_LOGIN_TIMESTAMP_KEY)).toBeNull()
  })

  it('closing the modal aborts what the embedded wallet waits for', async () => {
    const { foyer, calls } = await setup()
    await act(async () => void foyer.close())
    expect(calls).toContain('abort')
  })
})

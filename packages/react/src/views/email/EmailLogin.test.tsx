// @vitest-environment jsdom
import { type Connector, RequestAbortedError, UserRejectedRequestError } from '@foyer/core'
import { EMAIL_LOGIN_TIMESTAMP_KEY, type EmbeddedWallet, projectSettingsQueryKey } from '@foyer/core/internal'
import { DEFAULT_FEATURES } from '@foyer/core/protocol'
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
  /** The frame's flows wait until the test settles them (the person is typing in the frame). */
  const pending: { settle?: (value?: unknown) => void; fail?: (error: unknown) => void } = {}
  const waitForPerson = <value,>(signal?: AbortSignal) =>
    new Promise<value>((resolve, reject) => {
      pending.settle = resolve as (value?: unknown) => void
      pending.fail = reject
      signal?.addEventListener('abort', () => {
        calls.push('flow-aborted')
        reject(new RequestAbortedError())
      })
    })
  const wallet: EmbeddedWallet = {
    connectorId: 'foyer-embedded',
    connectEmail: async ({ email }) => {
      calls.push(`email:${email}`)
      return { action: 'VERIFY_OTP' }
    },
    connectOtp: (options) => {
      calls.push('otp-in-frame')
      return waitForPerson<void>(options?.signal)
    },
    getEmail: () => 'ana@example.com',
    updateEmail: ({ email }, options) => {
      calls.push(`update:${email}`)
      return waitForPerson<{ email: string }>(options?.signal)
    },
    showDevices: (options) => {
      calls.push('devices')
      return waitForPerson<{ signedOut: boolean }>(options?.signal)
    },
    attachFrame: () => {
      calls.push('frame-shown')
      return () => void calls.push('frame-hidden')
    },
    abortPendingRequests: () => void calls.push('abort'),
  }
  return { wallet, calls, pending }
}

async function setup(options: { apiUrl?: string; connectors?: Connector[]; email?: boolean } = {}) {
  const adapter = fakeAdapter(options.connectors ?? [testWallet, emailConnector])
  const embedded = recordingEmbeddedWallet()
  const foyer = createFoyer({
    adapters: [{ ...adapter, embeddedWallet: embedded.wallet }],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: 'apiUrl' in options ? options.apiUrl : 'http://127.0.0.1:9',
    projectId: 'foyer-demo',
    logLevel: 'silent',
  })
  // The project's settings as the server answers them for a project with every default (nothing listens on the
  // port above: the email flows run against the embedded wallet's double).
  if (foyer.api)
    foyer.queries.setData(projectSettingsQueryKey(foyer), {
      id: 'foyer-demo',
      name: 'Foyer demo',
      features: { ...DEFAULT_FEATURES, email: options.email ?? true },
    })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.open({ view: 'Connect' }))
  await openedModal('Connect')
  // Connect fetches its email field as a chunk of its own: let it arrive.
  await act(async () => {
    await import('../connect/ConnectEmailLogin.tsx')
  })
  return { foyer, calls: embedded.calls, pending: embedded.pending, adapterCalls: adapter.calls }
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
    await cleanup()
    // The site has email login on; the project's settings on the server turned it off.
    await setup({ email: false })
    expect(queryTestId('email-input')).toBeNull()
    expect(document.querySelector('.fo-list')).not.toBeNull() // the wallets still show
  })

  it('sends the email, moves to the code view that hosts the frame; the site never has a code field; connects when the frame says so', async () => {
    const { calls, adapterCalls, foyer, pending } = await setup()
    await type(byTestId<HTMLInputElement>('email-input'), 'not-an-email')
    await click(byTestId('email-submit'))
    expect(byTestId('email-error').textContent).toBe('Enter a valid email address')
    expect(calls).toEqual([])

    await type(byTestId<HTMLInputElement>('email-input'), 'ana@example.com')
    await click(byTestId('email-submit'))
    const modal = await openedModal('EmailVerifyOtp')
    expect(calls.slice(0, 1)).toEqual(['email:ana@example.com'])
    // The frame draws the code entry over this box; the site's modal holds no input at all here.
    expect(queryTestId('embedded-frame-host')).not.toBeNull()
    expect(modal.querySelectorAll('input')).toHaveLength(0)
    await waitFor(() => expect(calls.at(-1)).toBe('otp-in-frame'))
    expect(calls).toContain('frame-shown')
    expect(byTestId('otp-resend').hasAttribute('disabled')).toBe(true)
    expect(byTestId('otp-resend').textContent).toMatch(/^Resend code in (29|30) s$/)

    // Back to Connect: the code flow in the frame is aborted; the lock refuses a new email with the spec's message.
    await click(byTestId('modal-back'))
    await openedModal('Connect')
    expect(calls).toContain('flow-aborted')
    await type(byTestId<HTMLInputElement>('email-input'), 'ana@example.com')
    await click(byTestId('email-submit'))
    expect(byTestId('email-error').textContent).toMatch(/^Please try again after (29|30) seconds$/)
    expect(calls.filter((c) => c.startsWith('email:'))).toHaveLength(1)

    // The person enters a right code in the frame: the AUTH connector connects and the lock is cleared.
    await act(async () => foyer.navigate.push('EmailVerifyOtp', { email: 'ana@example.com' }))
    await openedModal('EmailVerifyOtp')
    await waitFor(() => expect(pending.settle).toBeDefined())
    await act(async () => pending.settle!())
    await waitFor(() => expect(adapterCalls).toContain('connect:foyer-embedded'))
    expect(localStorage.getItem(EMAIL_LOGIN_TIMESTAMP_KEY)).toBeNull()
  })

  it('a failed code flow shows why and can start again', async () => {
    const { calls, pending } = await setup()
    await type(byTestId<HTMLInputElement>('email-input'), 'ana@example.com')
    await click(byTestId('email-submit'))
    await openedModal('EmailVerifyOtp')
    await waitFor(() => expect(pending.fail).toBeDefined())
    const before = calls.filter((c) => c === 'otp-in-frame').length
    await act(async () => pending.fail!(new UserRejectedRequestError()))
    await waitFor(() => expect(queryTestId('otp-retry')).not.toBeNull())
    expect(queryTestId('embedded-frame-host')).toBeNull()
    await click(byTestId('otp-retry'))
    await waitFor(() => expect(calls.filter((c) => c === 'otp-in-frame').length).toBe(before + 1))
    expect(queryTestId('embedded-frame-host')).not.toBeNull()
  })

  it('email change: the site names the new address, the frame confirms and takes the codes; Account shows it', async () => {
    const { calls, foyer, pending } = await setup()
    await act(async () => foyer.navigate.push('UpdateEmail'))
    await openedModal('UpdateEmail')
    await type(byTestId<HTMLInputElement>('update-email-input'), 'bo@example.com')
    await click(byTestId('update-email-submit'))
    const modal = await openedModal('UpdateEmailConfirm')
    expect(modal.querySelectorAll('input')).toHaveLength(0)
    await waitFor(() => expect(calls).toContain('update:bo@example.com'))
    await act(async () => pending.settle!({ email: 'bo@example.com' }))
    await waitFor(() => expect(foyer.getState().router.view).toBe('Account'))
    expect(foyer.getState().snackbar).toMatchObject({ message: { key: 'updateEmail.done' } })
  })

  it('devices: the view hosts the frame; a sign-out there closes the modal', async () => {
    const { calls, foyer, pending } = await setup()
    await act(async () => foyer.navigate.push('EmbeddedDevices'))
    await openedModal('EmbeddedDevices')
    await waitFor(() => expect(calls).toContain('devices'))
    expect(queryTestId('embedded-frame-host')).not.toBeNull()
    await act(async () => pending.settle!({ signedOut: true }))
    await waitFor(() => expect(foyer.getState().modal.open).toBe(false))
  })

  it('closing the modal aborts what the embedded wallet waits for', async () => {
    const { foyer, calls } = await setup()
    await act(async () => void foyer.close())
    expect(calls).toContain('abort')
  })
})

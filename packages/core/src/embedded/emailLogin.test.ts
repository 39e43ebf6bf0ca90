// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapter/adapter.ts'
import { EMAIL_RESEND_LOCK_MS } from '../constants.ts'
import { resolveOptions } from '../options/options.ts'
import { EMAIL_LOGIN_TIMESTAMP_KEY, emailLoginLockSeconds, startEmailLogin } from './emailLogin.ts'
import { EmailRateLimitedError, EmbeddedFrameLoadError, EmbeddedWalletError } from './embeddedErrors.ts'
import { changeEmail, manageEmbeddedDevices, verifyEmailOtp } from './embeddedFlows.ts'
import type { EmbeddedWallet } from './embeddedWallet.ts'

/** Test double for the frame-backed wallet (the real one needs the frame app in a browser: see e2e/embedded-wallet.spec.ts). */
function recordingEmbeddedWallet(behaviour: { connectEmail?: () => Promise<{ action: 'VERIFY_OTP' }> } = {}) {
  const calls: string[] = []
  const wallet: EmbeddedWallet = {
    connectorId: 'foyer-embedded',
    connectEmail: async ({ email }) => {
      calls.push(`email:${email}`)
      return behaviour.connectEmail ? behaviour.connectEmail() : { action: 'VERIFY_OTP' }
    },
    // The frame takes the code in its own screen: nothing the site could pass carries it.
    connectOtp: async (options) => void calls.push(`otp-in-frame:${Object.keys(options ?? {}).join(',')}`),
    getEmail: () => undefined,
    updateEmail: async ({ email }) => {
      calls.push(`update:${email}`)
      return { email }
    },
    showDevices: async () => {
      calls.push('devices')
      return { signedOut: false }
    },
    attachFrame: () => () => {},
    abortPendingRequests: () => void calls.push('abort'),
  }
  return { wallet, calls }
}

function clientWith(wallet: EmbeddedWallet) {
  const adapter = { namespace: 'eip155', embeddedWallet: wallet } as unknown as ChainAdapter
  const network = {
    id: 'eip155:1',
    chainId: 1,
    chainNamespace: 'eip155',
    name: 'x',
    rpcUrl: 'http://127.0.0.1:1',
    nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 },
  } as const
  const connected: string[] = []
  return {
    options: resolveOptions({ adapters: [adapter], networks: [network] }),
    connect: async (id: string) => void connected.push(id),
    connected,
  }
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.useRealTimers())

describe('email login', () => {
  it('locks a new email for 30 s after the last, from the stored timestamp, with "Please try again after N seconds"', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const { wallet, calls } = recordingEmbeddedWallet()
    const client = clientWith(wallet)
    await expect(startEmailLogin(client, { email: ' ana@example.com ' })).resolves.toEqual({ action: 'VERIFY_OTP' })
    expect(calls).toEqual(['email:ana@example.com'])
    vi.setSystemTime(1_000_000 + 12_400)
    const error = await startEmailLogin(client, { email: 'ana@example.com' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmailRateLimitedError)
    expect((error as Error & { shortMessage: string }).shortMessage).toBe('Please try again after 18 seconds')
    expect(calls).toHaveLength(1)
    vi.setSystemTime(1_000_000 + EMAIL_RESEND_LOCK_MS)
    expect(emailLoginLockSeconds()).toBe(0)
    await startEmailLogin(client, { email: 'ana@example.com' })
    expect(calls).toHaveLength(2)
  })

  it('a successful login clears the lock and connects the AUTH connector', async () => {
    const { wallet, calls } = recordingEmbeddedWallet()
    const client = clientWith(wallet)
    await startEmailLogin(client, { email: 'ana@example.com' })
    expect(emailLoginLockSeconds()).toBeGreaterThan(0)
    await verifyEmailOtp(client, { signal: new AbortController().signal })
    expect(calls).toEqual(['email:ana@example.com', 'otp-in-frame:signal'])
    expect(client.connected).toEqual(['foyer-embedded'])
    expect(localStorage.getItem(EMAIL_LOGIN_TIMESTAMP_KEY)).toBeNull()
  })

  it("follows the server's lock, and frees the lock when no email went out", async () => {
    vi.useFakeTimers({ now: 5_000_000 })
    const limited = clientWith(
      recordingEmbeddedWallet({ connectEmail: () => Promise.reject(new EmailRateLimitedError({ seconds: 7 })) }).wallet,
    )
    await expect(startEmailLogin(limited, { email: 'ana@example.com' })).rejects.toBeInstanceOf(EmailRateLimitedError)
    expect(emailLoginLockSeconds()).toBe(7)
    localStorage.clear()
    const broken = clientWith(
      recordingEmbeddedWallet({ connectEmail: () => Promise.reject(new EmbeddedFrameLoadError()) }).wallet,
    )
    await expect(startEmailLogin(broken, { email: 'ana@example.com' })).rejects.toThrow(
      'Unable to load email login dependency',
    )
    expect(emailLoginLockSeconds()).toBe(0)
  })

  it('refuses a malformed address before anything is sent', async () => {
    const { wallet, calls } = recordingEmbeddedWallet()
    const error = await startEmailLogin(clientWith(wallet), { email: 'ana@' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmbeddedWalletError)
    expect((error as EmbeddedWalletError).code).toBe('invalid_email')
    expect(calls).toEqual([])
    expect(emailLoginLockSeconds()).toBe(0)
  })
})

describe('email change and devices', () => {
  it('hands the new address to the frame (which confirms and takes both codes) and answers with the new email', async () => {
    const { wallet, calls } = recordingEmbeddedWallet()
    await expect(changeEmail(clientWith(wallet), { email: ' bo@example.com ' })).resolves.toEqual({
      email: 'bo@example.com',
    })
    expect(calls).toEqual(['update:bo@example.com'])
  })

  it('refuses a malformed new address before the frame is asked', async () => {
    const { wallet, calls } = recordingEmbeddedWallet()
    await expect(changeEmail(clientWith(wallet), { email: 'bo@' })).rejects.toMatchObject({ code: 'invalid_email' })
    expect(calls).toEqual([])
  })

  it('opens the devices screen in the frame', async () => {
    const { wallet, calls } = recordingEmbeddedWallet()
    await expect(manageEmbeddedDevices(clientWith(wallet))).resolves.toEqual({ signedOut: false })
    expect(calls).toEqual(['devices'])
  })
})

describe('closing the modal with the embedded wallet', () => {
  /** A real client whose embedded wallet keeps the modal while `frame.keep` is set (a recovery code on screen). */
  async function clientWithFrame() {
    const { createFoyerClient } = await import('../client/createFoyerClient.ts')
    const { wallet, calls } = recordingEmbeddedWallet()
    const frame = { keep: false }
    const adapter = {
      namespace: 'eip155',
      embeddedWallet: { ...wallet, canClose: () => !frame.keep },
      mount: () => {},
    } as unknown as ChainAdapter
    const network = {
      id: 'eip155:1',
      chainId: 1,
      chainNamespace: 'eip155',
      name: 'x',
      rpcUrl: 'http://127.0.0.1:1',
      nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 },
    } as const
    return { client: createFoyerClient({ adapters: [adapter], networks: [network], logLevel: 'silent' }), calls, frame }
  }

  it('aborts what the frame waits for, and shakes instead while the frame shows a recovery code', async () => {
    const { client, calls, frame } = await clientWithFrame()
    client.open({ view: 'ApproveTransaction' })
    frame.keep = true
    expect(client.close()).toBe(false)
    expect(client.getState().modal).toMatchObject({ open: true, shake: true })
    frame.keep = false
    expect(client.close()).toBe(true)
    expect(calls).toEqual(['abort'])
  })

  it("refuses the modal's Back the same way while the frame shows a recovery code", async () => {
    const { client, calls, frame } = await clientWithFrame()
    client.open({ view: 'Connect' })
    client.navigate.push('ApproveTransaction')
    frame.keep = true
    client.navigate.goBack()
    expect(client.getState().router.view).toBe('ApproveTransaction')
    expect(client.getState().modal).toMatchObject({ open: true, shake: true })
    // With the frame as the only view, Back (which would close) is refused too.
    client.navigate.reset('ApproveTransaction')
    client.navigate.goBack()
    expect(client.getState().modal.open).toBe(true)
    frame.keep = false
    client.navigate.push('Account')
    client.navigate.goBack()
    expect(client.getState().router.view).toBe('ApproveTransaction')
    client.navigate.goBack()
    expect(client.getState().modal.open).toBe(false)
    expect(calls).toEqual(['abort'])
  })
})

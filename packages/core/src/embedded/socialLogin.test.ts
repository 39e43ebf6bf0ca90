// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { disconnectedAccount } from '../account/account.ts'
import type { ChainAdapter } from '../adapter/adapter.ts'
import { resolveOptions } from '../options/options.ts'
import { createStore } from '../store/createStore.ts'
import type { EmbeddedWallet } from './embeddedWallet.ts'
import {
  awaitSocialLogin,
  cancelSocialLogin,
  openSocialPopup,
  POPUP_WATCH_MS,
  SOCIAL_POPUP_NAME,
  socialLogin,
  startFarcasterLogin,
} from './socialLogin.ts'
import {
  SocialLoginCancelledError,
  SocialLoginError,
  SocialLoginExpiredError,
  SocialPopupBlockedError,
  SocialPopupClosedError,
} from './socialLoginErrors.ts'

/**
 * Test double for the frame-backed wallet (the real one needs the frame app in a browser: see
 * e2e/social-login.spec.ts): `awaitSocial` waits until the test settles it, as the frame waits for the person.
 */
function recordingSocialWallet() {
  const calls: string[] = []
  const waiting: { resolve?: () => void; reject?: (error: unknown) => void } = {}
  const wallet: EmbeddedWallet = {
    connectorId: 'foyer-embedded',
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectOtp: async () => undefined,
    getEmail: () => undefined,
    updateEmail: async ({ email }) => ({ email }),
    showDevices: async () => ({ signedOut: false }),
    attachFrame: () => () => {},
    abortPendingRequests: () => undefined,
    connectSocial: async ({ provider }) => {
      calls.push(`start:${provider}`)
      return { url: `https://accounts.example/${provider}/authorize` }
    },
    connectFarcaster: async () => {
      calls.push('start:farcaster')
      return { url: 'https://farcaster.xyz/~/siwf?channelToken=abc' }
    },
    awaitSocial: () => {
      calls.push('await')
      return new Promise<void>((resolve, reject) => Object.assign(waiting, { resolve, reject }))
    },
    cancelSocial: async () => {
      calls.push('cancel')
      // The frame's last check found nothing: the wait ends as cancelled.
      waiting.reject?.(new SocialLoginCancelledError())
    },
  }
  return { wallet, calls, waiting }
}

/** A popup double: a window the test can close as the person would. */
function fakePopup() {
  const popup = {
    closed: false,
    location: { href: 'about:blank' },
    close: vi.fn(() => {
      popup.closed = true
    }),
  }
  return popup
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
  const methods: unknown[] = []
  const events: string[] = []
  const store = createStore({ account: disconnectedAccount })
  return {
    options: resolveOptions({ adapters: [adapter], networks: [network] }),
    connect: async (id: string, parameters?: { method?: string }) => {
      connected.push(id)
      methods.push(parameters?.method)
    },
    emit: (event: string, props?: Record<string, unknown>) =>
      void events.push(`${event} ${props?.provider}${props?.code ? ` ${props.code}` : ''}`),
    store,
    connected,
    methods,
    events,
  }
}

afterEach(() => vi.useRealTimers())

describe('social login through the popup', () => {
  it('opens the popup by name, synchronously, and null means blocked', async () => {
    const open = vi.fn(() => null)
    expect(openSocialPopup(open as never)).toBeNull()
    expect(open).toHaveBeenCalledWith('', SOCIAL_POPUP_NAME, 'popup,width=500,height=640')
    const { wallet, calls } = recordingSocialWallet()
    const client = clientWith(wallet)
    await expect(socialLogin(client as never, { provider: 'google', popup: null })).rejects.toBeInstanceOf(
      SocialPopupBlockedError,
    )
    expect(calls).toEqual([]) // nothing started in the frame
    expect(client.events).toEqual(['SOCIAL_LOGIN_START google', 'SOCIAL_LOGIN_ERROR google'])
  })

  it('sends the popup to the provider, waits, connects the embedded connector and closes the popup', async () => {
    const { wallet, calls, waiting } = recordingSocialWallet()
    const client = clientWith(wallet)
    const popup = fakePopup()
    const done = socialLogin(client as never, { provider: 'github', popup: popup as never })
    await vi.waitFor(() => expect(calls).toEqual(['start:github', 'await']))
    expect(popup.location.href).toBe('https://accounts.example/github/authorize')
    waiting.resolve!()
    await done
    expect(client.connected).toEqual(['foyer-embedded'])
    expect(client.methods).toEqual(['social'])
    expect(client.events).toEqual(['SOCIAL_LOGIN_START github', 'SOCIAL_LOGIN_SUCCESS github'])
    expect(popup.close).toHaveBeenCalledOnce()
  })

  it('a popup closed before success: the frame is told (its last check), and the end is "closed", not "cancelled"', async () => {
    vi.useFakeTimers()
    const { wallet, calls } = recordingSocialWallet()
    const client = clientWith(wallet)
    const popup = fakePopup()
    const done = socialLogin(client as never, { provider: 'google', popup: popup as never })
    const outcome = done.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(0)
    popup.closed = true
    await vi.advanceTimersByTimeAsync(POPUP_WATCH_MS)
    const error = await outcome
    expect(error).toBeInstanceOf(SocialPopupClosedError)
    expect(error).toBeInstanceOf(SocialLoginError)
    expect((error as SocialLoginError).shortMessage).toBe('The sign-in window was closed before you finished.')
    expect(calls).toEqual(['start:google', 'await', 'cancel'])
    expect(client.connected).toEqual([])
  })

  it("passes the frame's typed ends through (expired, cancelled at the provider) and closes the popup", async () => {
    const { wallet, waiting } = recordingSocialWallet()
    const client = clientWith(wallet)
    const popup = fakePopup()
    const done = socialLogin(client as never, { provider: 'x', popup: popup as never })
    await vi.waitFor(() => expect(waiting.reject).toBeDefined())
    waiting.reject!(new SocialLoginExpiredError())
    await expect(done).rejects.toMatchObject({ name: 'SocialLoginExpiredError' })
    expect(popup.close).toHaveBeenCalledOnce()
  })
})

describe('Sign in with Farcaster', () => {
  it('keeps the link in account.farcasterUrl while waiting, connects after, and clears it either way', async () => {
    const { wallet, waiting } = recordingSocialWallet()
    const client = clientWith(wallet)
    const { url } = await startFarcasterLogin(client as never)
    expect(client.store.getState().account.farcasterUrl).toBe(url)
    const done = awaitSocialLogin(client as never)
    waiting.resolve!()
    await done
    expect(client.store.getState().account.farcasterUrl).toBeUndefined()
    expect(client.connected).toEqual(['foyer-embedded'])
    expect(client.methods).toEqual(['farcaster'])
    expect(client.events).toEqual(['SOCIAL_LOGIN_START farcaster', 'SOCIAL_LOGIN_SUCCESS farcaster'])

    await startFarcasterLogin(client as never)
    const cancelled = awaitSocialLogin(client as never)
    await cancelSocialLogin(client as never)
    await expect(cancelled).rejects.toBeInstanceOf(SocialLoginCancelledError)
    expect(client.events.at(-1)).toMatch(/^SOCIAL_LOGIN_ERROR farcaster/)
    expect(client.store.getState().account.farcasterUrl).toBeUndefined()
    expect(client.connected).toEqual(['foyer-embedded'])
  })

  it('refuses when the adapter offers no social login', async () => {
    const { wallet } = recordingSocialWallet()
    const { connectSocial, connectFarcaster, awaitSocial, cancelSocial, ...emailOnly } = wallet
    await expect(startFarcasterLogin(clientWith(emailOnly as EmbeddedWallet) as never)).rejects.toMatchObject({
      name: 'EmbeddedWalletError',
      code: 'not_available',
    })
  })
})

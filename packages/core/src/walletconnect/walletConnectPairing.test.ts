import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../constants.ts'
import { UserRejectedRequestError } from '../errors/errors.ts'
import { walletDeepLink, walletPlatformLinks } from './deepLinks.ts'
import { isPairingExpired, msUntilPairingRenewal } from './pairingExpiry.ts'
import { createWalletConnectPairing } from './walletConnectPairing.ts'
import {
  addRecentWallet,
  getRecentWallets,
  getStoredDeepLink,
  setStoredDeepLink,
  WALLETCONNECT_DEEP_LINK_KEY,
} from './walletStorage.ts'

describe('pairing expiry', () => {
  it('counts a URI as expired within its last 10 s of 4 minutes', () => {
    const created = 1_000_000
    expect(isPairingExpired(created, created + PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS - 1)).toBe(false)
    expect(isPairingExpired(created, created + PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS)).toBe(true)
    expect(msUntilPairingRenewal(created, created)).toBe(230_000)
    expect(msUntilPairingRenewal(created, created + 300_000)).toBe(0)
  })
})

describe('the pairing controller, with fake time', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  /** A connect that hands out a new URI per attempt and settles when the test says so. */
  function fakeConnect() {
    const attempts: { uri: string; resolve(): void; reject(e: unknown): void }[] = []
    const connect = vi.fn((_id: string, { onUri }: { onUri(uri: string): void }) => {
      return new Promise<void>((resolve, reject) => {
        const uri = `wc:${attempts.length}`
        attempts.push({ uri, resolve, reject })
        queueMicrotask(() => onUri(uri))
      })
    })
    return { connect, attempts }
  }

  it('renews the URI 10 s before its 4-minute expiry and ignores the replaced attempt', async () => {
    const { connect, attempts } = fakeConnect()
    const pairing = createWalletConnectPairing({ connect, findConnectorId: () => 'walletConnect' })
    pairing.start({ id: 'metamask', name: 'MetaMask' })
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.getState()).toMatchObject({ status: 'pairing', uri: 'wc:0', wallet: { id: 'metamask' } })

    await vi.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS - PAIRING_EXPIRY_MARGIN_MS - 1)
    expect(connect).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(connect).toHaveBeenCalledTimes(2)
    expect(pairing.getState()).toMatchObject({ status: 'pairing', uri: 'wc:1', wallet: { id: 'metamask' } })

    attempts[0]!.reject(new Error('superseded')) // the old attempt dies: nothing changes
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.getState().status).toBe('pairing')

    attempts[1]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.getState().status).toBe('connected')
    await vi.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS)
    expect(connect).toHaveBeenCalledTimes(2) // no renewal once connected
  })

  it('tells a decline from a failure, and a retry starts a new pairing', async () => {
    const { connect, attempts } = fakeConnect()
    const pairing = createWalletConnectPairing({ connect, findConnectorId: () => 'walletConnect' })
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    attempts[0]!.reject(new UserRejectedRequestError({ cause: new Error('no') }))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.getState()).toMatchObject({ status: 'declined', uri: undefined })
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    attempts[1]!.reject(new Error('relay down'))
    await vi.advanceTimersByTimeAsync(0)
    expect(pairing.getState().status).toBe('failed')
  })

  it('fails clearly without a WalletConnect connector, and cancel stops renewals', async () => {
    const { connect } = fakeConnect()
    const missing = createWalletConnectPairing({ connect, findConnectorId: () => undefined })
    missing.start()
    expect(missing.getState().status).toBe('failed')
    expect(connect).not.toHaveBeenCalled()

    const pairing = createWalletConnectPairing({ connect, findConnectorId: () => 'walletConnect' })
    pairing.start()
    await vi.advanceTimersByTimeAsync(0)
    pairing.cancel()
    await vi.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS)
    expect(connect).toHaveBeenCalledTimes(1)
    expect(pairing.getState()).toMatchObject({ status: 'idle', uri: undefined })
  })
})

describe('deep links', () => {
  const uri = 'wc:abc@2?relay-protocol=irn&symKey=1'
  it('builds native and universal links with the encoded URI', () => {
    expect(walletDeepLink('metamask://', uri)).toBe(`metamask://wc?uri=${encodeURIComponent(uri)}`)
    expect(walletDeepLink('okex://main', uri)).toBe(`okex://main/wc?uri=${encodeURIComponent(uri)}`)
    expect(walletDeepLink('https://metamask.app.link/', uri)).toBe(
      `https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`,
    )
  })
  it('offers only the platforms a wallet has, preferring universal links on mobile', () => {
    const links = walletPlatformLinks(
      {
        id: 'x',
        name: 'X',
        homepage: 'https://x.example',
        mobile_link: 'x://',
        mobile_universal_link: 'https://x.example/app',
        webapp_link: 'https://app.x.example',
      },
      uri,
    )
    expect(Object.keys(links).sort()).toEqual(['browser', 'mobile', 'web'])
    expect(links.mobile).toBe(`https://x.example/app/wc?uri=${encodeURIComponent(uri)}`)
  })
})

describe('recent wallets and the stored deep link', () => {
  beforeEach(() => {
    const map = new Map<string, string>()
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => map.set(k, v),
      removeItem: (k: string) => map.delete(k),
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('keeps the two latest wallets, newest first, without duplicates', () => {
    addRecentWallet({ id: 'a', name: 'A' })
    addRecentWallet({ id: 'b', name: 'B' })
    addRecentWallet({ id: 'a', name: 'A' })
    addRecentWallet({ id: 'c', name: 'C' })
    expect(getRecentWallets().map((w) => w.id)).toEqual(['c', 'a'])
  })

  it('reset forgets the stored deep link', () => {
    setStoredDeepLink({ walletId: 'metamask', platform: 'mobile', href: 'metamask://wc?uri=x' })
    expect(getStoredDeepLink()?.walletId).toBe('metamask')
    createWalletConnectPairing({ connect: vi.fn(), findConnectorId: () => undefined }).reset()
    expect(getStoredDeepLink()).toBeUndefined()
    expect(localStorage.getItem(WALLETCONNECT_DEEP_LINK_KEY)).toBeNull()
  })
})

/**
 * `installTestWallet`: puts an EIP-6963 wallet into every page of a Playwright context (or one page). The page
 * side is a thin EIP-1193 provider; every request crosses an exposed binding to Node, where the wallet core
 * signs with viem and forwards reads to the current chain's RPC.
 */
import type { BrowserContext, Frame, Page } from '@playwright/test'
import { type Address, type Hex, keccak256, stringToHex } from 'viem'
import { frameOrigin } from './frameOrigin.ts'
import { TEST_WALLET_ICON } from './icon.ts'
import { handleKey, pageScript } from './page-script.ts'
import {
  type EventScope,
  type TestWalletChain,
  TestWalletCore,
  type TestWalletRequest,
  toWalletRpcError,
  type WalletEventName,
} from './wallet-core/index.ts'

export interface TestWalletOptions {
  /** The account's private key, 0x + 64 hex digits. */
  privateKey: Hex
  /** Chains the wallet has; reads and transactions go to `rpcUrl` of the selected one. */
  chains: readonly TestWalletChain[]
  /** Chain selected at start (default: the first of `chains`). */
  initialChainId?: number
  /** EIP-6963 reverse-DNS id; `data-testid="wallet-selector-<rdns>"` in the Foyer modal. */
  rdns?: string
  /** Display name. */
  name?: string
  /** data: URI of the icon (default: Foyer's test-wallet doorway). */
  icon?: string
  /** EIP-6963 uuid; default derived from `rdns`, so it is the same on every load and every run. */
  uuid?: string
  /** Also set `window.ethereum` (legacy injected discovery). Default false. */
  injectWindowEthereum?: boolean
  /** Switch to a chain after `wallet_addEthereumChain`, as MetaMask does (wagmi relies on it). Default true. */
  switchChainOnAdd?: boolean
  /** Origins already connected at start, e.g. `['http://127.0.0.1:5173']`. */
  authorizedOrigins?: readonly string[]
  /** Report and run atomic call batches (EIP-5792 over EIP-7702); see `TestWalletCoreOptions`. Default false. */
  atomicBatch?: boolean
}

export interface TestWallet {
  /** The current account's (checksummed) address. */
  readonly address: Address
  /** The chain selected in the wallet. */
  readonly chainId: number
  /** EIP-6963 info as announced. */
  readonly info: { readonly uuid: string; readonly name: string; readonly icon: string; readonly rdns: string }
  /** Every request any page made, oldest first: `{ method, params, origin, at, result?, error? }`. */
  readonly requests: readonly TestWalletRequest[]
  /** From now on the user rejects every prompt (connect, sign, send, switch, add chain) with code 4001. */
  setRejecting(on: boolean): void
  /** Turns atomic call batching (EIP-5792) on or off. */
  setAtomicBatch(on: boolean): void
  /** The user changes network inside the wallet: every page gets `chainChanged`. */
  switchChainFromWallet(chainId: number): Promise<void>
  /** The user selects another account: connected origins get `accountsChanged`. */
  setAccount(privateKey: Hex): Promise<void>
  /** The user disconnects all sites inside the wallet: they get `accountsChanged` `[]`. */
  disconnectFromWallet(): Promise<void>
  /** Connects an origin without a prompt, as if the user had done it before. */
  authorize(origin: string): Promise<void>
  /** Whether the origin is connected. */
  isAuthorized(origin: string): boolean
  /** Sends a raw EIP-1193 event (e.g. `disconnect` with an error) to every page, or to some origins. */
  emit(event: WalletEventName, payload: unknown, origins?: readonly string[]): Promise<void>
  /** Empties `requests`. */
  clearRequests(): void
  /** The Node-side wallet, for anything not covered above. */
  readonly core: TestWalletCore
}

export const DEFAULT_RDNS = 'dev.foyer.testwallet'
export const DEFAULT_NAME = 'Foyer Test Wallet'

const EVENT_TIMEOUT_MS = 5_000

/** A stable uuid (v4 layout) from a string, so announcements carry the same uuid across loads and runs. */
export function stableUuid(seed: string): string {
  const h = keccak256(stringToHex(`foyer-test-wallet:${seed}`))
    .slice(2, 34)
    .split('')
  h[12] = '4'
  h[16] = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)
  const s = h.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`
}

function isPage(target: BrowserContext | Page): target is Page {
  return typeof (target as Page).mainFrame === 'function'
}

/**
 * Installs the test wallet. Pages opened (or navigated) after this call have it; call it before `page.goto`.
 *
 * ```ts
 * const wallet = await installTestWallet(context, { privateKey, chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:8545' }] })
 * ```
 */
export async function installTestWallet(
  target: BrowserContext | Page,
  options: TestWalletOptions,
): Promise<TestWallet> {
  const core = new TestWalletCore({
    privateKey: options.privateKey,
    chains: options.chains,
    initialChainId: options.initialChainId,
    switchChainOnAdd: options.switchChainOnAdd,
    authorizedOrigins: options.authorizedOrigins,
    atomicBatch: options.atomicBatch,
  })
  const rdns = options.rdns ?? DEFAULT_RDNS
  const info = Object.freeze({
    uuid: options.uuid ?? stableUuid(rdns),
    name: options.name ?? DEFAULT_NAME,
    icon: options.icon ?? TEST_WALLET_ICON,
    rdns,
  })
  if (!info.icon.startsWith('data:')) throw new TypeError('installTestWallet: icon must be a data: URI (EIP-6963)')
  const binding = `__foyerTestWallet_${info.uuid.replace(/-/g, '')}`
  const key = handleKey(info.uuid)

  const frames = (): Frame[] =>
    (isPage(target) ? [target] : target.pages()).flatMap((p) => (p.isClosed() ? [] : p.frames()))

  core.setEventSink(async (scope: EventScope, event, payload) => {
    const targets = frames().filter((f) => scope.kind === 'all' || scope.origins.includes(frameOrigin(f)))
    await Promise.all(
      targets.map((frame) => {
        let timer: NodeJS.Timeout | undefined
        const delivered = frame
          .evaluate(
            ({ key, event, payload }) => {
              const handle = (window as unknown as Record<symbol, { emit(e: string, p: unknown): void } | undefined>)[
                Symbol.for(key)
              ]
              handle?.emit(event, payload)
            },
            { key, event, payload },
          )
          .catch(() => {}) // the frame navigated or closed: it reads fresh state on load
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, EVENT_TIMEOUT_MS)
        })
        return Promise.race([delivered, timeout]).finally(() => clearTimeout(timer))
      }),
    )
  })

  type Message = { type: 'hello' } | { type: 'request'; method: string; params: unknown }
  await target.exposeBinding(binding, async (source: { frame: Frame }, message: Message) => {
    if (message?.type === 'hello') return core.hello()
    if (message?.type !== 'request') return { error: { code: -32600, message: 'Invalid message' } }
    try {
      const result = await core.request(frameOrigin(source.frame), message.method, message.params)
      return { result: result === undefined ? null : result }
    } catch (err) {
      return { error: toWalletRpcError(err).toJSON() }
    }
  })
  await target.addInitScript({
    content: pageScript({ ...info, binding, injectWindowEthereum: options.injectWindowEthereum ?? false }),
  })

  return {
    get address() {
      return core.address
    },
    get chainId() {
      return core.chainId
    },
    info,
    get requests() {
      return core.requests
    },
    setRejecting: (on) => core.setRejecting(on),
    setAtomicBatch: (on) => core.setAtomicBatch(on),
    switchChainFromWallet: (chainId) => core.switchChain(chainId),
    setAccount: (privateKey) => core.setAccount(privateKey),
    disconnectFromWallet: () => core.disconnectAll(),
    authorize: (origin) => core.authorize(origin),
    isAuthorized: (origin) => core.isAuthorized(origin),
    emit: (event, payload, origins) => core.emit(event, payload, origins),
    clearRequests: () => {
      core.requests.length = 0
    },
    core,
  }
}

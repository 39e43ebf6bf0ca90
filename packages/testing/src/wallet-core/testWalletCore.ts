/**
 * The Node half of the Foyer test wallet: account, chains, per-origin authorisation and the EIP-1193 method
 * handlers. It knows nothing about browsers; `installTestWallet` (playwright.ts) connects it to pages, and
 * other transports (e.g. a WalletConnect wallet in Node) can reuse it as it is.
 */
import { type Address, type Hex, isAddressEqual, isHex, type PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { WalletErrorCode, WalletRpcError } from '../errors.ts'
import { dispatchWalletMethod, PROMPT_METHODS } from './methods/dispatch.ts'
import { normalizeOrigin } from './origin.ts'
import { toWalletRpcError } from './toWalletRpcError.ts'
import type { EventSink, TestWalletChain, TestWalletCoreOptions, TestWalletRequest, WalletEventName } from './types.ts'
import { toHexChainId, WalletState } from './walletState.ts'

export class TestWalletCore {
  readonly #wallet: WalletState
  #queue: Promise<unknown> = Promise.resolve()
  /** The log of every request, oldest first. */
  readonly requests: TestWalletRequest[] = []

  constructor(options: TestWalletCoreOptions) {
    this.#wallet = new WalletState(options)
  }

  /** Sets where events go (the Playwright glue does this). */
  setEventSink(sink: EventSink): void {
    this.#wallet.sink = sink
  }

  get address(): Address {
    return this.#wallet.account.address
  }

  get account(): PrivateKeyAccount {
    return this.#wallet.account
  }

  get chainId(): number {
    return this.#wallet.chainId
  }

  get chains(): TestWalletChain[] {
    return [...this.#wallet.chains.values()].map((c) => ({ ...c }))
  }

  get rejecting(): boolean {
    return this.#wallet.rejecting
  }

  get authorizedOrigins(): string[] {
    return [...this.#wallet.authorized]
  }

  isAuthorized(origin: string): boolean {
    return this.#wallet.authorized.has(normalizeOrigin(origin))
  }

  setRejecting(on: boolean): void {
    this.#wallet.rejecting = Boolean(on)
  }

  /** Whether `wallet_sendCalls` runs batches atomically (and `wallet_getCapabilities` says so). */
  get atomicBatch(): boolean {
    return this.#wallet.atomicBatch
  }

  setAtomicBatch(on: boolean): void {
    this.#wallet.atomicBatch = Boolean(on)
  }

  /** Authorises an origin as if the user had connected it (emits `accountsChanged` to it if new). */
  async authorize(origin: string): Promise<void> {
    await this.#wallet.grant(normalizeOrigin(origin))
  }

  /** Removes an origin's authorisation (emits `accountsChanged` `[]` to it if it was authorised). */
  async deauthorize(origin: string): Promise<void> {
    await this.#wallet.revoke(normalizeOrigin(origin))
  }

  /** The user changes network inside the wallet. */
  async switchChain(chainId: number): Promise<void> {
    await this.#wallet.switchChain(chainId)
  }

  /** Adds (or replaces) a chain in the wallet's list without switching. */
  addChain(chain: TestWalletChain): void {
    this.#wallet.chains.set(chain.id, { ...chain })
  }

  /** The user picks another account in the wallet. */
  async setAccount(privateKey: Hex): Promise<void> {
    if (!isHex(privateKey) || privateKey.length !== 66)
      throw new TypeError('setAccount: privateKey must be 0x + 64 hex digits')
    const next = privateKeyToAccount(privateKey)
    const wallet = this.#wallet
    if (isAddressEqual(next.address, wallet.account.address)) return
    wallet.account = next
    if (wallet.authorized.size)
      await wallet.emit({ kind: 'origins', origins: [...wallet.authorized] }, 'accountsChanged', [next.address])
  }

  /** The user disconnects every site from inside the wallet. */
  async disconnectAll(): Promise<void> {
    const origins = [...this.#wallet.authorized]
    this.#wallet.authorized.clear()
    if (origins.length) await this.#wallet.emit({ kind: 'origins', origins }, 'accountsChanged', [])
  }

  /** Sends an arbitrary EIP-1193 event (e.g. `disconnect`) to every page. */
  async emit(event: WalletEventName, payload: unknown, origins?: readonly string[]): Promise<void> {
    await this.#wallet.emit(
      origins ? { kind: 'origins', origins: origins.map(normalizeOrigin) } : { kind: 'all' },
      event,
      payload,
    )
  }

  /** Answers what a page learns on load: the chain for the `connect` event. */
  hello(): { chainId: Hex } {
    return { chainId: toHexChainId(this.#wallet.chainId) }
  }

  /**
   * Handles one EIP-1193 request from `origin`. Resolves with the result or rejects with a `WalletRpcError`.
   * Prompt-type requests run one at a time, as a real wallet shows one prompt at a time.
   */
  async request(origin: string, method: string, params: unknown): Promise<unknown> {
    const entry: TestWalletRequest = { method, params, origin, at: Date.now() }
    this.requests.push(entry)
    try {
      if (typeof method !== 'string' || !method)
        throw new WalletRpcError(WalletErrorCode.invalidRequest, 'Invalid request: method must be a non-empty string')
      const run = () => dispatchWalletMethod(this.#wallet, normalizeOrigin(origin), method, params ?? [])
      const result = PROMPT_METHODS.has(method) ? await this.#serial(run) : await run()
      entry.result = result === undefined ? null : result
      return entry.result
    } catch (err) {
      const rpc = toWalletRpcError(err)
      entry.error = rpc.toJSON()
      throw rpc
    }
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(fn, fn)
    this.#queue = next.catch(() => {})
    return next
  }
}

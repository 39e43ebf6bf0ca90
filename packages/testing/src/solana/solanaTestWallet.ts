/**
 * The Solana test wallet's Node half: one ed25519 key (WebCrypto through `@solana/kit`), the RPC URL of each chain
 * it can send on, per-origin connection, and the Wallet Standard features a dapp uses. `walletFor(origin)` gives a
 * Wallet Standard `Wallet` object for one site, so a dapp's code can use the wallet in Node as it would in a page;
 * `request(origin, feature, input)` is the same thing as one call, for a transport that carries calls from pages.
 */

import {
  type Address,
  createKeyPairFromBytes,
  createKeyPairFromPrivateKeyBytes,
  createSolanaRpc,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  type Signature,
  signBytes,
} from '@solana/kit'
import {
  SOLANA_CHAINS,
  SOLANA_DEVNET_CHAIN,
  SOLANA_LOCALNET_CHAIN,
  SOLANA_MAINNET_CHAIN,
  SOLANA_TESTNET_CHAIN,
  type SolanaChain,
} from '@solana/wallet-standard-chains'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignAndSendTransactionInput,
  type SolanaSignAndSendTransactionOutput,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  type SolanaSignMessageInput,
  type SolanaSignMessageOutput,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
  type SolanaSignTransactionInput,
  type SolanaSignTransactionOutput,
  type SolanaTransactionCommitment,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  type StandardConnectInput,
  type StandardConnectOutput,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsChangeProperties,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import { TEST_WALLET_ICON } from '../icon.ts'
import { normalizeOrigin } from '../wallet-core/origin.ts'
import {
  chainUnsupported,
  type SolanaRequestError,
  SolanaTestWalletError,
  toRequestError,
  userRejected,
} from './errors.ts'

export type { SolanaChain }
export { SOLANA_CHAINS, SOLANA_DEVNET_CHAIN, SOLANA_LOCALNET_CHAIN, SOLANA_MAINNET_CHAIN, SOLANA_TESTNET_CHAIN }

export const SOLANA_TEST_WALLET_NAME = 'Foyer Test Wallet'

/** The features every account of the wallet has (besides the wallet-wide `standard:*` ones). */
export const SOLANA_ACCOUNT_FEATURES = [SolanaSignAndSendTransaction, SolanaSignTransaction, SolanaSignMessage] as const

/** Every feature the wallet answers, in `request`'s terms. */
export const SOLANA_TEST_WALLET_FEATURES = [
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  ...SOLANA_ACCOUNT_FEATURES,
] as const

export type SolanaTestWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

/** A Wallet Standard wallet object for one site. */
export type SolanaTestWalletView = Wallet & { readonly features: SolanaTestWalletFeatures }

export interface SolanaTestWalletOptions {
  /**
   * The account's key: a 64-byte secret key (private key then public key) in base58 or as bytes (what
   * `SOLANA_DEV_KEYS` holds and Phantom imports), or the 32-byte private key alone.
   */
  secretKey: string | Uint8Array
  /** Where each chain's transactions go, e.g. `{ 'solana:localnet': standIn.url }`. At least one. */
  rpcUrls: Partial<Record<SolanaChain, string>>
  /** The chains the wallet names (`wallet.chains`, each account's `chains`). Default: all four Solana clusters. */
  chains?: readonly SolanaChain[]
  /** Default `Foyer Test Wallet`. */
  name?: string
  /** A `data:image/…;base64,` URI. Default: Foyer's doorway icon. */
  icon?: WalletIcon
  /** Origins connected from the start (as if the user had connected earlier); `silent` connects succeed for them. */
  authorizedOrigins?: readonly string[]
  /**
   * How long `solana:signAndSendTransaction` waits for a `commitment` the dapp asked for (ms). Default 30,000. The
   * devnet's stand-in makes every transaction final at once.
   */
  confirmTimeoutMs?: number
}

/** One entry of the request log. Inputs and outputs are kept as they were (bytes as `Uint8Array`). */
export interface SolanaTestWalletRequest {
  /** The feature, e.g. `solana:signMessage`. */
  method: string
  /** What the dapp passed: the connect input, or the array of inputs of a signing feature. */
  params: unknown
  /** The site, e.g. `http://127.0.0.1:5173`. */
  origin: string
  /** Milliseconds since the epoch when the request arrived. */
  at: number
  result?: unknown
  error?: SolanaRequestError
}

/** Where `change` events go for a transport that carries them to pages: one call per origin whose wallet changed. */
export type SolanaChangeSink = (origin: string, change: { accounts: WalletAccount[] }) => Promise<void>

const SUPPORTED_TRANSACTION_VERSIONS = ['legacy', 0] as const
const COMMITMENT_RANK: Record<SolanaTransactionCommitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

interface KeyState {
  keyPair: CryptoKeyPair
  address: Address
  publicKey: Uint8Array
}

async function loadKey(secretKey: string | Uint8Array): Promise<KeyState> {
  let bytes: Uint8Array
  try {
    bytes = typeof secretKey === 'string' ? Uint8Array.from(getBase58Encoder().encode(secretKey)) : secretKey
  } catch (cause) {
    throw new TypeError('secretKey: not base58', { cause })
  }
  if (!(bytes instanceof Uint8Array) || (bytes.length !== 64 && bytes.length !== 32))
    throw new TypeError('secretKey: must be a 64-byte secret key (base58 or bytes) or a 32-byte private key')
  // A 64-byte key's second half must be the first half's public key; kit checks it by signing and verifying.
  const keyPair =
    bytes.length === 64 ? await createKeyPairFromBytes(bytes) : await createKeyPairFromPrivateKeyBytes(bytes)
  const address = await getAddressFromPublicKey(keyPair.publicKey)
  return { keyPair, address, publicKey: Uint8Array.from(getBase58Encoder().encode(address)) }
}

/** Creates the wallet; async because WebCrypto imports the key. */
export async function createSolanaTestWallet(options: SolanaTestWalletOptions): Promise<SolanaTestWallet> {
  const key = await loadKey(options.secretKey)
  return new SolanaTestWallet(options, key)
}

export class SolanaTestWallet {
  readonly name: string
  readonly icon: WalletIcon
  readonly chains: readonly SolanaChain[]
  readonly rpcUrls: Readonly<Partial<Record<SolanaChain, string>>>
  /** The log of every request, oldest first. */
  readonly requests: SolanaTestWalletRequest[] = []
  #key: KeyState
  #account: WalletAccount
  #rejecting = false
  readonly #authorized = new Set<string>()
  readonly #listeners = new Map<string, Set<StandardEventsListeners['change']>>()
  #sink: SolanaChangeSink | undefined
  readonly #confirmTimeoutMs: number
  #queue: Promise<unknown> = Promise.resolve()

  /** Use `createSolanaTestWallet`: the key is imported asynchronously. */
  constructor(options: SolanaTestWalletOptions, key: KeyState) {
    const chains = options.chains ?? SOLANA_CHAINS
    const unknown = chains.filter((c) => !(SOLANA_CHAINS as readonly string[]).includes(c))
    if (!chains.length || unknown.length)
      throw new TypeError(
        `chains: at least one of ${SOLANA_CHAINS.join(', ')}${unknown.length ? `, not ${unknown}` : ''}`,
      )
    const urls = Object.entries(options.rpcUrls ?? {}).filter(([, url]) => typeof url === 'string' && url)
    if (!urls.length) throw new TypeError('rpcUrls: at least one chain needs an RPC URL')
    for (const [chain] of urls)
      if (!chains.includes(chain as SolanaChain)) throw new TypeError(`rpcUrls: ${chain} is not among the chains`)
    this.name = options.name ?? SOLANA_TEST_WALLET_NAME
    this.icon = options.icon ?? (TEST_WALLET_ICON as WalletIcon)
    this.chains = Object.freeze([...chains])
    this.rpcUrls = Object.freeze(Object.fromEntries(urls))
    this.#confirmTimeoutMs = options.confirmTimeoutMs ?? 30_000
    this.#key = key
    this.#account = this.#makeAccount()
    for (const origin of options.authorizedOrigins ?? []) this.#authorized.add(normalizeOrigin(origin))
  }

  /** The account's address (base58). */
  get address(): Address {
    return this.#key.address
  }

  /** The account as the Wallet Standard describes it (the same object until the account changes). */
  get account(): WalletAccount {
    return this.#account
  }

  get rejecting(): boolean {
    return this.#rejecting
  }

  /** The user rejects every prompt: connect (unless already connected), sign message, sign (and send) transaction. */
  setRejecting(on: boolean): void {
    this.#rejecting = Boolean(on)
  }

  get authorizedOrigins(): string[] {
    return [...this.#authorized]
  }

  isAuthorized(origin: string): boolean {
    return this.#authorized.has(normalizeOrigin(origin))
  }

  /** Connects an origin as if the user had approved it (its wallets get `change` if it is new). */
  async authorize(origin: string): Promise<void> {
    const o = normalizeOrigin(origin)
    if (this.#authorized.has(o)) return
    this.#authorized.add(o)
    await this.#emitChange([o])
  }

  /** The user disconnects every site from inside the wallet: their wallets get `change` with no accounts. */
  async disconnectAll(): Promise<void> {
    const origins = [...this.#authorized]
    this.#authorized.clear()
    if (origins.length) await this.#emitChange(origins)
  }

  /** The user picks another account: connected sites get `change` with it. */
  async setAccount(secretKey: string | Uint8Array): Promise<void> {
    const next = await loadKey(secretKey)
    if (next.address === this.#key.address) return
    this.#key = next
    this.#account = this.#makeAccount()
    if (this.#authorized.size) await this.#emitChange([...this.#authorized])
  }

  clearRequests(): void {
    this.requests.length = 0
  }

  /** Sets where `change` events for pages go (a page transport does this); Node wallet objects get them anyway. */
  setChangeSink(sink: SolanaChangeSink | undefined): void {
    this.#sink = sink
  }

  /** The accounts an origin sees: the account once connected, none before. */
  accountsFor(origin: string): WalletAccount[] {
    return this.isAuthorized(origin) ? [this.#account] : []
  }

  /**
   * A Wallet Standard wallet object for one site: `accounts` follows the site's connection, `standard:events`
   * reports its changes, and every feature call goes through `request` (and so into the log).
   */
  walletFor(origin: string): SolanaTestWalletView {
    const o = normalizeOrigin(origin)
    const self = this
    const features: SolanaTestWalletFeatures = {
      [StandardConnect]: {
        version: '1.0.0',
        connect: (input) => self.request(o, StandardConnect, input) as Promise<StandardConnectOutput>,
      },
      [StandardDisconnect]: {
        version: '1.0.0',
        disconnect: async () => {
          await self.request(o, StandardDisconnect, undefined)
        },
      },
      [StandardEvents]: {
        version: '1.0.0',
        on: (event, listener) => {
          if (event !== 'change') return () => {}
          const set = self.#listeners.get(o) ?? new Set()
          self.#listeners.set(o, set)
          const fn = listener as StandardEventsListeners['change']
          set.add(fn)
          return () => void set.delete(fn)
        },
      },
      [SolanaSignMessage]: {
        version: '1.1.0',
        signMessage: (...inputs) => self.request(o, SolanaSignMessage, inputs) as Promise<SolanaSignMessageOutput[]>,
      },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
        signTransaction: (...inputs) =>
          self.request(o, SolanaSignTransaction, inputs) as Promise<SolanaSignTransactionOutput[]>,
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
        signAndSendTransaction: (...inputs) =>
          self.request(o, SolanaSignAndSendTransaction, inputs) as Promise<SolanaSignAndSendTransactionOutput[]>,
      },
    }
    return Object.freeze({
      version: '1.0.0' as const,
      name: this.name,
      icon: this.icon,
      chains: this.chains,
      get accounts() {
        return self.accountsFor(o)
      },
      features,
    })
  }

  /**
   * Handles one feature call from `origin`: `standard:connect` (input: `{ silent? }`), `standard:disconnect`, or a
   * signing feature (input: the array of its inputs). Resolves with the feature's output or rejects with a
   * `WalletStandardError` (rejected, chain unsupported) or a `SolanaTestWalletError`. Prompts run one at a time, as
   * a wallet shows one prompt at a time.
   */
  async request(origin: string, method: string, params: unknown): Promise<unknown> {
    const o = normalizeOrigin(origin)
    const entry: SolanaTestWalletRequest = { method, params, origin: o, at: Date.now() }
    this.requests.push(entry)
    try {
      const result = await this.#serial(() => this.#dispatch(o, method, params))
      entry.result = result
      return result
    } catch (err) {
      entry.error = toRequestError(err)
      throw err
    }
  }

  async #dispatch(origin: string, method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case StandardConnect:
        return this.#connect(origin, (params ?? {}) as StandardConnectInput)
      case StandardDisconnect:
        if (this.#authorized.delete(origin)) await this.#emitChange([origin])
        return undefined
      case SolanaSignMessage:
        return this.#each(origin, method, params, (input: SolanaSignMessageInput) => this.#signMessage(input))
      case SolanaSignTransaction:
        return this.#each(origin, method, params, async (input: SolanaSignTransactionInput) => ({
          signedTransaction: (await this.#signTransaction(method, input)).bytes,
        }))
      case SolanaSignAndSendTransaction:
        return this.#each(origin, method, params, (input: SolanaSignAndSendTransactionInput) =>
          this.#signAndSend(method, input),
        )
      default:
        throw new SolanaTestWalletError('invalidInput', `The feature "${method}" is not one the Foyer test wallet has.`)
    }
  }

  async #connect(origin: string, input: StandardConnectInput): Promise<StandardConnectOutput> {
    if (this.#authorized.has(origin)) return { accounts: [this.#account] }
    // A silent connect never prompts: a site the user has not connected gets no accounts.
    if (input.silent) return { accounts: [] }
    if (this.#rejecting) throw userRejected()
    this.#authorized.add(origin)
    await this.#emitChange([origin])
    return { accounts: [this.#account] }
  }

  /** Runs a signing feature's inputs after one approval: all or nothing, as the standard's array form means. */
  async #each<I extends { account: WalletAccount }, O>(
    origin: string,
    method: string,
    params: unknown,
    run: (input: I) => Promise<O>,
  ): Promise<O[]> {
    if (!this.#authorized.has(origin))
      throw new SolanaTestWalletError('notConnected', `${origin} is not connected: call standard:connect first.`)
    if (!Array.isArray(params) || !params.length)
      throw new SolanaTestWalletError('invalidInput', `${method} takes one or more inputs.`)
    for (const input of params as I[]) {
      if (input?.account?.address !== this.#key.address)
        throw new SolanaTestWalletError(
          'unknownAccount',
          `${method}: the account ${String(input?.account?.address)} is not the wallet's (${this.#key.address}).`,
        )
    }
    if (this.#rejecting) throw userRejected()
    const out: O[] = []
    for (const input of params as I[]) out.push(await run(input))
    return out
  }

  async #signMessage(input: SolanaSignMessageInput): Promise<SolanaSignMessageOutput> {
    if (!(input.message instanceof Uint8Array))
      throw new SolanaTestWalletError('invalidInput', 'solana:signMessage: message must be a Uint8Array.')
    const signature = await signBytes(this.#key.keyPair.privateKey, input.message)
    return { signedMessage: input.message, signature: Uint8Array.from(signature), signatureType: 'ed25519' }
  }

  #checkChain(method: string, chain: IdentifierString | undefined): void {
    if (chain !== undefined && !(this.chains as readonly string[]).includes(chain))
      throw chainUnsupported({
        address: this.#key.address,
        chain,
        featureName: method,
        supportedChains: [...this.chains],
        supportedFeatures: [...SOLANA_ACCOUNT_FEATURES],
      })
  }

  /** Decodes the wire transaction, checks the account is one of its signers, and adds the account's signature. */
  async #signTransaction(
    method: string,
    input: SolanaSignTransactionInput,
  ): Promise<{ bytes: Uint8Array; signature: Signature; wire: ReturnType<typeof getBase64EncodedWireTransaction> }> {
    this.#checkChain(method, input.chain)
    if (!(input.transaction instanceof Uint8Array))
      throw new SolanaTestWalletError('invalidInput', `${method}: transaction must be a Uint8Array.`)
    let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
    try {
      transaction = getTransactionDecoder().decode(input.transaction)
    } catch (cause) {
      throw new SolanaTestWalletError('invalidInput', `${method}: the bytes are not a wire transaction.`, { cause })
    }
    if (!(this.#key.address in transaction.signatures))
      throw new SolanaTestWalletError(
        'unknownAccount',
        `${method}: the transaction does not ask ${this.#key.address} to sign (its signers: ${Object.keys(transaction.signatures).join(', ')}).`,
      )
    const signed = await partiallySignTransaction([this.#key.keyPair], transaction)
    return {
      bytes: Uint8Array.from(getTransactionEncoder().encode(signed)),
      signature: getSignatureFromTransaction(signed),
      wire: getBase64EncodedWireTransaction(signed),
    }
  }

  async #signAndSend(
    method: string,
    input: SolanaSignAndSendTransactionInput,
  ): Promise<SolanaSignAndSendTransactionOutput> {
    this.#checkChain(method, input.chain)
    const url = this.rpcUrls[input.chain as SolanaChain]
    if (!url)
      throw new SolanaTestWalletError(
        'noRpcUrl',
        `${method}: the wallet has no RPC URL for ${input.chain} (it has ${Object.keys(this.rpcUrls).join(', ')}).`,
      )
    const signed = await this.#signTransaction(method, input)
    const rpc = createSolanaRpc(url)
    const options = input.options ?? {}
    const signature = await rpc
      .sendTransaction(signed.wire, {
        encoding: 'base64',
        ...(options.skipPreflight !== undefined && { skipPreflight: options.skipPreflight }),
        ...(options.preflightCommitment && { preflightCommitment: options.preflightCommitment }),
        ...(options.maxRetries !== undefined && { maxRetries: BigInt(options.maxRetries) }),
        ...(options.minContextSlot !== undefined && { minContextSlot: BigInt(options.minContextSlot) }),
      })
      .send()
    if (options.commitment) await this.#confirm(rpc, signature, options.commitment)
    return { signature: Uint8Array.from(getBase58Encoder().encode(signature)) }
  }

  /** Waits until the signature reaches the commitment, as the standard's `commitment` option asks. */
  async #confirm(
    rpc: ReturnType<typeof createSolanaRpc>,
    signature: Signature,
    commitment: SolanaTransactionCommitment,
  ): Promise<void> {
    const deadline = Date.now() + this.#confirmTimeoutMs
    for (;;) {
      const { value } = await rpc.getSignatureStatuses([signature]).send()
      const status = value[0]
      if (status?.err)
        throw new SolanaTestWalletError('transactionFailed', `The transaction ${signature} failed.`, {
          details: status.err,
        })
      const reached = status?.confirmationStatus
      if (reached && COMMITMENT_RANK[reached] >= COMMITMENT_RANK[commitment]) return
      if (Date.now() > deadline)
        throw new SolanaTestWalletError(
          'transactionFailed',
          `The transaction ${signature} did not reach "${commitment}" within ${this.#confirmTimeoutMs} ms.`,
        )
      await new Promise((r) => setTimeout(r, 200))
    }
  }

  #makeAccount(): WalletAccount {
    return Object.freeze({
      address: this.#key.address,
      publicKey: this.#key.publicKey,
      chains: this.chains,
      features: SOLANA_ACCOUNT_FEATURES,
      label: this.name,
    })
  }

  async #emitChange(origins: readonly string[]): Promise<void> {
    for (const origin of origins) {
      const accounts = this.accountsFor(origin)
      const change: StandardEventsChangeProperties = { accounts }
      for (const listener of this.#listeners.get(origin) ?? []) listener(change)
      if (this.#sink) await this.#sink(origin, { accounts })
    }
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(fn, fn)
    this.#queue = next.catch(() => {})
    return next
  }
}

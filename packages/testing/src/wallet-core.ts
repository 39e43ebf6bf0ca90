/**
 * The Node half of the Foyer test wallet: account, chains, per-origin authorisation and the EIP-1193 method
 * handlers. It knows nothing about browsers; `installTestWallet` (playwright.ts) connects it to pages, and
 * other transports (e.g. a WalletConnect wallet in Node) can reuse it as it is.
 */
import {
  type Address,
  BaseError,
  type Chain,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type PrivateKeyAccount,
  type TransactionSerializable,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  invalidParams,
  type RpcErrorShape,
  unauthorized,
  unsupported,
  userRejected,
  WalletErrorCode,
  WalletRpcError,
} from './errors.ts'

/** A chain the wallet knows. `rpcUrl` is where reads and raw transactions go. */
export interface TestWalletChain {
  id: number
  rpcUrl: string
  name?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

export interface TestWalletCoreOptions {
  /** The account's private key (0x + 64 hex). */
  privateKey: Hex
  /** Chains the wallet has, at least one. */
  chains: readonly TestWalletChain[]
  /** The chain selected at start; defaults to the first of `chains`. */
  initialChainId?: number
  /**
   * After `wallet_addEthereumChain` the wallet switches to the added chain (and emits `chainChanged`), as
   * MetaMask does when the user accepts. wagmi's `switchChain` relies on that. Default true.
   */
  switchChainOnAdd?: boolean
  /** Origins authorised from the start (as if the user had connected earlier). */
  authorizedOrigins?: readonly string[]
}

/** One entry of the request log. */
export interface TestWalletRequest {
  method: string
  params: unknown
  /** The origin of the frame that called, e.g. `http://127.0.0.1:5173` (`null` for opaque origins). */
  origin: string
  /** Milliseconds since the epoch when the request arrived. */
  at: number
  /** Set once answered. */
  result?: unknown
  /** Set if the request failed. */
  error?: RpcErrorShape
}

/** Where an event goes: every page, or only frames of the given origins. */
export type EventScope = { kind: 'all' } | { kind: 'origins'; origins: readonly string[] }

export type WalletEventName = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'

/** Delivers an EIP-1193 event to the pages; the promise resolves once they have it. */
export type EventSink = (scope: EventScope, event: WalletEventName, payload: unknown) => Promise<void>

/** Methods that would show the user a prompt in a real wallet, and that `setRejecting(true)` rejects. */
export const PROMPT_METHODS: ReadonlySet<string> = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
])

/** Namespaces a browser wallet never forwards to its node: testing-node controls and unhandled wallet methods. */
const BLOCKED_PREFIXES = [
  'wallet_',
  'personal_',
  'anvil_',
  'hardhat_',
  'evm_',
  'ganache_',
  'eth_sign',
  'miner_',
  'admin_',
]
const BLOCKED_METHODS = new Set(['eth_subscribe', 'eth_unsubscribe', 'eth_signTypedData', 'eth_newFilter_subscribe'])

const DEFAULT_NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

const toHexChainId = (id: number): Hex => numberToHex(id)

const RPC_TIMEOUT_MS = 30_000

export class TestWalletCore {
  #account: PrivateKeyAccount
  #chains = new Map<number, TestWalletChain>()
  #chainId: number
  #authorized = new Set<string>()
  #rejecting = false
  #switchOnAdd: boolean
  #sink: EventSink = async () => {}
  #queue: Promise<unknown> = Promise.resolve()
  #rpcId = 0
  /** The log of every request, oldest first. */
  readonly requests: TestWalletRequest[] = []

  constructor(options: TestWalletCoreOptions) {
    if (!options || !isHex(options.privateKey) || options.privateKey.length !== 66)
      throw new TypeError('installTestWallet: privateKey must be 0x followed by 64 hex digits')
    if (!options.chains?.length) throw new TypeError('installTestWallet: give at least one chain ({ id, rpcUrl })')
    this.#account = privateKeyToAccount(options.privateKey)
    for (const chain of options.chains) {
      if (!Number.isSafeInteger(chain.id) || chain.id <= 0)
        throw new TypeError(`installTestWallet: bad chain id ${chain.id}`)
      if (typeof chain.rpcUrl !== 'string' || !chain.rpcUrl)
        throw new TypeError(`installTestWallet: chain ${chain.id} needs an rpcUrl`)
      this.#chains.set(chain.id, { ...chain })
    }
    this.#chainId = options.initialChainId ?? options.chains[0].id
    if (!this.#chains.has(this.#chainId))
      throw new TypeError(`installTestWallet: initialChainId ${this.#chainId} is not one of the chains`)
    this.#switchOnAdd = options.switchChainOnAdd ?? true
    for (const origin of options.authorizedOrigins ?? []) this.#authorized.add(normalizeOrigin(origin))
  }

  /** Sets where events go (the Playwright glue does this). */
  setEventSink(sink: EventSink): void {
    this.#sink = sink
  }

  get address(): Address {
    return this.#account.address
  }

  get account(): PrivateKeyAccount {
    return this.#account
  }

  get chainId(): number {
    return this.#chainId
  }

  get chains(): TestWalletChain[] {
    return [...this.#chains.values()].map((c) => ({ ...c }))
  }

  get rejecting(): boolean {
    return this.#rejecting
  }

  get authorizedOrigins(): string[] {
    return [...this.#authorized]
  }

  isAuthorized(origin: string): boolean {
    return this.#authorized.has(normalizeOrigin(origin))
  }

  setRejecting(on: boolean): void {
    this.#rejecting = Boolean(on)
  }

  /** Authorises an origin as if the user had connected it (emits `accountsChanged` to it if new). */
  async authorize(origin: string): Promise<void> {
    const o = normalizeOrigin(origin)
    if (this.#authorized.has(o)) return
    this.#authorized.add(o)
    await this.#emit({ kind: 'origins', origins: [o] }, 'accountsChanged', [this.address])
  }

  /** Removes an origin's authorisation (emits `accountsChanged` `[]` to it if it was authorised). */
  async deauthorize(origin: string): Promise<void> {
    const o = normalizeOrigin(origin)
    if (!this.#authorized.delete(o)) return
    await this.#emit({ kind: 'origins', origins: [o] }, 'accountsChanged', [])
  }

  /** The user changes network inside the wallet. */
  async switchChain(chainId: number): Promise<void> {
    if (!this.#chains.has(chainId))
      throw new Error(
        `Foyer test wallet: chain ${chainId} is not in the wallet (known: ${[...this.#chains.keys()].join(', ')})`,
      )
    if (chainId === this.#chainId) return
    this.#chainId = chainId
    await this.#emit({ kind: 'all' }, 'chainChanged', toHexChainId(chainId))
  }

  /** Adds (or replaces) a chain in the wallet's list without switching. */
  addChain(chain: TestWalletChain): void {
    this.#chains.set(chain.id, { ...chain })
  }

  /** The user picks another account in the wallet. */
  async setAccount(privateKey: Hex): Promise<void> {
    if (!isHex(privateKey) || privateKey.length !== 66)
      throw new TypeError('setAccount: privateKey must be 0x + 64 hex digits')
    const next = privateKeyToAccount(privateKey)
    if (isAddressEqual(next.address, this.#account.address)) return
    this.#account = next
    if (this.#authorized.size)
      await this.#emit({ kind: 'origins', origins: [...this.#authorized] }, 'accountsChanged', [next.address])
  }

  /** The user disconnects every site from inside the wallet. */
  async disconnectAll(): Promise<void> {
    const origins = [...this.#authorized]
    this.#authorized.clear()
    if (origins.length) await this.#emit({ kind: 'origins', origins }, 'accountsChanged', [])
  }

  /** Sends an arbitrary EIP-1193 event (e.g. `disconnect`) to every page. */
  async emit(event: WalletEventName, payload: unknown, origins?: readonly string[]): Promise<void> {
    await this.#emit(
      origins ? { kind: 'origins', origins: origins.map(normalizeOrigin) } : { kind: 'all' },
      event,
      payload,
    )
  }

  /** Answers what a page learns on load: the chain for the `connect` event. */
  hello(): { chainId: Hex } {
    return { chainId: toHexChainId(this.#chainId) }
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
      const run = () => this.#dispatch(normalizeOrigin(origin), method, params ?? [])
      const result = PROMPT_METHODS.has(method) ? await this.#serial(run) : await run()
      entry.result = result === undefined ? null : result
      return entry.result
    } catch (err) {
      const rpc = toWalletRpcError(err)
      entry.error = rpc.toJSON()
      throw rpc
    }
  }

  // ---------------------------------------------------------------------------------------------------------

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(fn, fn)
    this.#queue = next.catch(() => {})
    return next
  }

  async #emit(scope: EventScope, event: WalletEventName, payload: unknown): Promise<void> {
    await this.#sink(scope, event, payload)
  }

  #currentChain(): TestWalletChain {
    return this.#chains.get(this.#chainId)!
  }

  #viemChain(chain: TestWalletChain): Chain {
    return defineChain({
      id: chain.id,
      name: chain.name ?? `Chain ${chain.id}`,
      nativeCurrency: chain.nativeCurrency ?? DEFAULT_NATIVE,
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
  }

  #walletClient() {
    const chain = this.#currentChain()
    return createWalletClient({
      account: this.#account,
      chain: this.#viemChain(chain),
      transport: http(chain.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }),
    })
  }

  #accountsFor(origin: string): Address[] {
    return this.#authorized.has(origin) ? [this.#account.address] : []
  }

  #requireAuthorized(origin: string, address?: unknown): void {
    if (!this.#authorized.has(origin)) throw unauthorized()
    if (address !== undefined && address !== null) {
      if (
        typeof address !== 'string' ||
        !isAddress(address, { strict: false }) ||
        !isAddressEqual(address, this.#account.address)
      )
        throw unauthorized(`The requested account ${String(address)} has not been authorized by the user.`)
    }
  }

  #prompt(what: string): void {
    if (this.#rejecting) throw userRejected(what)
  }

  #permissions(origin: string) {
    if (!this.#authorized.has(origin)) return []
    return [
      {
        id: `foyer-test-wallet:${origin}:eth_accounts`,
        parentCapability: 'eth_accounts',
        invoker: origin,
        caveats: [{ type: 'restrictReturnedAccounts', value: [this.#account.address] }],
        date: 0,
      },
    ]
  }

  async #grant(origin: string): Promise<void> {
    if (this.#authorized.has(origin)) return
    this.#authorized.add(origin)
    await this.#emit({ kind: 'origins', origins: [origin] }, 'accountsChanged', [this.#account.address])
  }

  async #dispatch(origin: string, method: string, rawParams: unknown): Promise<unknown> {
    const params: unknown[] = Array.isArray(rawParams) ? rawParams : [rawParams]
    switch (method) {
      case 'eth_accounts':
        return this.#accountsFor(origin)
      case 'eth_coinbase':
        return this.#accountsFor(origin)[0] ?? null
      case 'eth_requestAccounts':
        if (!this.#authorized.has(origin)) {
          this.#prompt('connection request')
          await this.#grant(origin)
        }
        return this.#accountsFor(origin)
      case 'eth_chainId':
        return toHexChainId(this.#chainId)
      case 'net_version':
        return String(this.#chainId)

      case 'wallet_requestPermissions': {
        const wanted = params[0]
        if (!wanted || typeof wanted !== 'object' || !('eth_accounts' in wanted))
          throw invalidParams('wallet_requestPermissions expects [{ eth_accounts: {} }]')
        this.#prompt('permission request')
        await this.#grant(origin)
        return this.#permissions(origin)
      }
      case 'wallet_getPermissions':
        return this.#permissions(origin)
      case 'wallet_revokePermissions': {
        const wanted = params[0]
        if (wanted && typeof wanted === 'object' && !('eth_accounts' in wanted))
          throw invalidParams('wallet_revokePermissions expects [{ eth_accounts: {} }]')
        if (this.#authorized.delete(origin))
          await this.#emit({ kind: 'origins', origins: [origin] }, 'accountsChanged', [])
        return null
      }

      case 'personal_sign': {
        let [message, address] = params as [unknown, unknown]
        // Some dapps send [address, message]; accept both orders as MetaMask does.
        if (
          typeof message === 'string' &&
          isAddress(message, { strict: false }) &&
          typeof address === 'string' &&
          !isAddress(address, { strict: false })
        )
          [message, address] = [address, message]
        if (typeof message !== 'string') throw invalidParams('personal_sign expects [message, address]')
        this.#requireAuthorized(origin, address)
        this.#prompt('signature request')
        return this.#account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_sign': {
        const [address, data] = params as [unknown, unknown]
        this.#requireAuthorized(origin, address)
        if (typeof data !== 'string' || !isHex(data) || data.length !== 66)
          throw invalidParams('eth_sign expects [address, 32-byte hex hash]')
        this.#prompt('signature request')
        return this.#account.sign({ hash: data })
      }
      case 'eth_signTypedData_v3':
      case 'eth_signTypedData_v4': {
        let [address, data] = params as [unknown, unknown]
        if (typeof address !== 'string' || !isAddress(address, { strict: false })) [address, data] = [data, address]
        this.#requireAuthorized(origin, address)
        const typed = parseTypedData(data)
        const chainId = typed.domain?.chainId
        if (chainId !== undefined && chainId !== null && Number(chainId) !== this.#chainId)
          throw invalidParams(
            `typed data domain chainId ${Number(chainId)} does not match the active chain ${this.#chainId}`,
          )
        this.#prompt('signature request')
        return this.#account.signTypedData(typed as Parameters<PrivateKeyAccount['signTypedData']>[0])
      }
      case 'eth_sendTransaction':
      case 'eth_signTransaction': {
        const tx = params[0]
        if (!tx || typeof tx !== 'object') throw invalidParams(`${method} expects [transaction]`)
        const t = tx as Record<string, unknown>
        this.#requireAuthorized(origin, t.from)
        if (t.chainId !== undefined && t.chainId !== null && Number(t.chainId) !== this.#chainId)
          throw invalidParams(
            `transaction chainId ${Number(t.chainId)} does not match the active chain ${this.#chainId}`,
          )
        this.#prompt('transaction')
        const request = toViemTransaction(t)
        const client = this.#walletClient()
        if (method === 'eth_sendTransaction') return client.sendTransaction(request as never)
        const prepared = await client.prepareTransactionRequest(request as never)
        return this.#account.signTransaction(prepared as TransactionSerializable)
      }

      case 'wallet_switchEthereumChain': {
        const id = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!this.#chains.has(id))
          throw new WalletRpcError(
            WalletErrorCode.unrecognizedChain,
            `Unrecognized chain ID "${toHexChainId(id)}". Try adding the chain using wallet_addEthereumChain first.`,
          )
        if (id === this.#chainId) return null
        this.#prompt('network switch')
        await this.switchChain(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const p = params[0] as Record<string, unknown> | undefined
        if (!p || typeof p !== 'object')
          throw invalidParams('wallet_addEthereumChain expects [AddEthereumChainParameter]')
        const id = parseChainId(p.chainId)
        const rpcUrls = p.rpcUrls
        if (!Array.isArray(rpcUrls) || !rpcUrls.length || typeof rpcUrls[0] !== 'string')
          throw invalidParams('rpcUrls must be a non-empty array of URLs')
        try {
          new URL(rpcUrls[0])
        } catch {
          throw invalidParams(`bad rpc URL ${rpcUrls[0]}`)
        }
        const native = p.nativeCurrency as TestWalletChain['nativeCurrency'] | undefined
        if (
          native !== undefined &&
          (typeof native !== 'object' || typeof native.symbol !== 'string' || typeof native.decimals !== 'number')
        )
          throw invalidParams('nativeCurrency must be { name, symbol, decimals }')
        this.#prompt('request to add a network')
        if (!this.#chains.has(id))
          this.#chains.set(id, {
            id,
            rpcUrl: rpcUrls[0],
            name: typeof p.chainName === 'string' ? p.chainName : undefined,
            nativeCurrency: native,
          })
        if (this.#switchOnAdd) await this.switchChain(id)
        return null
      }
      case 'wallet_watchAsset':
        this.#prompt('request to watch an asset')
        return true
    }

    if (BLOCKED_METHODS.has(method) || BLOCKED_PREFIXES.some((p) => method.startsWith(p))) throw unsupported(method)
    return this.#forward(method, rawParams === undefined ? [] : rawParams)
  }

  async #forward(method: string, params: unknown): Promise<unknown> {
    const chain = this.#currentChain()
    let res: Response
    try {
      res = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++this.#rpcId, method, params }),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
      })
    } catch (err) {
      throw new WalletRpcError(
        WalletErrorCode.internal,
        `RPC of chain ${chain.id} (${chain.rpcUrl}) unreachable: ${(err as Error).cause ? String((err as Error & { cause: Error }).cause.message ?? (err as Error).cause) : (err as Error).message}`,
      )
    }
    let body: { result?: unknown; error?: RpcErrorShape }
    try {
      body = (await res.json()) as typeof body
    } catch {
      throw new WalletRpcError(
        WalletErrorCode.internal,
        `RPC of chain ${chain.id} answered HTTP ${res.status} without JSON`,
      )
    }
    if (body.error)
      throw new WalletRpcError(
        Number(body.error.code) || WalletErrorCode.internal,
        String(body.error.message),
        body.error.data,
      )
    return body.result === undefined ? null : body.result
  }
}

// ---------------------------------------------------------------------------------------------------------------

export function normalizeOrigin(origin: string): string {
  if (!origin || origin === 'null') return 'null'
  try {
    const o = new URL(origin).origin
    return o === 'null' ? 'null' : o
  } catch {
    return origin
  }
}

function parseChainId(value: unknown): number {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) {
    const n = hexToNumber(value as Hex)
    if (Number.isSafeInteger(n) && n > 0) return n
  }
  throw invalidParams(`chainId must be a 0x-prefixed hexadecimal string, got ${JSON.stringify(value)}`)
}

function parseTypedData(data: unknown): {
  domain?: Record<string, unknown> & { chainId?: unknown }
  types: Record<string, unknown>
  primaryType: string
  message: Record<string, unknown>
} {
  let typed = data
  if (typeof typed === 'string') {
    try {
      typed = JSON.parse(typed)
    } catch {
      throw invalidParams('typed data is not valid JSON')
    }
  }
  if (!typed || typeof typed !== 'object') throw invalidParams('typed data must be an object')
  const t = typed as Record<string, unknown>
  if (
    !t.types ||
    typeof t.types !== 'object' ||
    typeof t.primaryType !== 'string' ||
    !t.message ||
    typeof t.message !== 'object'
  )
    throw invalidParams('typed data needs types, primaryType, domain and message')
  const domain = (t.domain ?? {}) as Record<string, unknown>
  // Wallets receive chainId as a number, a decimal string or hex; viem wants a number.
  if (domain.chainId !== undefined && domain.chainId !== null) domain.chainId = Number(domain.chainId)
  return {
    domain,
    types: t.types as Record<string, unknown>,
    primaryType: t.primaryType,
    message: t.message as Record<string, unknown>,
  }
}

const quantity = (v: unknown, field: string): bigint | undefined => {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && isHex(v)) return hexToBigInt(v)
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v)
  throw invalidParams(`${field} must be a hex quantity`)
}

const TX_TYPES: Record<string, string> = { '0x0': 'legacy', '0x1': 'eip2930', '0x2': 'eip1559', '0x4': 'eip7702' }

function toViemTransaction(t: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (t.to !== undefined && t.to !== null) {
    if (typeof t.to !== 'string' || !isAddress(t.to, { strict: false })) throw invalidParams('to must be an address')
    out.to = getAddress(t.to)
  }
  if (t.data !== undefined || t.input !== undefined) {
    const data = t.data ?? t.input
    if (typeof data !== 'string' || !isHex(data)) throw invalidParams('data must be hex')
    out.data = data
  }
  const fields: [string, string][] = [
    ['value', 'value'],
    ['gas', 'gas'],
    ['gasLimit', 'gas'],
    ['gasPrice', 'gasPrice'],
    ['maxFeePerGas', 'maxFeePerGas'],
    ['maxPriorityFeePerGas', 'maxPriorityFeePerGas'],
  ]
  for (const [from, to] of fields) {
    const q = quantity(t[from], from)
    if (q !== undefined) out[to] = q
  }
  const nonce = quantity(t.nonce, 'nonce')
  if (nonce !== undefined) out.nonce = Number(nonce)
  if (Array.isArray(t.accessList)) out.accessList = t.accessList
  if (typeof t.type === 'string') {
    const type = TX_TYPES[t.type.toLowerCase()] ?? (Object.values(TX_TYPES).includes(t.type) ? t.type : undefined)
    if (type) out.type = type
  }
  if (out.type === undefined) {
    if (out.gasPrice !== undefined && out.maxFeePerGas === undefined) out.type = 'legacy'
    else if (out.maxFeePerGas !== undefined) out.type = 'eip1559'
  }
  if (out.to === undefined && out.data === undefined) throw invalidParams('a transaction needs "to" or "data"')
  return out
}

/** Turns anything thrown into an EIP-1193 error (keeping node error codes and revert data). */
export function toWalletRpcError(err: unknown): WalletRpcError {
  if (err instanceof WalletRpcError) return err
  if (err instanceof BaseError) {
    const withCode = err.walk((e) => typeof (e as { code?: unknown }).code === 'number') as
      | (Error & { code: number; data?: unknown })
      | null
    const code = withCode?.code ?? WalletErrorCode.internal
    const details = (err as BaseError).details
    const message = details && !err.shortMessage.includes(details) ? `${err.shortMessage} ${details}` : err.shortMessage
    const data =
      withCode?.data ??
      (err.walk((e) => (e as { data?: unknown }).data !== undefined) as { data?: unknown } | null)?.data
    return new WalletRpcError(code, message, data)
  }
  const e = err as { code?: unknown; message?: unknown; data?: unknown } | undefined
  if (e && typeof e.code === 'number' && typeof e.message === 'string')
    return new WalletRpcError(e.code, e.message, e.data)
  return new WalletRpcError(WalletErrorCode.internal, e && typeof e.message === 'string' ? e.message : String(err))
}

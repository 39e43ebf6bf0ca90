/**
 * What the test wallet holds — the account, its chains and the selected one, the origins the user authorised,
 * whether prompts are being rejected, where its events go — and the checks every method handler makes against it.
 * `TestWalletCore` (the public face) and the handlers in methods/ share one instance.
 */
import { type Address, type Hex, isAddress, isAddressEqual, isHex, numberToHex, type PrivateKeyAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { unauthorized, userRejected } from '../errors.ts'
import { forwardToNode } from './node/nodeRpc.ts'
import { normalizeOrigin } from './origin.ts'
import type { EventScope, EventSink, TestWalletChain, TestWalletCoreOptions, WalletEventName } from './types.ts'

export const toHexChainId = (id: number): Hex => numberToHex(id)

/** Simple7702Account v0.8, at the same address on every devnet chain (and on public chains). */
export const SIMPLE_7702_ACCOUNT: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** A call batch the wallet sent (EIP-5792): its chain, whether it ran atomically, and its transactions. */
export interface SentBatch {
  origin: string
  chainId: number
  atomic: boolean
  hashes: Hex[]
  /** A call that could not be sent after earlier ones were (non-atomic batches only). */
  incomplete: boolean
}

export class WalletState {
  account: PrivateKeyAccount
  readonly chains = new Map<number, TestWalletChain>()
  chainId: number
  /** Normalised origins the user connected. */
  readonly authorized = new Set<string>()
  rejecting = false
  readonly switchOnAdd: boolean
  atomicBatch: boolean
  readonly batchDelegate: Address
  /** Call batches by id, as `wallet_getCallsStatus` reports them. */
  readonly batches = new Map<string, SentBatch>()
  sink: EventSink = async () => {}
  #rpcId = 0

  constructor(options: TestWalletCoreOptions) {
    if (!options || !isHex(options.privateKey) || options.privateKey.length !== 66)
      throw new TypeError('installTestWallet: privateKey must be 0x followed by 64 hex digits')
    if (!options.chains?.length) throw new TypeError('installTestWallet: give at least one chain ({ id, rpcUrl })')
    this.account = privateKeyToAccount(options.privateKey)
    for (const chain of options.chains) {
      if (!Number.isSafeInteger(chain.id) || chain.id <= 0)
        throw new TypeError(`installTestWallet: bad chain id ${chain.id}`)
      if (typeof chain.rpcUrl !== 'string' || !chain.rpcUrl)
        throw new TypeError(`installTestWallet: chain ${chain.id} needs an rpcUrl`)
      this.chains.set(chain.id, { ...chain })
    }
    this.chainId = options.initialChainId ?? options.chains[0].id
    if (!this.chains.has(this.chainId))
      throw new TypeError(`installTestWallet: initialChainId ${this.chainId} is not one of the chains`)
    this.switchOnAdd = options.switchChainOnAdd ?? true
    this.atomicBatch = Boolean(options.atomicBatch)
    if (options.batchDelegate !== undefined && !isAddress(options.batchDelegate, { strict: false }))
      throw new TypeError('installTestWallet: batchDelegate must be an address')
    this.batchDelegate = options.batchDelegate ?? SIMPLE_7702_ACCOUNT
    for (const origin of options.authorizedOrigins ?? []) this.authorized.add(normalizeOrigin(origin))
  }

  async emit(scope: EventScope, event: WalletEventName, payload: unknown): Promise<void> {
    await this.sink(scope, event, payload)
  }

  currentChain(): TestWalletChain {
    return this.chains.get(this.chainId)!
  }

  /** Sends a read the wallet does not answer itself to the selected chain's node. */
  forward(method: string, params: unknown, chain = this.currentChain()): Promise<unknown> {
    return forwardToNode(chain, ++this.#rpcId, method, params)
  }

  accountsFor(origin: string): Address[] {
    return this.authorized.has(origin) ? [this.account.address] : []
  }

  /** Throws 4100 unless `origin` is connected and `address` (when given) is the wallet's account. */
  requireAuthorized(origin: string, address?: unknown): void {
    if (!this.authorized.has(origin)) throw unauthorized()
    if (address !== undefined && address !== null) {
      if (
        typeof address !== 'string' ||
        !isAddress(address, { strict: false }) ||
        !isAddressEqual(address, this.account.address)
      )
        throw unauthorized(`The requested account ${String(address)} has not been authorized by the user.`)
    }
  }

  /** Where a real wallet would ask the user: throws 4001 while the wallet is rejecting. */
  prompt(what: string): void {
    if (this.rejecting) throw userRejected(what)
  }

  permissions(origin: string) {
    if (!this.authorized.has(origin)) return []
    return [
      {
        id: `foyer-test-wallet:${origin}:eth_accounts`,
        parentCapability: 'eth_accounts',
        invoker: origin,
        caveats: [{ type: 'restrictReturnedAccounts', value: [this.account.address] }],
        date: 0,
      },
    ]
  }

  /** Connects a (normalised) origin; emits `accountsChanged` to it if it is new. */
  async grant(origin: string): Promise<void> {
    if (this.authorized.has(origin)) return
    this.authorized.add(origin)
    await this.emit({ kind: 'origins', origins: [origin] }, 'accountsChanged', [this.account.address])
  }

  /** Disconnects a (normalised) origin; emits `accountsChanged` `[]` to it if it was connected. */
  async revoke(origin: string): Promise<void> {
    if (!this.authorized.delete(origin)) return
    await this.emit({ kind: 'origins', origins: [origin] }, 'accountsChanged', [])
  }

  async switchChain(chainId: number): Promise<void> {
    if (!this.chains.has(chainId))
      throw new Error(
        `Foyer test wallet: chain ${chainId} is not in the wallet (known: ${[...this.chains.keys()].join(', ')})`,
      )
    if (chainId === this.chainId) return
    this.chainId = chainId
    await this.emit({ kind: 'all' }, 'chainChanged', toHexChainId(chainId))
  }
}

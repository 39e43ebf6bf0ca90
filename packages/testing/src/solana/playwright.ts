/**
 * `installSolanaTestWallet`: puts a Wallet Standard Solana wallet into every page of a Playwright context (or one
 * page). The page side is a thin Wallet Standard wallet that registers itself; every feature call crosses an exposed
 * binding to Node, where the Solana test wallet (`createSolanaTestWallet`) signs with its ed25519 key and sends to
 * the chain's RPC.
 */
import type { BrowserContext, Frame, Page } from '@playwright/test'
import type { WalletAccount, WalletIcon } from '@wallet-standard/base'
import { SOLANA_DEV_KEYS } from '../accounts.ts'
import { frameOrigin } from '../frameOrigin.ts'
import { toRequestError } from './errors.ts'
import { solanaHandleKey, solanaPageScript } from './solanaPageScript.ts'
import {
  createSolanaTestWallet,
  SOLANA_TEST_WALLET_NAME,
  type SolanaChain,
  type SolanaTestWallet,
  type SolanaTestWalletRequest,
} from './solanaTestWallet.ts'

export interface SolanaTestWalletInstallOptions {
  /**
   * The account's key: a 64-byte secret key (base58 or bytes) or a 32-byte private key. Default: the dev key of
   * `devKeyIndex`.
   */
  secretKey?: string | Uint8Array
  /** Which of `SOLANA_DEV_KEYS` (m/44'/501'/i'/0' of the dev mnemonic) when no `secretKey` is given. Default 0. */
  devKeyIndex?: number
  /** The chains the wallet has and where each one's transactions go, e.g. `[{ chain: 'solana:localnet', rpcUrl }]`. */
  chains: readonly { chain: SolanaChain; rpcUrl: string }[]
  /** Default `Foyer Test Wallet`, the EVM test wallet's name: install both for one wallet on both families. */
  name?: string
  /** A `data:image/…;base64,` URI. Default: Foyer's doorway icon. */
  icon?: WalletIcon
  /** Origins connected from the start, e.g. `['http://127.0.0.1:5173']`: pages there see the account at once. */
  authorizedOrigins?: readonly string[]
}

export interface InstalledSolanaTestWallet {
  /** The account's address (base58). */
  readonly address: string
  /** The name the wallet registers with. */
  readonly name: string
  /** Every request any page made, oldest first: `{ method, params, origin, at, result?, error? }`. */
  readonly requests: readonly SolanaTestWalletRequest[]
  /** From now on the user rejects every prompt (connect, sign message, sign and send) with the standard's error. */
  setRejecting(on: boolean): void
  /** The user picks another account: connected pages get `change` with it. */
  setAccount(secretKey: string | Uint8Array): Promise<void>
  /** The user disconnects every site inside the wallet: their pages get `change` with no accounts. */
  disconnectFromWallet(): Promise<void>
  /** Connects an origin without a prompt, as if the user had done it before. */
  authorize(origin: string): Promise<void>
  isAuthorized(origin: string): boolean
  clearRequests(): void
  /** The Node half, for anything not covered above. */
  readonly wallet: SolanaTestWallet
}

const EVENT_TIMEOUT_MS = 5_000

function isPage(target: BrowserContext | Page): target is Page {
  return typeof (target as Page).mainFrame === 'function'
}

type Wire = unknown

/** Bytes cross the binding as `{ $bytes: base64 }`, in both directions. */
function toWire(value: unknown): Wire {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') }
  if (Array.isArray(value)) return value.map(toWire)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]))
  return value
}

function fromWire(value: Wire): unknown {
  if (Array.isArray(value)) return value.map(fromWire)
  if (value && typeof value === 'object') {
    const bytes = (value as { $bytes?: unknown }).$bytes
    if (typeof bytes === 'string') return Uint8Array.from(Buffer.from(bytes, 'base64'))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromWire(v)]))
  }
  return value
}

const wireAccounts = (accounts: readonly WalletAccount[]) => accounts.map((a) => toWire({ ...a }))

/**
 * Installs the Solana test wallet. Pages opened (or navigated) after this call have it; call it before `page.goto`.
 *
 * ```ts
 * const wallet = await installSolanaTestWallet(context, { devKeyIndex: 1, chains: [{ chain: 'solana:localnet', rpcUrl: 'http://127.0.0.1:8899' }] })
 * ```
 */
export async function installSolanaTestWallet(
  target: BrowserContext | Page,
  options: SolanaTestWalletInstallOptions,
): Promise<InstalledSolanaTestWallet> {
  if (!options.chains?.length)
    throw new TypeError('installSolanaTestWallet: chains needs at least one { chain, rpcUrl }')
  const secretKey = options.secretKey ?? SOLANA_DEV_KEYS[options.devKeyIndex ?? 0]
  if (!secretKey) throw new TypeError(`installSolanaTestWallet: no dev key ${options.devKeyIndex}`)
  const wallet = await createSolanaTestWallet({
    secretKey,
    chains: options.chains.map((c) => c.chain),
    rpcUrls: Object.fromEntries(options.chains.map((c) => [c.chain, c.rpcUrl])),
    name: options.name ?? SOLANA_TEST_WALLET_NAME,
    icon: options.icon,
    authorizedOrigins: options.authorizedOrigins,
  })
  if (!wallet.icon.startsWith('data:image/')) throw new TypeError('installSolanaTestWallet: icon must be a data: URI')
  const binding = `__foyerSolanaTestWallet_${Buffer.from(wallet.name).toString('hex')}`
  const key = solanaHandleKey(wallet.name)

  const frames = (): Frame[] =>
    (isPage(target) ? [target] : target.pages()).flatMap((p) => (p.isClosed() ? [] : p.frames()))

  // Account changes reach the pages of the origin they concern.
  wallet.setChangeSink(async (origin, change) => {
    const accounts = wireAccounts(change.accounts)
    await Promise.all(
      frames()
        .filter((frame) => frameOrigin(frame) === origin)
        .map((frame) => {
          let timer: NodeJS.Timeout | undefined
          const delivered = frame
            .evaluate(
              ({ key, accounts }) => {
                const handle = (window as unknown as Record<symbol, { change(a: unknown): void } | undefined>)[
                  Symbol.for(key)
                ]
                handle?.change(accounts)
              },
              { key, accounts },
            )
            .catch(() => {}) // the frame navigated or closed: it reads fresh state on load
          const timeout = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, EVENT_TIMEOUT_MS)
          })
          return Promise.race([delivered, timeout]).finally(() => clearTimeout(timer))
        }),
    )
  })

  type Message = { type: 'hello' } | { type: 'request'; method: string; params: Wire }
  await target.exposeBinding(binding, async (source: { frame: Frame }, message: Message) => {
    const origin = frameOrigin(source.frame)
    if (message?.type === 'hello') return { accounts: wireAccounts(wallet.accountsFor(origin)) }
    if (message?.type !== 'request') return { error: { name: 'Error', message: 'Invalid message' } }
    let params = fromWire(message.params)
    // A signing input names its account by address; the wallet's own account object goes in its place.
    if (Array.isArray(params))
      params = params.map((input: { account?: { address?: string } }) =>
        input?.account?.address === wallet.address ? { ...input, account: wallet.account } : input,
      )
    if (message.method === 'standard:disconnect') params = undefined
    try {
      const result = await wallet.request(origin, message.method, params)
      return { result: toWire(result ?? null) }
    } catch (err) {
      return { error: toRequestError(err) }
    }
  })
  await target.addInitScript({
    content: solanaPageScript({ name: wallet.name, icon: wallet.icon, chains: wallet.chains, binding }),
  })

  return {
    get address() {
      return wallet.address
    },
    name: wallet.name,
    get requests() {
      return wallet.requests
    },
    setRejecting: (on) => wallet.setRejecting(on),
    setAccount: (secretKey) => wallet.setAccount(secretKey),
    disconnectFromWallet: () => wallet.disconnectAll(),
    authorize: (origin) => wallet.authorize(origin),
    isAuthorized: (origin) => wallet.isAuthorized(origin),
    clearRequests: () => wallet.clearRequests(),
    wallet,
  }
}

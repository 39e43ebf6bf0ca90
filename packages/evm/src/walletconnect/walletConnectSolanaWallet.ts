/**
 * The WalletConnect session on Solana, as a Wallet Standard wallet. When a wallet approves the pairing's `solana`
 * namespace, the session registers this wallet in the page; the Solana adapter lists it (a `WALLET_CONNECT`
 * connector, by the `foyer:walletConnect` feature) and uses it as any other Solana wallet, so a person who paired
 * once is connected on both families. Every signature travels over the session as WalletConnect's Solana RPC
 * (`solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`). Part of the lazily loaded
 * session chunk: nothing of it reaches a page before WalletConnect is used.
 */

import { getWallets } from '@wallet-standard/app'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { decodeBase58, decodeBase64, encodeBase58, encodeBase64 } from './solanaEncoding.ts'

/** The feature that marks the wallet as the WalletConnect session (its value is the session's topic). */
export const WALLETCONNECT_SOLANA_FEATURE = 'foyer:walletConnect'

/** The wallet's name in the page: one per session, and never the name of a browser wallet. */
export const WALLETCONNECT_SOLANA_WALLET_NAME = 'WalletConnect'

/** The Wallet Standard names of Solana's public clusters, by CAIP-2 id; any other cluster is `solana:localnet`. */
const CLUSTER_NAMES: Record<string, IdentifierString> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}
const clusterName = (caip2: string): IdentifierString => CLUSTER_NAMES[caip2] ?? 'solana:localnet'

/**
 * A plain link mark (two joined rings on blue), drawn for Foyer: the Wallet Standard wants a data URI. The SVG:
 * a 32×32 rounded square `#3b82f6` with two white rings of radius 5 at (12.5, 16) and (19.5, 16).
 */
const ICON: WalletIcon =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzNiODJmNiIvPjxnIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIzIj48Y2lyY2xlIGN4PSIxMi41IiBjeT0iMTYiIHI9IjUiLz48Y2lyY2xlIGN4PSIxOS41IiBjeT0iMTYiIHI9IjUiLz48L2c+PC9zdmc+'

const base58 = { encode: encodeBase58, decode: decodeBase58 }
const base64 = { encode: encodeBase64, decode: decodeBase64 }

const SUPPORTED_TRANSACTION_VERSIONS = ['legacy', 0] as const

/** A request over the session to the wallet, on one chain (CAIP-2). */
export type SolanaSessionRequest = (request: { method: string; params: object }, chainId: string) => Promise<unknown>

/** A Solana account the session approved: its address and the CAIP-2 chains it holds it on. */
export type WalletConnectSolanaAccount = { address: string; chainIds: string[] }

/** The Solana accounts of a session's namespaces (`solana:<reference>:<address>`), one entry per address. */
export function solanaAccountsOf(
  namespaces: Record<string, { accounts: string[] }> | undefined,
): WalletConnectSolanaAccount[] {
  const byAddress = new Map<string, WalletConnectSolanaAccount>()
  for (const caip10 of namespaces?.solana?.accounts ?? []) {
    const [namespace, reference, address] = caip10.split(':')
    if (namespace !== 'solana' || !reference || !address) continue
    const entry = byAddress.get(address) ?? { address, chainIds: [] }
    entry.chainIds.push(`solana:${reference}`)
    byAddress.set(address, entry)
  }
  return [...byAddress.values()]
}

/** A refusal from the wallet (WalletConnect's 5000, EIP-1193's 4001), as Solana wallets report it: code 4001. */
function toWalletError(error: unknown): Error {
  const e = error as { code?: number; message?: string } | undefined
  const rejected = e?.code === 5000 || e?.code === 4001 || /rejected|declined/i.test(e?.message ?? '')
  const wrapped = new Error(e?.message ?? 'The WalletConnect request failed', { cause: error }) as Error & {
    code?: number
  }
  if (rejected) wrapped.code = 4001
  return wrapped
}

/** Reads a compact-u16 (Solana's short vector length) at `offset`: the value and the bytes it took. */
function readCompactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]!
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, i + 1]
  }
  throw new Error('Malformed transaction: bad length prefix')
}

/**
 * Puts `signature` into a wire transaction at the signer slot of `signer` (its 32-byte public key): the slots
 * follow the order of the message's first account keys. For wallets that answer `solana_signTransaction` with the
 * signature alone.
 */
export function withSignature(transaction: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array {
  const [slots, slotsLength] = readCompactU16(transaction, 0)
  const messageStart = slotsLength + slots * 64
  // A versioned message starts with 0x80 | version; a legacy one with the header directly.
  const headerStart = (transaction[messageStart]! & 0x80) !== 0 ? messageStart + 1 : messageStart
  const [keyCount, keyCountLength] = readCompactU16(transaction, headerStart + 3)
  const keysStart = headerStart + 3 + keyCountLength
  for (let index = 0; index < Math.min(slots, keyCount); index++) {
    const key = transaction.subarray(keysStart + index * 32, keysStart + (index + 1) * 32)
    if (key.every((b, i) => b === signer[i])) {
      const signed = Uint8Array.from(transaction)
      signed.set(signature, slotsLength + index * 64)
      return signed
    }
  }
  throw new Error('The transaction does not ask the WalletConnect account to sign')
}

type SignInput = { account: WalletAccount; chain?: IdentifierString }

/**
 * The Wallet Standard wallet for a session's Solana accounts. `request` sends one request over the session.
 * `end()` (the session ended) tells the site the accounts are gone.
 */
export function createWalletConnectSolanaWallet(parameters: {
  topic: string
  accounts: readonly WalletConnectSolanaAccount[]
  request: SolanaSessionRequest
}) {
  const sessionChains = [...new Set(parameters.accounts.flatMap((a) => a.chainIds))]
  const chains = [...new Set(sessionChains.flatMap((id) => [id as IdentifierString, clusterName(id)]))]
  const accounts: WalletAccount[] = parameters.accounts.map((a) =>
    Object.freeze({
      address: a.address,
      publicKey: base58.decode(a.address),
      chains: [...new Set(a.chainIds.flatMap((id) => [id as IdentifierString, clusterName(id)]))],
      features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const,
    }),
  )
  let connected = accounts
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()

  /** The session chain (CAIP-2) for a Wallet Standard chain: itself, a cluster's id, or the local cluster. */
  function sessionChain(account: WalletAccount, chain: IdentifierString | undefined): string {
    const own = parameters.accounts.find((a) => a.address === account.address)
    if (!own) throw new Error(`${account.address} is not an account of the WalletConnect session`)
    if (!chain) return own.chainIds[0]!
    const match = own.chainIds.find((id) => id === chain || clusterName(id) === chain)
    if (!match) throw new Error(`The WalletConnect session has no ${chain} for ${account.address}`)
    return match
  }

  async function send(method: string, params: object, chainId: string) {
    try {
      return (await parameters.request({ method, params }, chainId)) as { signature?: string; transaction?: string }
    } catch (error) {
      throw toWalletError(error)
    }
  }

  async function signTransaction(input: SignInput & { transaction: Uint8Array }) {
    const chainId = sessionChain(input.account, input.chain)
    const result = await send('solana_signTransaction', { transaction: base64.encode(input.transaction) }, chainId)
    if (result?.transaction) return { signedTransaction: base64.decode(result.transaction) }
    if (!result?.signature) throw new Error('solana_signTransaction: the wallet answered no signature')
    return {
      signedTransaction: withSignature(
        input.transaction,
        Uint8Array.from(input.account.publicKey),
        base58.decode(result.signature),
      ),
    }
  }

  const wallet = {
    version: '1.0.0' as const,
    name: WALLETCONNECT_SOLANA_WALLET_NAME,
    icon: ICON,
    chains,
    get accounts() {
      return connected
    },
    features: {
      // The session already holds the accounts: connecting asks nothing of the wallet.
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: connected }) },
      // The site lets go of Solana; the session (and the EVM side) stays until it is disconnected.
      'standard:disconnect': { version: '1.0.0', disconnect: async () => {} },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: (SignInput & { message: Uint8Array })[]) {
          const out = []
          for (const input of inputs) {
            const chainId = sessionChain(input.account, undefined)
            const params = { message: base58.encode(input.message), pubkey: input.account.address }
            const result = await send('solana_signMessage', params, chainId)
            if (!result?.signature) throw new Error('solana_signMessage: the wallet answered no signature')
            out.push({
              signedMessage: input.message,
              signature: base58.decode(result.signature),
              signatureType: 'ed25519' as const,
            })
          }
          return out
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
        async signTransaction(...inputs: (SignInput & { transaction: Uint8Array })[]) {
          const out = []
          for (const input of inputs) out.push(await signTransaction(input))
          return out
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
        async signAndSendTransaction(
          ...inputs: (SignInput & { transaction: Uint8Array; options?: Record<string, unknown> })[]
        ) {
          const out = []
          for (const input of inputs) {
            const chainId = sessionChain(input.account, input.chain)
            const { commitment: _commitment, ...sendOptions } = input.options ?? {}
            const params = {
              transaction: base64.encode(input.transaction),
              ...(Object.keys(sendOptions).length > 0 && { sendOptions }),
            }
            const result = await send('solana_signAndSendTransaction', params, chainId)
            if (!result?.signature) throw new Error('solana_signAndSendTransaction: the wallet answered no signature')
            out.push({ signature: base58.decode(result.signature) })
          }
          return out
        },
      },
      [WALLETCONNECT_SOLANA_FEATURE]: { version: '1.0.0', topic: parameters.topic },
    },
  }

  return {
    wallet: wallet as Wallet,
    /** The session ended: the site hears that the accounts are gone. */
    end() {
      connected = []
      for (const listener of [...listeners]) listener({ accounts: [] })
    },
  }
}

/**
 * Registers the wallet with the page's Wallet Standard registry (the `wallet-standard:register-wallet` event and
 * its `wallet-standard:app-ready` answer, so a registry set up later finds it too): the page's registry may be
 * another copy of `@wallet-standard/app` than this chunk's. Without a window (Node) there are no events, and the
 * registry is the one module instance the process has. Returns the unregistration.
 */
export function registerSolanaWallet(wallet: Wallet): () => void {
  if (typeof window === 'undefined') return getWallets().register(wallet)
  const unregisters: (() => void)[] = []
  const callback = ({ register }: { register: (wallet: Wallet) => () => void }) => {
    unregisters.push(register(wallet))
  }
  window.dispatchEvent(
    Object.assign(
      new Event('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false }),
      {
        detail: callback,
      },
    ),
  )
  const onAppReady = (event: Event) => callback((event as Event & { detail: Parameters<typeof callback>[0] }).detail)
  window.addEventListener('wallet-standard:app-ready', onAppReady)
  return () => {
    window.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}

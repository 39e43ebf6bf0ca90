/**
 * The WalletConnect test wallet's Solana side: one ed25519 key held by the Solana test wallet's Node half, the
 * session's `solana` namespace, and WalletConnect's Solana RPC (`solana_signMessage`, `solana_signTransaction`,
 * `solana_signAndSendTransaction`: messages base58, transactions base64, signatures base58) answered with it.
 */
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
} from '@solana/kit'
import { createSolanaTestWallet, type SolanaChain } from '../solana/solanaTestWallet.ts'

/** The Solana methods the wallet approves when a proposal asks for them. */
export const WALLETCONNECT_TEST_WALLET_SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

/** A Solana cluster the wallet holds its key on: its CAIP-2 id and where its transactions go. */
export type WalletConnectTestWalletSolanaNetwork = { id: `solana:${string}`; rpcUrl: string }

export type WalletConnectTestWalletSolanaOptions = {
  /** A 64-byte secret key (base58 or bytes), as `SOLANA_DEV_KEYS` holds, or the 32-byte private key. */
  secretKey: string | Uint8Array
  /** The clusters it approves, e.g. `[{ id: 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s', rpcUrl: 'http://127.0.0.1:8899' }]`. */
  networks: readonly WalletConnectTestWalletSolanaNetwork[]
}

/** The Wallet Standard names of the public clusters by CAIP-2 id; any other cluster is `solana:localnet`. */
const CLUSTERS: Record<string, SolanaChain> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}
const clusterOf = (id: string): SolanaChain => CLUSTERS[id] ?? 'solana:localnet'

/** A request the wallet cannot answer: WalletConnect's "invalid params" (-32602) or "user rejected" (5000). */
export class WalletConnectSolanaRequestError extends Error {
  override name = 'WalletConnectSolanaRequestError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export type WalletConnectSolanaSide = Awaited<ReturnType<typeof createWalletConnectSolanaSide>>

export async function createWalletConnectSolanaSide(options: WalletConnectTestWalletSolanaOptions) {
  if (!options.networks.length) throw new TypeError('solana.networks: at least one')
  const chains = [...new Set(options.networks.map((n) => clusterOf(n.id)))]
  const wallet = await createSolanaTestWallet({
    secretKey: options.secretKey,
    chains,
    rpcUrls: Object.fromEntries(options.networks.map((n) => [clusterOf(n.id), n.rpcUrl])),
  })
  const ids = options.networks.map((n) => n.id)
  const toBase58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
  const toBase64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
  /** Bytes of a base58 or base64 string parameter. */
  const bytesOf = (value: unknown, encoding: 'base58' | 'base64', what: string) => {
    if (typeof value !== 'string')
      throw new WalletConnectSolanaRequestError(-32602, `${what} must be a ${encoding} string`)
    return Uint8Array.from((encoding === 'base58' ? getBase58Encoder() : getBase64Encoder()).encode(value))
  }

  return {
    wallet,
    /** The namespace it offers `buildApprovedNamespaces`. */
    supportedNamespace: () => ({
      chains: ids,
      methods: [...WALLETCONNECT_TEST_WALLET_SOLANA_METHODS],
      events: [] as string[],
      accounts: ids.map((id) => `${id}:${wallet.address}`),
    }),
    /** Answers one `solana_*` request from `origin` on the cluster `chainId` (CAIP-2). */
    async request(origin: string, chainId: string, method: string, params: unknown): Promise<unknown> {
      if (!ids.includes(chainId as never))
        throw new WalletConnectSolanaRequestError(-32602, `The wallet has no Solana cluster ${chainId}`)
      const p = (params ?? {}) as Record<string, unknown>
      const account = wallet.account
      const chain = clusterOf(chainId)
      try {
        switch (method) {
          case 'solana_signMessage': {
            if (p.pubkey !== undefined && p.pubkey !== wallet.address)
              throw new WalletConnectSolanaRequestError(-32602, `${String(p.pubkey)} is not the wallet's account`)
            const message = bytesOf(p.message, 'base58', 'message')
            const [out] = (await wallet.request(origin, 'solana:signMessage', [{ account, message }])) as {
              signature: Uint8Array
            }[]
            return { signature: toBase58(out!.signature) }
          }
          case 'solana_signTransaction': {
            const transaction = bytesOf(p.transaction, 'base64', 'transaction')
            const [out] = (await wallet.request(origin, 'solana:signTransaction', [
              { account, chain, transaction },
            ])) as { signedTransaction: Uint8Array }[]
            const signed = getTransactionDecoder().decode(out!.signedTransaction)
            const signature = signed.signatures[wallet.address]
            if (!signature) throw new WalletConnectSolanaRequestError(-32602, 'The transaction has no signature slot')
            return {
              signature: toBase58(signature),
              transaction: toBase64(out!.signedTransaction),
            }
          }
          case 'solana_signAndSendTransaction': {
            const transaction = bytesOf(p.transaction, 'base64', 'transaction')
            const options = (p.sendOptions ?? {}) as Record<string, unknown>
            const [out] = (await wallet.request(origin, 'solana:signAndSendTransaction', [
              { account, chain, transaction, options },
            ])) as { signature: Uint8Array }[]
            return { signature: toBase58(out!.signature) }
          }
          default:
            throw new WalletConnectSolanaRequestError(-32601, `The wallet does not answer ${method}`)
        }
      } catch (error) {
        if (error instanceof WalletConnectSolanaRequestError) throw error
        if (wallet.rejecting) throw new WalletConnectSolanaRequestError(5000, 'User rejected.')
        throw new WalletConnectSolanaRequestError(-32000, (error as Error)?.message ?? String(error))
      }
    },
  }
}

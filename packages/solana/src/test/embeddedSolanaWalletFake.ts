// Test-only (not shipped): a named fake of the embedded wallet's Solana part (what `EmbeddedWallet.loadSolana` gives). The real one
// asks the secure frame, which is a browser app on its own origin (its Solana requests are tested in apps/frame
// against the stand-in, and end to end in e2e/embedded-solana.spec.ts). This one signs with a real ed25519 key
// (kit) and sends to the chain's RPC, after the checks the frame makes first: a chain it knows, and a transaction
// that decodes whole and asks this account to sign.
import { UserRejectedRequestError } from '@foyer/core'
import type { EmbeddedSolanaWallet } from '@foyer/core/internal'
import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  getBase58Decoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type KeyPairSigner,
  partiallySignTransaction,
  signBytes,
} from '@solana/kit'

export type EmbeddedSolanaRequest = {
  method: 'signMessage' | 'signTransaction' | 'signAndSendTransaction'
  chain?: string
}

export type EmbeddedSolanaWalletFake = {
  wallet: EmbeddedSolanaWallet
  /** Every request the site made, in order. */
  requests: EmbeddedSolanaRequest[]
  /** The person signs in (on the EVM side): the address is known and watchers hear of it. */
  signIn(): void
  /** The person signs out (here or in the frame): watchers hear undefined. */
  signOut(): void
  /** The person declines the next request in the approval screen. */
  rejectNext(): void
  readonly address: string
}

/**
 * `secretKey`: the account's 64-byte key, base58; `rpcUrls`: the chains it sends on by CAIP-2 id, with their RPC;
 * `signsOn`: chains it knows without an RPC (the public clusters, whose RPC the server keeps from the frame), where
 * it signs but does not send.
 */
export async function embeddedSolanaWalletFake(options: {
  secretKey: string
  rpcUrls: Record<string, string>
  signsOn?: readonly string[]
}): Promise<EmbeddedSolanaWalletFake> {
  const signer: KeyPairSigner = await createKeyPairSignerFromBytes(getBase58Encoder().encode(options.secretKey))
  const watchers = new Set<(address: string | undefined) => void>()
  const requests: EmbeddedSolanaRequest[] = []
  let signedIn = false
  let reject = false

  const approve = (request: EmbeddedSolanaRequest) => {
    requests.push(request)
    if (!signedIn) throw new Error('The embedded wallet has no Solana account')
    if (reject) {
      reject = false
      throw new UserRejectedRequestError()
    }
  }
  const rpcFor = (chain: string) => {
    const url = options.rpcUrls[chain]
    if (!url) throw new Error(`Unknown chain ${chain}`)
    return createSolanaRpc(url)
  }
  const decodeForThisAccount = (bytes: Uint8Array) => {
    const transaction = getTransactionDecoder().decode(bytes)
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts)
    if (!signers.includes(signer.address)) throw new Error('The transaction does not ask this wallet to sign')
    return transaction
  }
  const sign = async (chain: string, bytes: Uint8Array) => {
    if (!options.signsOn?.includes(chain)) rpcFor(chain)
    return partiallySignTransaction([signer.keyPair], decodeForThisAccount(bytes))
  }

  const wallet: EmbeddedSolanaWallet = {
    getSolanaAddress: () => (signedIn ? signer.address : undefined),
    watchSolanaAddress(onChange) {
      const watcher = (address: string | undefined) => onChange(address)
      watchers.add(watcher)
      return () => void watchers.delete(watcher)
    },
    async signSolanaMessage({ message }) {
      approve({ method: 'signMessage' })
      return { signature: getBase58Decoder().decode(await signBytes(signer.keyPair.privateKey, message)) }
    },
    async signSolanaTransaction({ chain, transaction }) {
      approve({ method: 'signTransaction', chain })
      const signed = await sign(chain, transaction)
      return {
        signature: getSignatureFromTransaction(signed),
        transaction: Uint8Array.from(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64')),
      }
    },
    async signAndSendSolanaTransaction({ chain, transaction, sendOptions }) {
      approve({ method: 'signAndSendTransaction', chain })
      const signed = await sign(chain, transaction)
      const signature = await rpcFor(chain)
        .sendTransaction(getBase64EncodedWireTransaction(signed), {
          encoding: 'base64',
          ...(sendOptions?.preflightCommitment ? { preflightCommitment: sendOptions.preflightCommitment } : {}),
        })
        .send()
      return { signature }
    },
  }
  const tell = () => {
    for (const watcher of [...watchers]) watcher(wallet.getSolanaAddress())
  }
  return {
    wallet,
    requests,
    signIn() {
      signedIn = true
      tell()
    },
    signOut() {
      signedIn = false
      tell()
    },
    rejectNext() {
      reject = true
    },
    get address() {
      return signer.address
    },
  }
}

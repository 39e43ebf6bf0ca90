/**
 * Building and sending transfers: SOL with the System program, SPL tokens with `transferChecked` (Token or
 * Token-2022, whichever owns the mint). A lazy chunk: it follows a click in Send, never a page load.
 */
import type { CaipNetwork } from '@foyer/core'
import type { EmbeddedSolanaWallet } from '@foyer/core/internal'
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { type MintFacts, readMint, TOKEN_2022_PROGRAM } from '../account/mintAccount.ts'
import { SolanaWalletFeatureNotSupportedError, toFoyerError } from '../errors/solanaErrors.ts'
import { solanaDevnet, solanaMainnet, solanaTestnet, walletStandardChain } from '../networks/solanaNetworks.ts'
import { type SolanaRpc, solanaRpc } from '../rpc/solanaRpc.ts'

/** Solana's base fee per signature, in lamports (the same on every cluster; priority fees are extra). */
export const LAMPORTS_PER_SIGNATURE = 5000n

/** Bytes of an associated token account: Token's 165, Token-2022's 170 (its account type and immutable-owner mark). */
const TOKEN_ACCOUNT_SIZE = 165n
const TOKEN_2022_ACCOUNT_SIZE = 170n

/**
 * Who pays for and signs a transfer: the account's address, and how its compiled transaction (wire bytes, this
 * account the fee payer and only signer) is signed and sent on a network; resolves to the signature (base58). A
 * decline is core's `UserRejectedRequestError`.
 */
export type SolanaSender = {
  address: string
  signAndSend(network: CaipNetwork, transaction: Uint8Array): Promise<string>
}

const exists = async (rpc: SolanaRpc, account: Address) =>
  (await rpc.getAccountInfo(account, { encoding: 'base64' }).send()).value !== null

const associatedTokenAccount = async (owner: Address, mint: MintFacts) =>
  (await findAssociatedTokenPda({ owner, mint: mint.mint, tokenProgram: mint.tokenProgram }))[0]

/** Sends `amount` lamports from the connected account to `to`; resolves to the signature (base58). */
export async function sendSol(
  sender: SolanaSender,
  parameters: { network: CaipNetwork; to: string; amount: bigint },
): Promise<string> {
  const from = address(sender.address)
  const instruction = getTransferSolInstruction({
    source: createNoopSigner(from),
    destination: address(parameters.to),
    amount: lamports(parameters.amount),
  })
  return compileAndSend(sender, parameters.network, [instruction])
}

/**
 * Sends `amount` base units of the token (`mint`) from the connected account's associated token account to the
 * receiver's, creating the receiver's (idempotently, paid by the sender) in the same transaction when it is missing.
 */
export async function sendToken(
  sender: SolanaSender,
  parameters: { network: CaipNetwork; mint: string; to: string; amount: bigint },
): Promise<string> {
  const rpc = solanaRpc(parameters.network)
  const from = address(sender.address)
  const to = address(parameters.to)
  const mint = await readMint(rpc, parameters.mint)
  const [source, destination] = await Promise.all([
    associatedTokenAccount(from, mint),
    associatedTokenAccount(to, mint),
  ])
  const payer = createNoopSigner(from)
  const instructions: Instruction[] = []
  if (!(await exists(rpc, destination)))
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: destination,
        owner: to,
        mint: mint.mint,
        tokenProgram: mint.tokenProgram,
      }),
    )
  instructions.push(
    getTransferCheckedInstruction(
      { source, mint: mint.mint, destination, authority: payer, amount: parameters.amount, decimals: mint.decimals },
      { programAddress: mint.tokenProgram },
    ),
  )
  return compileAndSend(sender, parameters.network, instructions)
}

/**
 * A transfer's network fee in lamports: the signature fee (one signer), plus the rent-exempt deposit of the
 * receiver's token account when a token transfer has to create it.
 */
export async function estimateTransferFee(parameters: {
  network: CaipNetwork
  to: string
  tokenAddress?: string
}): Promise<bigint> {
  if (!parameters.tokenAddress) return LAMPORTS_PER_SIGNATURE
  const rpc = solanaRpc(parameters.network)
  const mint = await readMint(rpc, parameters.tokenAddress)
  const destination = await associatedTokenAccount(address(parameters.to), mint)
  if (await exists(rpc, destination)) return LAMPORTS_PER_SIGNATURE
  const size = mint.tokenProgram === TOKEN_2022_PROGRAM ? TOKEN_2022_ACCOUNT_SIZE : TOKEN_ACCOUNT_SIZE
  const rent = await rpc.getMinimumBalanceForRentExemption(size).send()
  return LAMPORTS_PER_SIGNATURE + rent
}

/** Compiles the instructions into a v0 transaction paid by the sender, on the network's latest blockhash, and sends it. */
async function compileAndSend(
  sender: SolanaSender,
  network: CaipNetwork,
  instructions: Instruction[],
): Promise<string> {
  const rpc = solanaRpc(network)
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(sender.address), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return sender.signAndSend(network, Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message))))
}

/**
 * A Wallet Standard wallet's account as the sender: the wallet signs and sends (`solana:signAndSendTransaction`), or
 * signs (`solana:signTransaction`) for the adapter to send over the network's RPC.
 */
export function walletStandardSender(wallet: Wallet, account: WalletAccount): SolanaSender {
  return {
    address: account.address,
    async signAndSend(network, transaction) {
      const chain = walletStandardChain(network)
      const features = wallet.features as Partial<SolanaSignAndSendTransactionFeature & SolanaSignTransactionFeature>
      try {
        const signAndSendFeature = features[SolanaSignAndSendTransaction]
        if (signAndSendFeature) {
          const [output] = await signAndSendFeature.signAndSendTransaction({
            account,
            chain,
            transaction,
            options: { preflightCommitment: 'confirmed' },
          })
          return getBase58Decoder().decode(output.signature)
        }
        const signFeature = features[SolanaSignTransaction]
        if (signFeature) {
          const [output] = await signFeature.signTransaction({ account, chain, transaction })
          return await sendSigned(network, output.signedTransaction)
        }
      } catch (error) {
        throw toFoyerError(error)
      }
      throw new SolanaWalletFeatureNotSupportedError({ feature: SolanaSignAndSendTransaction, wallet: wallet.name })
    },
  }
}

/** Sends a signed transaction (wire bytes) over the network's RPC; resolves to its signature (base58). */
function sendSigned(network: CaipNetwork, signed: Uint8Array): Promise<string> {
  const wire = getBase64Decoder().decode(signed) as Parameters<SolanaRpc['sendTransaction']>[0]
  return solanaRpc(network).sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send()
}

/** The public clusters: the Foyer server keeps their RPC URLs from browsers, the secure frame's included. */
const PUBLIC_CLUSTERS: readonly string[] = [solanaMainnet.id, solanaDevnet.id, solanaTestnet.id]

/**
 * The embedded wallet's account as the sender. The frame signs and sends over the RPC its server names for the chain
 * (`signAndSendSolanaTransaction` on the network's CAIP-2 id); on a public cluster, whose RPC URL the server keeps
 * secret, the frame signs (`signSolanaTransaction`) and the adapter sends over the network's RPC, as for a wallet
 * that only signs. Either way the person approves once, in the frame.
 */
export function embeddedSolanaSender(wallet: EmbeddedSolanaWallet, address: string): SolanaSender {
  return {
    address,
    async signAndSend(network, transaction) {
      try {
        if (PUBLIC_CLUSTERS.includes(network.id))
          return await sendSigned(
            network,
            (await wallet.signSolanaTransaction({ chain: network.id, transaction })).transaction,
          )
        const { signature } = await wallet.signAndSendSolanaTransaction({
          chain: network.id,
          transaction,
          sendOptions: { preflightCommitment: 'confirmed' },
        })
        return signature
      } catch (error) {
        throw toFoyerError(error)
      }
    },
  }
}

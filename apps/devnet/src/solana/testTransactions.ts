/**
 * Transactions as tests build them against the stand-in, with kit and the System program as a site would: one a dev
 * key signs and sends, and a dapp's transaction for a wallet to sign (its fee payer named by address only).
 */
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/** A System-program SOL transfer; `from` as an address only when a wallet will sign for it. */
export function solTransfer(from: KeyPairSigner | string, to: string, amount: bigint): Instruction {
  const source = typeof from === 'string' ? createNoopSigner(address(from)) : from
  return getTransferSolInstruction({ source, destination: address(to), amount: lamports(amount) })
}

/** Signs `instructions` with `payer` (and every signer they name) on the latest blockhash and sends them. */
export async function signAndSend(rpcUrl: string, payer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
  const rpc = createSolanaRpc(rpcUrl)
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
}

/** A dapp's transaction for a wallet to sign: `feePayer` pays, no signature yet; its wire bytes. */
export async function unsignedTransaction(
  rpcUrl: string,
  feePayer: string,
  instructions: Instruction[],
): Promise<Uint8Array> {
  const { value: blockhash } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(feePayer) as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return Uint8Array.from(getTransactionEncoder().encode(compileTransaction(message)))
}

/** Transactions: signed by the wallet's account on the selected chain, and sent to its node or returned signed. */
import type { TransactionSerializable } from 'viem'
import { invalidParams } from '../../errors.ts'
import { walletClientFor } from '../node/nodeRpc.ts'
import { toViemTransaction } from '../params/transaction.ts'
import type { MethodHandler } from './methodHandler.ts'

const signOrSendTransaction: MethodHandler = async (wallet, { origin, method, params }) => {
  const tx = params[0]
  if (!tx || typeof tx !== 'object') throw invalidParams(`${method} expects [transaction]`)
  const t = tx as Record<string, unknown>
  wallet.requireAuthorized(origin, t.from)
  if (t.chainId !== undefined && t.chainId !== null && Number(t.chainId) !== wallet.chainId)
    throw invalidParams(`transaction chainId ${Number(t.chainId)} does not match the active chain ${wallet.chainId}`)
  wallet.prompt('transaction')
  const request = toViemTransaction(t)
  const client = walletClientFor(wallet.account, wallet.currentChain())
  if (method === 'eth_sendTransaction') return client.sendTransaction(request as never)
  const prepared = await client.prepareTransactionRequest(request as never)
  return wallet.account.signTransaction(prepared as TransactionSerializable)
}

export const transactionMethods = {
  eth_sendTransaction: signOrSendTransaction,
  eth_signTransaction: signOrSendTransaction,
}

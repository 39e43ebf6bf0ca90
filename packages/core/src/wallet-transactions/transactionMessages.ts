import type { ChainAdapter } from '../adapter/adapter.ts'
import { FoyerError } from '../errors/base.ts'
import { ChainAdapterNotFoundError } from '../errors/errors.ts'
import { type BaseMessageKey, isBaseMessageKey } from '../locale/locale.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import type { SnackbarMessage } from '../snackbar/snackbar.ts'

/** What the sending actions need of a Foyer client: the site's chain adapters. */
export type AdapterHolder = { options: { adapters: readonly ChainAdapter[] } }

/** The adapter that signs for the network, when it can send transactions (EVM adapters can; see ChainAdapter). */
export function sendingAdapter(
  client: AdapterHolder,
  network: CaipNetwork,
): Required<Pick<ChainAdapter, 'sendTransaction' | 'writeContract' | 'waitForReceipt'>> & ChainAdapter {
  const adapter = client.options.adapters.find((a) => a.namespace === network.chainNamespace)
  if (!adapter?.sendTransaction || !adapter.writeContract || !adapter.waitForReceipt)
    throw new ChainAdapterNotFoundError({ namespace: network.chainNamespace })
  return adapter as ReturnType<typeof sendingAdapter>
}

/** True when the site's adapter for the network can send transactions (swap and send are hidden otherwise). */
export function canSendTransactions(client: AdapterHolder, network: CaipNetwork): boolean {
  const adapter = client.options.adapters.find((a) => a.namespace === network.chainNamespace)
  return Boolean(adapter?.sendTransaction && adapter.writeContract && adapter.waitForReceipt)
}

/**
 * A wallet's failure as the snackbar shows it: Foyer's own errors by catalogue key (translated), a wallet's or
 * viem's short message as it is, else the step's fallback.
 */
export function walletErrorMessage(error: unknown, fallback: BaseMessageKey): SnackbarMessage {
  if (error instanceof FoyerError && error.messageKey && isBaseMessageKey(error.messageKey))
    return { key: error.messageKey }
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage
  return typeof short === 'string' && short ? { text: short } : { key: fallback }
}

export type TransactionRevertedErrorType = TransactionRevertedError & { name: 'TransactionRevertedError' }
/** A mined transaction that reverted. */
export class TransactionRevertedError extends FoyerError {
  override name = 'TransactionRevertedError'
  constructor({ hash }: { hash: string }) {
    super('Transaction error', { messageKey: 'snackbar.transactionError', details: `Transaction ${hash} reverted` })
  }
}

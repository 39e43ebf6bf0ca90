/**
 * The one chunk behind sending, call batches, gas, ERC-20 calls and receipts: they follow a click in a view, never a
 * page load.
 * Receipts always follow a send, so they share its dynamic import instead of having one of their own. That matters
 * on a site whose own wagmi hooks put viem modules with an `import()` of their own in its entry: Rolldown then cannot
 * prove those modules already loaded for a lazy chunk, and splits what the entry shares with each lazy chunk into
 * small chunks fetched at start; one lazy entry fewer is three files fewer on the demo (docs/performance.md).
 */
export { waitForReceipt } from '../receipt/waitForReceipt.ts'
export { sendAtomicCalls, supportsAtomicBatch } from './callBatches.ts'
export {
  estimateTokenCallGas,
  estimateTransactionGas,
  readGasPrice,
  sendWalletTransaction,
  writeTokenCall,
} from './walletTransactions.ts'

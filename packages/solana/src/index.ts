// Public API of @foyer/solana. `api-report.txt` lists the export names of the built package.
export { type SolanaAdapter, type SolanaAdapterParameters, solanaAdapter } from './adapter/solanaAdapter.ts'
export {
  isSolanaUserRejection,
  SolanaMintNotFoundError,
  type SolanaMintNotFoundErrorType,
  SolanaTransactionTimeoutError,
  type SolanaTransactionTimeoutErrorType,
  SolanaWalletFeatureNotSupportedError,
  type SolanaWalletFeatureNotSupportedErrorType,
} from './errors/solanaErrors.ts'
export {
  SOL,
  type SolanaLocalnetParameters,
  solanaChainReference,
  solanaDevnet,
  solanaLocalnet,
  solanaMainnet,
  solanaTestnet,
} from './networks/solanaNetworks.ts'
export type { SolanaReceipt, WaitForSignatureOptions } from './receipt/waitForSignature.ts'

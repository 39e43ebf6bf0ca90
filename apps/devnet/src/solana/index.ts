/** The Solana JSON-RPC stand-in (LiteSVM) and the Solana dev keys. */
export {
  LAMPORTS_PER_SOL,
  SOLANA_DEV_ACCOUNT_SOL,
  SOLANA_DEV_MINTS,
  SOLANA_DEV_TOKEN_AMOUNT,
  type SolanaDevMint,
} from './genesis.ts'
export { type SolanaDevKey, solanaDevAccounts, solanaDevKeys, solanaDevPath } from './keys.ts'
export { DEFAULT_SOLANA_RPC_PORT, DEFAULT_SOLANA_WS_PORT, solanaRpcPort, solanaWsPort } from './port.ts'
export {
  describeSolanaStandIn,
  SOLANA_STAND_IN_NAME,
  type SolanaStandIn,
  type SolanaStandInAccount,
  type SolanaStandInDescription,
  type SolanaStandInOptions,
  startSolanaStandIn,
} from './server.ts'
export { SOLANA_STAND_IN_GENESIS_HASH } from './standInGenesis.ts'
export { signAndSend, solTransfer, unsignedTransaction } from './testTransactions.ts'

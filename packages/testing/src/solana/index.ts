/**
 * `@foyer/testing/solana`: the Solana test wallet. Its Node half (Wallet Standard features over one dev key) works
 * without a browser; `installSolanaTestWallet` puts it into Playwright pages as a registered Wallet Standard wallet.
 */
export { SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from '../accounts.ts'
export {
  type SolanaRequestError,
  SolanaTestWalletError,
  type SolanaTestWalletErrorCode,
} from './errors.ts'
export {
  type InstalledSolanaTestWallet,
  installSolanaTestWallet,
  type SolanaTestWalletInstallOptions,
} from './playwright.ts'
export {
  createSolanaTestWallet,
  SOLANA_ACCOUNT_FEATURES,
  SOLANA_CHAINS,
  SOLANA_DEVNET_CHAIN,
  SOLANA_LOCALNET_CHAIN,
  SOLANA_MAINNET_CHAIN,
  SOLANA_TEST_WALLET_FEATURES,
  SOLANA_TEST_WALLET_NAME,
  SOLANA_TESTNET_CHAIN,
  type SolanaChain,
  type SolanaChangeSink,
  SolanaTestWallet,
  type SolanaTestWalletFeatures,
  type SolanaTestWalletOptions,
  type SolanaTestWalletRequest,
  type SolanaTestWalletView,
} from './solanaTestWallet.ts'

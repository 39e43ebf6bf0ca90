/** The devnet's ERC-4337 parts: canonical contracts, the verifying paymaster's data, and the bundler. */

export {
  type BundlerOptions,
  bundlerPort,
  bundlerUrl,
  DEFAULT_BUNDLER_PORT,
  type RunningBundler,
  startBundler,
} from './bundler.ts'
export {
  AA_ACCOUNT_INDEX,
  bundlerExecutorAccount,
  bundlerUtilityAccount,
  CREATE2_DEPLOYER,
  ENTRY_POINT_V08,
  PAYMASTER_DEPOSIT,
  paymasterDeployment,
  SIMPLE_7702_ACCOUNT_V08,
  SIMPLE_ACCOUNT_FACTORY_V08,
  sponsorAccount,
} from './contracts.ts'
export { type AccountAbstractionContracts, installAccountAbstraction } from './deploy.ts'
export {
  decodePaymasterData,
  encodePaymasterAndData,
  encodePaymasterData,
  PAYMASTER_DATA_LENGTH,
  PAYMASTER_POST_OP_GAS_LIMIT,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  type PaymasterFields,
  paymasterHash,
  paymasterStubFields,
  type SponsoredUserOperation,
  type SponsorshipWindow,
  signSponsorship,
} from './paymaster.ts'

/**
 * @foyer/devnet — the local chains and the whole local stack.
 * Readers of the generated devnet file (server, demo, tests, bench) need only readDevnet and the types.
 */

export {
  AA_ACCOUNT_INDEX,
  type AccountAbstractionContracts,
  type BundlerOptions,
  bundlerPort,
  bundlerUrl,
  DEFAULT_BUNDLER_PORT,
  ENTRY_POINT_V08,
  installAccountAbstraction,
  type RunningBundler,
  SIMPLE_7702_ACCOUNT_V08,
  SIMPLE_ACCOUNT_FACTORY_V08,
  sponsorAccount,
  startBundler,
} from './account-abstraction/index.ts'
export { DEV_MNEMONIC, type DevAccount, devAccountAt, devAccounts } from './accounts.ts'
export {
  anvilBinaryPath,
  type ChainSpec,
  devnetChainSpecs,
  type RunningChain,
  startChain,
  startChains,
} from './chains.ts'
export { demoSocialLogin, demoSocialProject } from './demoSocialProject.ts'
export { type DeployedChain, type DeployedContracts, type DeployOptions, deployChain } from './deploy.ts'
export { type DevnetOptions, type RunningDevnet, startDevnet } from './devnet.ts'
export {
  type ChainAccountAbstraction,
  DEFAULT_DEVNET_FILE,
  type DevnetAccount,
  type DevnetChain,
  type DevnetInfo,
  type DevnetNft,
  type DevnetOnrampSandbox,
  type DevnetToken,
  devnetFilePath,
  readDevnet,
  writeDevnet,
} from './devnet-file.ts'
export { DEV_FUNDING, MARKETS, type Market, marketFor, poolReserves } from './market.ts'
export {
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  type OidcStandIn,
  type OidcStandInOptions,
  oidcStandInPort,
  STAND_IN_USERS,
  type StandInClient,
  type StandInConsent,
  StandInCookieJar,
  type StandInSignIn,
  StandInSignInError,
  type StandInUser,
  type StandInUserId,
  signInWithStandIn,
  socialCallbackUrl,
  standInUsersFor,
  startOidcStandIn,
} from './oidc/index.ts'
export {
  type OnrampSandbox,
  type OnrampSandboxOptions,
  SANDBOX_PROVIDER_ID,
  startOnrampSandbox,
  TEST_CARDS,
  treasuryAccount,
} from './onramp-sandbox/sandbox.ts'
export {
  SIGNATURE_HEADER as ONRAMP_SIGNATURE_HEADER,
  signWebhook as signOnrampWebhook,
  type WebhookEvent as OnrampSandboxWebhookEvent,
} from './onramp-sandbox/webhook.ts'
export { PortInUseError } from './ports.ts'
export {
  type DemoMode,
  type Stack,
  type StackOptions,
  type StackPorts,
  type StackUrls,
  stackPorts,
  startStack,
} from './stack.ts'

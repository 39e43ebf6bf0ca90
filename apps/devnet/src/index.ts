/**
 * @foyer/devnet — the local chains and the whole local stack.
 * Readers of the generated devnet file (server, demo, tests, bench) need only readDevnet and the types.
 */
export {
  readDevnet,
  writeDevnet,
  devnetFilePath,
  DEFAULT_DEVNET_FILE,
  type DevnetInfo,
  type DevnetChain,
  type DevnetToken,
  type DevnetNft,
  type DevnetAccount,
} from './devnet-file.ts'
export { startStack, stackPorts, type Stack, type StackOptions, type StackUrls, type StackPorts, type DemoMode } from './stack.ts'
export { startDevnet, type DevnetOptions, type RunningDevnet } from './devnet.ts'
export { startChain, startChains, devnetChainSpecs, anvilBinaryPath, type ChainSpec, type RunningChain } from './chains.ts'
export { deployChain, type DeployedChain, type DeployedContracts, type DeployOptions } from './deploy.ts'
export { devAccounts, DEV_MNEMONIC, type DevAccount } from './accounts.ts'
export { MARKETS, DEV_FUNDING, poolReserves, marketFor, type Market } from './market.ts'
export { PortInUseError } from './ports.ts'

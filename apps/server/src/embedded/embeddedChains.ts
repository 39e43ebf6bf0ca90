import type { EmbeddedChain } from '@foyer/core/protocol'
import type { ChainConfig } from '../config.ts'

/**
 * The chains as the frame sees them (`GET /v1/embedded/config`): each chain's RPC, and its smart-account support
 * (bundler, EntryPoint, the EIP-7702 implementation, whether the project sponsors its gas) only where a bundler runs and Simple7702Account is deployed.
 */
export function embeddedChains(chains: readonly ChainConfig[], sponsored: readonly number[] = []): EmbeddedChain[] {
  return chains.map(({ id, name, rpcUrl, nativeSymbol, accountAbstraction: aa }) => ({
    id,
    name,
    rpcUrl,
    nativeSymbol,
    ...(aa?.bundlerUrl && aa.simple7702Account
      ? {
          smartAccount: {
            bundlerUrl: aa.bundlerUrl,
            entryPoint: aa.entryPoint,
            implementation: aa.simple7702Account,
            sponsored: sponsored.includes(id),
          },
        }
      : {}),
  }))
}

/**
 * Call batches through the connected wallet (EIP-5792): whether it runs them atomically on a chain, and sending one
 * atomic batch and waiting until it lands. Part of the sending chunk: it follows a click in the swap view, never a page
 * load.
 */
import type { CaipNetwork } from '@foyer/core'
import { type AdapterCallsResult, RECEIPT_TIMEOUT_MS } from '@foyer/core/internal'
import { type Config, getCapabilities, sendCalls, waitForCallsStatus } from '@wagmi/core'
import type { Address, Hex } from 'viem'
import { toFoyerError } from '../errors/walletErrors.ts'
import { evmChainId } from '../networks/evmNetworks.ts'

/** True when the wallet reports the `atomic` capability as `supported` or `ready` for the network's chain. */
export async function supportsAtomicBatch(config: Config, network: CaipNetwork): Promise<boolean> {
  try {
    const capabilities = (await getCapabilities(config, { chainId: evmChainId(network) })) as
      | { atomic?: { status?: string } }
      | undefined
    const status = capabilities?.atomic?.status
    return status === 'supported' || status === 'ready'
  } catch {
    return false
  }
}

/** Sends the calls as one batch the wallet must run atomically, and waits for its final status. */
export async function sendAtomicCalls(
  config: Config,
  parameters: { network: CaipNetwork; calls: { to: string; data?: Hex; value?: bigint }[] },
): Promise<AdapterCallsResult> {
  try {
    const { id } = await sendCalls(config, {
      chainId: evmChainId(parameters.network),
      forceAtomic: true,
      experimental_fallback: false,
      calls: parameters.calls.map((call) => ({
        to: call.to as Address,
        ...(call.data && { data: call.data }),
        ...(call.value !== undefined && { value: call.value }),
      })),
    })
    const result = await waitForCallsStatus(config, { id, timeout: RECEIPT_TIMEOUT_MS, pollingInterval: 1_000 })
    return {
      status: result.status === 'success' ? 'success' : 'failure',
      atomic: Boolean(result.atomic),
      receipts: (result.receipts ?? []).map((r) => ({ status: r.status, transactionHash: r.transactionHash })),
    }
  } catch (error) {
    throw toFoyerError(error)
  }
}

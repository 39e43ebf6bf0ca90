import { type CaipNetwork, UserRejectedRequestError } from '@foyer/core'
import type { Config, ProviderNotFoundError, switchChain, Connector as WagmiConnector } from '@wagmi/core'
import type { AddEthereumChainParameter, EIP1193Provider, numberToHex } from 'viem'
import { isSwitchNotSupportedError, isUnknownChainError, toFoyerError } from '../errors/walletErrors.ts'
import type { evmChainId } from './evmNetworks.ts'

/**
 * What the switch uses of wagmi, viem and the adapter's network helpers, handed over by the adapter from the page's
 * entry: this chunk importing them itself made the bundler split modules the entry shares with it into start-up
 * chunks (four more files before any click).
 */
export type SwitchTools = {
  switchChain: typeof switchChain
  numberToHex: typeof numberToHex
  ProviderNotFoundError: typeof ProviderNotFoundError
  evmChainId: typeof evmChainId
}

/**
 * Moves the wallet (or, with none connected, wagmi's default chain) to `network`: through wagmi when its config
 * lists the chain, else by asking the wallet directly. A chunk of its own: a switch follows a click in a view, never
 * a page load.
 */
export async function switchWalletNetwork(config: Config, network: CaipNetwork, tools: SwitchTools): Promise<void> {
  const { switchChain } = tools
  const chainId = tools.evmChainId(network)
  const isConfigured = config.chains.some((c) => c.id === chainId)
  const current = config.state.current ? config.state.connections.get(config.state.current) : undefined
  if (!current) {
    // Not connected: only wagmi's default chain moves (when wagmi knows the chain).
    if (isConfigured) await switchChain(config, { chainId })
    return
  }
  if (current.chainId === chainId) return
  try {
    if (!isConfigured) return await switchThroughProvider(current.connector, network, tools)
    try {
      const { chainId: _, ...addEthereumChainParameter } = toAddEthereumChainParameter(network, tools)
      await switchChain(config, { chainId, addEthereumChainParameter })
    } catch (error) {
      if (toFoyerError(error) instanceof UserRejectedRequestError) throw error
      if (!isUnknownChainError(error) && !isSwitchNotSupportedError(error)) throw error
      await switchThroughProvider(current.connector, network, tools)
    }
  } catch (error) {
    throw toFoyerError(error)
  }
}

/**
 * Asks the wallet directly (EIP-3326), adding the chain first when it answers 4902 (EIP-3085). Used for
 * networks the wagmi config does not list (wagmi refuses those) and when wagmi's own switch could not do it.
 */
async function switchThroughProvider(connector: WagmiConnector, network: CaipNetwork, tools: SwitchTools) {
  const { numberToHex, ProviderNotFoundError } = tools
  const chainId = tools.evmChainId(network)
  const provider = (await connector.getProvider()) as EIP1193Provider | undefined
  if (!provider?.request) throw new ProviderNotFoundError()
  const switchTo = () =>
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
  try {
    await switchTo()
  } catch (error) {
    if (!isUnknownChainError(error)) throw error
    await provider.request({ method: 'wallet_addEthereumChain', params: [toAddEthereumChainParameter(network, tools)] })
    // Most wallets move to a chain as they add it; ask again only when this one did not.
    if ((await connector.getChainId()) !== chainId) await switchTo()
  }
  // Some wallets switch without a `chainChanged` event; tell wagmi (and so the core) what the wallet says now.
  const current = await connector.getChainId()
  if (current === chainId) connector.emitter.emit('change', { chainId })
}

/** The `wallet_addEthereumChain` (EIP-3085) parameter for a network: its RPC, name, native currency, explorer. */
export function toAddEthereumChainParameter(
  network: CaipNetwork,
  { numberToHex, evmChainId }: SwitchTools,
): AddEthereumChainParameter {
  return {
    chainId: numberToHex(evmChainId(network)),
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: [network.rpcUrl],
    ...(network.blockExplorer && { blockExplorerUrls: [network.blockExplorer.url] }),
    ...(network.imageUrl && { iconUrls: [network.imageUrl] }),
  }
}

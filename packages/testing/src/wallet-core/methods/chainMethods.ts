/** The selected chain and the wallet's chain list (EIP-3085, EIP-3326), and watching an asset on it (EIP-747). */
import { invalidParams, WalletErrorCode, WalletRpcError } from '../../errors.ts'
import { parseChainId } from '../params/chainId.ts'
import type { TestWalletChain } from '../types.ts'
import { toHexChainId } from '../walletState.ts'
import type { MethodHandlers } from './methodHandler.ts'

export const chainMethods: MethodHandlers = {
  eth_chainId: (wallet) => toHexChainId(wallet.chainId),
  net_version: (wallet) => String(wallet.chainId),

  async wallet_switchEthereumChain(wallet, { params }) {
    const id = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId)
    if (!wallet.chains.has(id))
      throw new WalletRpcError(
        WalletErrorCode.unrecognizedChain,
        `Unrecognized chain ID "${toHexChainId(id)}". Try adding the chain using wallet_addEthereumChain first.`,
      )
    if (id === wallet.chainId) return null
    wallet.prompt('network switch')
    await wallet.switchChain(id)
    return null
  },
  async wallet_addEthereumChain(wallet, { params }) {
    const p = params[0] as Record<string, unknown> | undefined
    if (!p || typeof p !== 'object') throw invalidParams('wallet_addEthereumChain expects [AddEthereumChainParameter]')
    const id = parseChainId(p.chainId)
    const rpcUrls = p.rpcUrls
    if (!Array.isArray(rpcUrls) || !rpcUrls.length || typeof rpcUrls[0] !== 'string')
      throw invalidParams('rpcUrls must be a non-empty array of URLs')
    try {
      new URL(rpcUrls[0])
    } catch {
      throw invalidParams(`bad rpc URL ${rpcUrls[0]}`)
    }
    const native = p.nativeCurrency as TestWalletChain['nativeCurrency'] | undefined
    if (
      native !== undefined &&
      (typeof native !== 'object' || typeof native.symbol !== 'string' || typeof native.decimals !== 'number')
    )
      throw invalidParams('nativeCurrency must be { name, symbol, decimals }')
    wallet.prompt('request to add a network')
    if (!wallet.chains.has(id))
      wallet.chains.set(id, {
        id,
        rpcUrl: rpcUrls[0],
        name: typeof p.chainName === 'string' ? p.chainName : undefined,
        nativeCurrency: native,
      })
    if (wallet.switchOnAdd) await wallet.switchChain(id)
    return null
  },

  wallet_watchAsset(wallet) {
    wallet.prompt('request to watch an asset')
    return true
  },
}

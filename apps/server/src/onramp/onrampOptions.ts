import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import {
  ONRAMP_PAYMENT_CURRENCIES,
  ONRAMP_PAYMENT_METHOD_LIMITS,
  type OnrampOptionsResponse,
  type OnrampPurchaseCurrency,
} from '@foyer/core/protocol'
import type { Address, ChainConfig } from '../config.ts'
import { nativeName } from '../prices/priceOracle.ts'

/** A purchasable token on one chain, as a quote needs it. */
export interface OnrampAsset {
  /** The purchase currency id (`ETH`, `fUSD`). */
  id: string
  name: string
  symbol: string
  chain: ChainConfig
  /** Lower-case; NATIVE_TOKEN_ADDRESS_EVM for the native currency. */
  address: Address
  decimals: number
}

/**
 * What a provider may sell on these chains: each chain's native currency and its USD stablecoin (`contracts.usd`,
 * fUSD on the devnet), one purchase currency per symbol with a network per chain.
 */
export function onrampAssets(chains: readonly ChainConfig[]): OnrampAsset[] {
  const assets: OnrampAsset[] = []
  for (const chain of chains) {
    assets.push({
      id: chain.nativeSymbol,
      name: nativeName(chain),
      symbol: chain.nativeSymbol,
      chain,
      address: NATIVE_TOKEN_ADDRESS_EVM as Address,
      decimals: 18,
    })
    const usd = chain.contracts.usd?.toLowerCase()
    const token = usd ? chain.tokens.find((t) => t.address.toLowerCase() === usd) : undefined
    if (token)
      assets.push({
        id: token.symbol,
        name: token.name,
        symbol: token.symbol,
        chain,
        address: token.address.toLowerCase() as Address,
        decimals: token.decimals,
      })
  }
  return assets
}

/** The options answer for these assets, with the payment currencies (USD, EUR) and their card and bank-account limits. */
export function onrampOptionsOf(assets: readonly OnrampAsset[]): OnrampOptionsResponse {
  const purchaseCurrencies: OnrampPurchaseCurrency[] = []
  for (const asset of assets) {
    let currency = purchaseCurrencies.find((c) => c.id === asset.id)
    if (!currency) {
      currency = { id: asset.id, name: asset.name, symbol: asset.symbol, networks: [] }
      purchaseCurrencies.push(currency)
    }
    currency.networks.push({
      name: asset.chain.name,
      chainId: `eip155:${asset.chain.id}`,
      contractAddress: asset.address,
    })
  }
  return {
    purchaseCurrencies,
    paymentCurrencies: ONRAMP_PAYMENT_CURRENCIES.map((id) => ({
      id,
      payment_method_limits: ONRAMP_PAYMENT_METHOD_LIMITS.map((limit) => ({ ...limit })),
    })),
  }
}

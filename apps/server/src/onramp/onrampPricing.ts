import {
  ONRAMP_PAYMENT_CURRENCIES,
  ONRAMP_PAYMENT_METHODS,
  type OnrampPaymentCurrency,
  type OnrampPaymentMethod,
} from '@foyer/core/protocol'
import type { ServerConfig } from '../config.ts'
import { badRequest, serviceUnavailable } from '../http/errors.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { formatCents, PRICE_SCALE, parseCents, parseFixed, priceToFixed } from './money.ts'
import { type OnrampAsset, onrampAssets } from './onrampOptions.ts'
import type { OnrampProviderModule } from './onrampProvider.ts'

/** The figures of a priced purchase, cents of the payment currency and the token's exact amount. */
export interface OnrampFigures {
  provider: OnrampProviderModule
  asset: OnrampAsset
  paymentCurrency: OnrampPaymentCurrency
  paymentMethod: OnrampPaymentMethod
  totalCents: bigint
  providerFeeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  /** In the token's base units. */
  purchaseUnits: bigint
}

const RATE_SCALE = 6

export interface OnrampPricingDeps {
  config: ServerConfig
  prices: PriceOracle
  providers: Map<string, OnrampProviderModule>
}

export type OnrampPricing = ReturnType<typeof createOnrampPricing>

/**
 * The on-ramp's lookups and arithmetic: the provider, asset and payment a request names, the provider's limits, and
 * the figures of a purchase priced from its total (fees included) or from the token amount it buys.
 */
export function createOnrampPricing({ config, prices, providers }: OnrampPricingDeps) {
  const chains = config.chains
  const eurUsd = parseFixed(config.onramp.eurUsd, RATE_SCALE)

  const providerOf = (id: string | undefined): OnrampProviderModule => {
    if (providers.size === 0) throw badRequest('unknown_provider', 'No on-ramp provider is configured on this server')
    const provider = id === undefined ? providers.values().next().value! : providers.get(id)
    if (!provider)
      throw badRequest(
        'unknown_provider',
        `Unknown on-ramp provider "${id}" (this server has ${[...providers.keys()].join(', ')})`,
      )
    return provider
  }

  /**
   * The asset `currency` names on `network` among what `provider` sells. `network` is a CAIP-2 id, a name the
   * operator maps to one (FOYER_ONRAMP_NETWORKS: `ethereum`), or the currency's own symbol (`ETH`), which names a
   * network only when the currency is sold on one chain alone.
   */
  const assetOf = (provider: OnrampProviderModule, currency: string, network: string): OnrampAsset => {
    const offered = provider.describe(chains).supportedChains as string[]
    const assets = onrampAssets(chains.filter((c) => offered.includes(`eip155:${c.id}`)))
    const named = assets.filter((a) => a.id.toLowerCase() === currency.toLowerCase())
    if (named.length === 0)
      throw badRequest(
        'unknown_currency',
        `Unknown purchase currency "${currency}" (${provider.id} sells ${[...new Set(assets.map((a) => a.id))].join(', ') || 'nothing here'})`,
      )
    const sold = named.map((a) => `eip155:${a.chain.id}`).join(', ')
    const chainId = chainIdOf(network, named)
    const asset = named.find((a) => `eip155:${a.chain.id}` === chainId)
    if (!asset)
      throw badRequest(
        'unknown_network',
        `Network ${network}${chainId === network ? '' : ` (${chainId})`} is not one where ${provider.id} sells ${named[0]!.id} (it sells it on ${sold})`,
      )
    return asset
  }

  /** The CAIP-2 id `network` stands for, given the assets the request's currency names (see assetOf). */
  const chainIdOf = (network: string, named: readonly OnrampAsset[]): string => {
    if (network.startsWith('eip155:')) return network
    const mapped = config.onramp.networks[network.toLowerCase()]
    if (mapped) return mapped
    const symbol = network.toLowerCase()
    if (named.some((a) => a.symbol.toLowerCase() === symbol || a.id.toLowerCase() === symbol)) {
      const ids = [...new Set(named.map((a) => `eip155:${a.chain.id}`))]
      if (ids.length === 1) return ids[0]!
      throw badRequest(
        'unknown_network',
        `The network "${network}" is the currency's symbol, and ${named[0]!.id} is sold on several networks here (${ids.join(', ')}): name one by its CAIP-2 id or network name`,
      )
    }
    const names = Object.keys(config.onramp.networks)
    throw badRequest(
      'unknown_network',
      `Unknown network "${network}": send a CAIP-2 chain id such as eip155:${named[0]!.chain.id}${names.length ? ` or one of the network names ${names.join(', ')}` : ''}`,
    )
  }

  const paymentOf = (currency: string | undefined, method: string | undefined) => {
    const paymentCurrency = (currency ?? 'USD').toUpperCase() as OnrampPaymentCurrency
    if (!ONRAMP_PAYMENT_CURRENCIES.includes(paymentCurrency))
      throw badRequest(
        'unknown_payment_currency',
        `Unknown payment currency "${currency}" (accepted: ${ONRAMP_PAYMENT_CURRENCIES.join(', ')})`,
      )
    const paymentMethod = (method ?? 'card') as OnrampPaymentMethod
    if (!ONRAMP_PAYMENT_METHODS.includes(paymentMethod))
      throw badRequest(
        'unknown_payment_method',
        `Unknown payment method "${method}" (accepted: ${ONRAMP_PAYMENT_METHODS.join(', ')})`,
      )
    return { paymentCurrency, paymentMethod }
  }

  /** Refuses a total outside the provider's limits for the currency and method. */
  const checkLimits = (
    provider: OnrampProviderModule,
    totalCents: bigint,
    currency: OnrampPaymentCurrency,
    method: OnrampPaymentMethod,
  ) => {
    const limit = provider
      .options(chains)
      .paymentCurrencies.find((p) => p.id === currency)
      ?.payment_method_limits.find((l) => l.id === method)
    if (!limit)
      throw badRequest('unknown_payment_method', `${provider.id} does not take ${method} payments in ${currency}`)
    const how = method === 'card' ? 'by card' : 'by bank transfer'
    if (totalCents < parseCents(limit.min))
      throw badRequest(
        'amount_below_minimum',
        `The amount must be at least ${limit.min} ${currency} ${how} (got ${formatCents(totalCents)})`,
        { minimum: limit.min, currency, paymentMethod: method },
      )
    if (totalCents > parseCents(limit.max))
      throw badRequest(
        'amount_above_maximum',
        `The amount must be at most ${limit.max} ${currency} ${how} (got ${formatCents(totalCents)})`,
        { maximum: limit.max, currency, paymentMethod: method },
      )
  }

  /** USD per whole token, fixed to PRICE_SCALE decimals, from the pools (the price oracle's fresh read). */
  const priceOf = async (asset: OnrampAsset): Promise<bigint> => {
    const price = await prices.usdPrice(asset.chain, asset.address, { fresh: true })
    const fixed = price === null ? 0n : priceToFixed(price)
    if (fixed === 0n)
      throw serviceUnavailable('price_unavailable', `No pool prices ${asset.symbol} on eip155:${asset.chain.id} now`)
    return fixed
  }

  /** Cents of the payment currency → USD scaled by 10^(2 + RATE_SCALE). */
  const usdScaled = (cents: bigint, currency: OnrampPaymentCurrency) =>
    currency === 'EUR' ? cents * eurUsd : cents * 10n ** BigInt(RATE_SCALE)

  /** Prices a payment of `totalCents` (fees included): what the provider keeps and the token it buys. */
  const priceTotal = async (
    provider: OnrampProviderModule,
    asset: OnrampAsset,
    paymentCurrency: OnrampPaymentCurrency,
    paymentMethod: OnrampPaymentMethod,
    totalCents: bigint,
  ): Promise<OnrampFigures> => {
    checkLimits(provider, totalCents, paymentCurrency, paymentMethod)
    const fees = provider.fees(totalCents, paymentCurrency, paymentMethod)
    const subtotalCents = totalCents - fees.provider - fees.network
    if (subtotalCents <= 0n)
      throw badRequest(
        'amount_below_minimum',
        `The amount does not cover the fees (${formatCents(fees.provider + fees.network)})`,
      )
    const price = await priceOf(asset)
    // units = subtotal (USD) / price × 10^decimals, rounded down.
    const purchaseUnits =
      (usdScaled(subtotalCents, paymentCurrency) * 10n ** BigInt(asset.decimals) * 10n ** BigInt(PRICE_SCALE)) /
      (price * 10n ** BigInt(2 + RATE_SCALE))
    return {
      provider,
      asset,
      paymentCurrency,
      paymentMethod,
      totalCents,
      providerFeeCents: fees.provider,
      networkFeeCents: fees.network,
      subtotalCents,
      purchaseUnits,
    }
  }

  /** The smallest payment whose subtotal (after fees) buys at least `units` of the token. */
  const priceUnits = async (
    provider: OnrampProviderModule,
    asset: OnrampAsset,
    paymentCurrency: OnrampPaymentCurrency,
    paymentMethod: OnrampPaymentMethod,
    units: bigint,
  ): Promise<OnrampFigures> => {
    const price = await priceOf(asset)
    const denominator = paymentCurrency === 'EUR' ? eurUsd : 10n ** BigInt(RATE_SCALE)
    // subtotal cents = ceil(units × price × 100 × 10^RATE / (10^decimals × 10^PRICE × rate))
    const numerator = units * price * 100n * 10n ** BigInt(RATE_SCALE)
    const divisor = 10n ** BigInt(asset.decimals) * 10n ** BigInt(PRICE_SCALE) * denominator
    const subtotal = (numerator + divisor - 1n) / divisor
    let total = subtotal
    for (let i = 0; i < 10_000; i++) {
      const fees = provider.fees(total, paymentCurrency, paymentMethod)
      if (total - fees.provider - fees.network >= subtotal) break
      total = subtotal + fees.provider + fees.network
    }
    checkLimits(provider, total, paymentCurrency, paymentMethod)
    const fees = provider.fees(total, paymentCurrency, paymentMethod)
    return {
      provider,
      asset,
      paymentCurrency,
      paymentMethod,
      totalCents: total,
      providerFeeCents: fees.provider,
      networkFeeCents: fees.network,
      subtotalCents: total - fees.provider - fees.network,
      purchaseUnits: units,
    }
  }

  return { providerOf, assetOf, paymentOf, priceTotal, priceUnits }
}

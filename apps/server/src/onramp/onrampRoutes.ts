import { randomUUID } from 'node:crypto'
import {
  ONRAMP_PAYMENT_CURRENCIES,
  ONRAMP_PAYMENT_METHODS,
  ONRAMP_QUOTE_TTL_SECONDS,
  ONRAMP_SIGNATURE_HEADER,
  OnrampOptionsQuery,
  type OnrampOptionsResponse,
  type OnrampPaymentCurrency,
  type OnrampPaymentMethod,
  type OnrampProvidersResponse,
  type OnrampPurchase,
  OnrampPurchaseParams,
  OnrampQuoteBody,
  type OnrampQuoteResponse,
  OnrampUrlBody,
  type OnrampUrlResponse,
  OnrampWebhookParams,
  type OnrampWebhookResponse,
} from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import { parseUnits } from 'viem'
import type { FoyerApp } from '../app.ts'
import type { ServerConfig } from '../config.ts'
import { readJsonBody } from '../http/body.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest, forbidden, notFound, serviceUnavailable, unauthorized } from '../http/errors.ts'
import { parseRequest } from '../http/validate.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { formatCents, formatUnitsExact, PRICE_SCALE, parseCents, parseFixed, priceToFixed } from './money.ts'
import { type OnrampAsset, onrampAssets } from './onrampOptions.ts'
import type { OnrampProviderModule } from './onrampProvider.ts'
import { createOnrampProviders } from './onrampProviders.ts'
import { type OnrampStore, toOnrampPurchase } from './onrampStore.ts'

export interface OnrampRouteDeps {
  config: ServerConfig
  project: MiddlewareHandler<AppEnv>
  store: OnrampStore
  prices: PriceOracle
  /** The providers (default: from config.onramp). */
  providers?: Map<string, OnrampProviderModule>
  /** Milliseconds since 1970 (tests move the clock). */
  now?: () => number
}

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
/** How long an expired quote is kept (so its use answers 410 rather than 404). */
const QUOTE_KEPT_AFTER_EXPIRY_MS = 24 * 3600 * 1000

/**
 * The on-ramp, behind the provider interface (onrampProvider.ts):
 * - `GET /v1/onramp/providers` → the configured providers and the restricted time zones;
 * - `GET /v1/onramp/options?provider` → purchase currencies (per network) and payment currencies with limits;
 * - `POST /v1/onramp/quote` → fees, subtotal, total and the token amount, stored for 5 minutes;
 * - `POST /v1/generators/onrampurl` → a stored purchase (status `created`) and the provider's checkout URL;
 * - `GET /v1/onramp/purchases/{id}` → the purchase and its status;
 * - `POST /v1/onramp/webhook/{provider}` → the provider's signed status change (no project: the provider calls it).
 * Projects with `features.onramp: false` get 403 `feature_disabled`.
 */
export function registerOnrampRoutes(app: FoyerApp, deps: OnrampRouteDeps) {
  const { config, project, store, prices } = deps
  const providers = deps.providers ?? createOnrampProviders(config.onramp)
  const now = deps.now ?? (() => Date.now())
  const chains = config.chains
  const eurUsd = parseFixed(config.onramp.eurUsd, RATE_SCALE)

  const onrampEnabled: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!effectiveFeatures(c.get('project').features).onramp)
      throw forbidden('feature_disabled', 'The on-ramp is switched off for this project')
    await next()
  }

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

  /** The asset `currency` names on `network` among what `provider` sells. */
  const assetOf = (provider: OnrampProviderModule, currency: string, network: string): OnrampAsset => {
    const offered = provider.describe(chains).supportedChains as string[]
    const assets = onrampAssets(chains.filter((c) => offered.includes(`eip155:${c.id}`)))
    const named = assets.filter((a) => a.id.toLowerCase() === currency.toLowerCase())
    if (named.length === 0)
      throw badRequest(
        'unknown_currency',
        `Unknown purchase currency "${currency}" (${provider.id} sells ${[...new Set(assets.map((a) => a.id))].join(', ') || 'nothing here'})`,
      )
    const asset = named.find((a) => `eip155:${a.chain.id}` === network)
    if (!asset)
      throw badRequest(
        'unknown_network',
        `Network ${network} is not one where ${provider.id} sells ${named[0]!.id} (it sells it on ${named
          .map((a) => `eip155:${a.chain.id}`)
          .join(', ')})`,
      )
    return asset
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

  app.get('/v1/onramp/providers', project, onrampEnabled, (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({
      providers: [...providers.values()].map((p) => p.describe(chains)),
      restrictedTimezones: config.onramp.restrictedTimezones,
    } satisfies OnrampProvidersResponse)
  })

  app.get('/v1/onramp/options', project, onrampEnabled, (c) => {
    const query = parseRequest(OnrampOptionsQuery, c.req.query(), { provider: 'unknown_provider' })
    const provider = providerOf(query.provider)
    c.header('Cache-Control', 'no-store')
    return c.json(provider.options(chains) satisfies OnrampOptionsResponse)
  })

  app.post('/v1/onramp/quote', project, onrampEnabled, async (c) => {
    const body = parseRequest(OnrampQuoteBody, await readJsonBody(c, { require: true }), {
      provider: 'unknown_provider',
      paymentMethod: 'unknown_payment_method',
      purchaseCurrency: 'unknown_currency',
      paymentCurrency: 'unknown_payment_currency',
      network: 'unknown_network',
    })
    const provider = providerOf(body.provider)
    const { paymentCurrency, paymentMethod } = paymentOf(body.paymentCurrency, body.paymentMethod)
    const asset = assetOf(provider, body.purchaseCurrency, body.network)
    const figures = await priceTotal(provider, asset, paymentCurrency, paymentMethod, parseCents(body.amount))
    const quoteId = randomUUID()
    const expiresAt = new Date(now() + ONRAMP_QUOTE_TTL_SECONDS * 1000)
    const row = {
      id: quoteId,
      project_id: c.get('project').id,
      provider: provider.id,
      purchase_currency: asset.id,
      network: `eip155:${asset.chain.id}`,
      payment_currency: paymentCurrency,
      payment_method: paymentMethod,
      subtotal: formatCents(figures.subtotalCents),
      provider_fee: formatCents(figures.providerFeeCents),
      network_fee: formatCents(figures.networkFeeCents),
      total: formatCents(figures.totalCents),
      purchase_amount: formatUnitsExact(figures.purchaseUnits, asset.decimals),
      expires_at: expiresAt,
    }
    await store.insertQuote(row)
    // Quotes a day past their expiry are dropped (until then a late use still answers 410 quote_expired).
    await store.deleteExpiredQuotes(new Date(now() - QUOTE_KEPT_AFTER_EXPIRY_MS))
    c.header('Cache-Control', 'no-store')
    return c.json({
      quoteId,
      provider: provider.id,
      fees: {
        provider: row.provider_fee,
        network: row.network_fee,
        total: formatCents(figures.providerFeeCents + figures.networkFeeCents),
      },
      subtotal: row.subtotal,
      total: row.total,
      purchaseAmount: row.purchase_amount,
      expiresAt: expiresAt.toISOString(),
    } satisfies OnrampQuoteResponse)
  })

  app.post('/v1/generators/onrampurl', project, onrampEnabled, async (c) => {
    const body = parseRequest(OnrampUrlBody, await readJsonBody(c, { require: true }), {
      provider: 'unknown_provider',
      paymentMethod: 'unknown_payment_method',
      paymentCurrency: 'unknown_payment_currency',
      defaultNetwork: 'unknown_network',
    })
    const projectId = c.get('project').id
    const wallet = body.destinationWallets[0]!
    let figures: OnrampFigures
    let quoteId: string | null = null
    if (body.quoteId !== undefined) {
      const quote = await store.findQuote(body.quoteId)
      if (!quote || quote.project_id !== projectId)
        throw notFound('quote_not_found', `No quote ${body.quoteId} for this project`)
      if (quote.expires_at.getTime() <= now())
        throw new ApiError(
          410,
          'quote_expired',
          `The quote expired at ${quote.expires_at.toISOString()}; ask for a new one`,
        )
      const provider = providerOf(quote.provider)
      if (body.provider !== undefined && body.provider !== quote.provider)
        throw badRequest('unknown_provider', `The quote is ${quote.provider}'s, not ${body.provider}'s`)
      const asset = assetOf(provider, quote.purchase_currency, quote.network)
      const { paymentCurrency, paymentMethod } = paymentOf(quote.payment_currency, quote.payment_method)
      quoteId = quote.id
      figures = {
        provider,
        asset,
        paymentCurrency,
        paymentMethod,
        totalCents: parseCents(quote.total),
        providerFeeCents: parseCents(quote.provider_fee),
        networkFeeCents: parseCents(quote.network_fee),
        subtotalCents: parseCents(quote.subtotal),
        purchaseUnits: parseUnits(quote.purchase_amount, asset.decimals),
      }
    } else {
      const provider = providerOf(body.provider)
      const { paymentCurrency, paymentMethod } = paymentOf(body.paymentCurrency, body.paymentMethod)
      const network = body.defaultNetwork ?? wallet.blockchains[0]
      if (network === undefined) throw badRequest('unknown_network', 'Name the network: defaultNetwork or blockchains')
      const asset = assetOf(provider, wallet.assets?.[0] ?? chains[0]?.nativeSymbol ?? 'ETH', network)
      if (body.presetFiatAmount !== undefined)
        figures = await priceTotal(provider, asset, paymentCurrency, paymentMethod, parseCents(body.presetFiatAmount))
      else if (body.presetCryptoAmount !== undefined) {
        const [, fraction = ''] = body.presetCryptoAmount.split('.')
        if (fraction.length > asset.decimals)
          throw badRequest('invalid_request', `presetCryptoAmount: ${asset.id} has ${asset.decimals} decimals`)
        figures = await priceUnits(
          provider,
          asset,
          paymentCurrency,
          paymentMethod,
          parseUnits(body.presetCryptoAmount, asset.decimals),
        )
      } else {
        const limits = provider.options(chains).paymentCurrencies.find((p) => p.id === paymentCurrency)
        const min = limits?.payment_method_limits.find((l) => l.id === paymentMethod)?.min ?? '10.00'
        figures = await priceTotal(provider, asset, paymentCurrency, paymentMethod, parseCents(min))
      }
    }
    const purchase = await store.insertPurchase({
      id: randomUUID(),
      project_id: projectId,
      provider: figures.provider.id,
      quote_id: quoteId,
      address: wallet.address.toLowerCase(),
      network: `eip155:${figures.asset.chain.id}`,
      purchase_currency: figures.asset.id,
      token_address: figures.asset.address.toLowerCase(),
      token_decimals: figures.asset.decimals,
      purchase_amount: formatUnitsExact(figures.purchaseUnits, figures.asset.decimals),
      payment_currency: figures.paymentCurrency,
      payment_method: figures.paymentMethod,
      subtotal: formatCents(figures.subtotalCents),
      fees: formatCents(figures.providerFeeCents + figures.networkFeeCents),
      total: formatCents(figures.totalCents),
      partner_user_id: body.partnerUserId ?? null,
    })
    c.header('Cache-Control', 'no-store')
    return c.json({
      url: figures.provider.checkoutUrl({ id: purchase.id, projectId }),
      purchaseId: purchase.id,
    } satisfies OnrampUrlResponse)
  })

  app.get('/v1/onramp/purchases/:id', project, onrampEnabled, async (c) => {
    const { id } = parseRequest(OnrampPurchaseParams, c.req.param(), { id: 'invalid_purchase_id' })
    const row = await store.findPurchase(id)
    if (!row) throw notFound('purchase_not_found', `No purchase ${id}`)
    c.header('Cache-Control', 'no-store')
    return c.json(toOnrampPurchase(row) satisfies OnrampPurchase)
  })

  app.post('/v1/onramp/webhook/:provider', async (c) => {
    const { provider: id } = parseRequest(OnrampWebhookParams, c.req.param(), { provider: 'unknown_provider' })
    const provider = providers.get(id)
    if (!provider) throw notFound('unknown_provider', `Unknown on-ramp provider "${id}"`)
    const raw = await c.req.text()
    const verdict = provider.verifyWebhook(raw, c.req.header(ONRAMP_SIGNATURE_HEADER), Math.floor(now() / 1000))
    if (verdict !== 'ok')
      throw unauthorized(
        'invalid_signature',
        verdict === 'stale'
          ? `The ${ONRAMP_SIGNATURE_HEADER} timestamp is more than 5 minutes away from now`
          : `The ${ONRAMP_SIGNATURE_HEADER} header does not sign this body with the provider's secret`,
      )
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch (e) {
      throw badRequest('invalid_json', `The request body is not valid JSON: ${(e as Error).message}`)
    }
    const event = provider.parseEvent(json)
    const outcome = await store.applyEvent(provider.id, event)
    if (outcome.kind === 'not_found')
      throw notFound('purchase_not_found', `No ${provider.id} purchase ${event.purchaseId}`)
    c.header('Cache-Control', 'no-store')
    return c.json({
      received: true,
      duplicate: outcome.kind === 'duplicate',
      status: outcome.status,
    } satisfies OnrampWebhookResponse)
  })
}

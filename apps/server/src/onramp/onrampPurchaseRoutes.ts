import { randomUUID } from 'node:crypto'
import { routes } from '@foyer/core/protocol'
import { parseUnits } from 'viem'
import type { FoyerApp } from '../app.ts'
import { ApiError, badRequest, notFound } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { formatCents, formatUnitsExact, parseCents } from './money.ts'
import type { OnrampFigures } from './onrampPricing.ts'
import type { OnrampRouteContext } from './onrampRoutes.ts'
import { toOnrampPurchase } from './onrampStore.ts'
import { CHECKOUT_TOKEN_HEADER, newPurchaseSecret, PURCHASE_SECRETS_HEADER, secretHashesOf } from './purchaseAccess.ts'

/**
 * `POST /v1/generators/onrampurl` (a stored purchase, the checkout URL and the purchase's secret) and
 * `GET /v1/onramp/purchases/{id}` (for the holder of its secret or of its checkout token, under its project).
 */
export function registerOnrampPurchaseRoutes(app: FoyerApp, ctx: OnrampRouteContext) {
  const { config, project, onrampEnabled, store, providers, now } = ctx
  const { providerOf, assetOf, paymentOf, priceTotal, priceUnits } = ctx.pricing
  const chains = config.chains

  route(app, routes.onrampUrl, project, onrampEnabled, async (c, request) => {
    const body = await request.body({ require: true })
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
      if (quote.used_at !== null) throw quoteUsed(quote.id)
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
    // The purchase goes to a network the wallet listed, never one it did not (defaultNetwork included).
    const chainOf = (network: string) => {
      try {
        return assetOf(figures.provider, figures.asset.id, network).chain.id
      } catch {
        return undefined
      }
    }
    const listed = new Set(wallet.blockchains.map(chainOf).filter((id) => id !== undefined))
    const defaultChain = body.defaultNetwork === undefined ? undefined : chainOf(body.defaultNetwork)
    const unlisted =
      body.defaultNetwork !== undefined && (defaultChain === undefined || !listed.has(defaultChain))
        ? `defaultNetwork ${body.defaultNetwork}`
        : !listed.has(figures.asset.chain.id)
          ? `The purchase's network eip155:${figures.asset.chain.id}`
          : undefined
    if (unlisted)
      throw badRequest(
        'network_not_in_wallet',
        `${unlisted} is not among the wallet's blockchains (${wallet.blockchains.join(', ') || 'none'})`,
      )
    const secret = newPurchaseSecret()
    const row = {
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
      secret_hash: secret.hash,
    }
    // One quote, one purchase: the quote is claimed in one statement, in the transaction that stores the purchase,
    // so of concurrent uses exactly one gets it.
    const purchase =
      quoteId === null
        ? await store.insertPurchase(row)
        : await store.insertPurchaseWithQuote(row, { quoteId, projectId, now: new Date(now()) })
    if (!purchase) {
      const quote = quoteId === null ? undefined : await store.findQuote(quoteId)
      if (quote && quote.used_at === null)
        throw new ApiError(
          410,
          'quote_expired',
          `The quote expired at ${quote.expires_at.toISOString()}; ask for a new one`,
        )
      throw quoteUsed(quoteId ?? '')
    }
    c.header('Cache-Control', 'no-store')
    return {
      url: figures.provider.checkoutUrl({ id: purchase.id, projectId }),
      purchaseId: purchase.id,
      purchaseSecret: secret.secret,
    }
  })

  route(app, routes.onrampPurchase, project, onrampEnabled, async (c, request) => {
    const { id } = request.params()
    const row = await store.findPurchase(id, c.get('project').id)
    // Another project's purchase, or one asked for without its secret or checkout token, is answered as unknown.
    const held = secretHashesOf(c.req.header(PURCHASE_SECRETS_HEADER))
    const readable =
      row !== undefined &&
      ((row.secret_hash !== null && held.includes(row.secret_hash)) ||
        (providers.get(row.provider)?.checkoutTokenValid(row.id, c.req.header(CHECKOUT_TOKEN_HEADER)) ?? false))
    if (!row || !readable) throw notFound('purchase_not_found', `No purchase ${id}`)
    c.header('Cache-Control', 'no-store')
    return toOnrampPurchase(row)
  })
}

const quoteUsed = (id: string) =>
  new ApiError(409, 'quote_used', `The quote ${id} was already used for a purchase; ask for a new one`)

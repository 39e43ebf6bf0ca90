import { randomUUID } from 'node:crypto'
import { ONRAMP_QUOTE_TTL_SECONDS, routes } from '@foyer/core/protocol'
import type { FoyerApp } from '../app.ts'
import { route } from '../http/route.ts'
import { formatCents, formatUnitsExact, parseCents } from './money.ts'
import type { OnrampRouteContext } from './onrampRoutes.ts'

/** How long an expired quote is kept (so its use answers 410 rather than 404). */
const QUOTE_KEPT_AFTER_EXPIRY_MS = 24 * 3600 * 1000

/** `GET /v1/onramp/providers`, `GET /v1/onramp/options` and `POST /v1/onramp/quote`. */
export function registerOnrampQuoteRoutes(app: FoyerApp, ctx: OnrampRouteContext) {
  const { config, project, onrampEnabled, store, providers, now } = ctx
  const { providerOf, assetOf, paymentOf, priceTotal } = ctx.pricing
  const chains = config.chains

  route(app, routes.onrampProviders, project, onrampEnabled, (c) => {
    c.header('Cache-Control', 'no-store')
    return {
      providers: [...providers.values()].map((p) => p.describe(chains)),
      restrictedTimezones: config.onramp.restrictedTimezones,
    }
  })

  route(app, routes.onrampOptions, project, onrampEnabled, (c, request) => {
    const provider = providerOf(request.query().provider)
    c.header('Cache-Control', 'no-store')
    return provider.options(chains)
  })

  route(app, routes.onrampQuote, project, onrampEnabled, async (c, request) => {
    const body = await request.body({ require: true })
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
    return {
      quoteId,
      provider: provider.id,
      fees: {
        provider: row.provider_fee,
        network: row.network_fee,
        total: formatCents(figures.providerFeeCents + figures.networkFeeCents),
      },
      subtotal: row.subtotal,
      total: row.total,
      // The same figures as amounts with their currency; a fee the provider does not charge is "0.00".
      purchaseAmount: { amount: row.purchase_amount, currency: asset.id },
      paymentTotal: { amount: row.total, currency: paymentCurrency },
      paymentSubtotal: { amount: row.subtotal, currency: paymentCurrency },
      coinbaseFee: { amount: row.provider_fee, currency: paymentCurrency },
      networkFee: { amount: row.network_fee, currency: paymentCurrency },
      expiresAt: expiresAt.toISOString(),
    }
  })
}

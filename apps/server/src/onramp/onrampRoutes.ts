import type { MiddlewareHandler } from 'hono'
import type { FoyerApp } from '../app.ts'
import type { ServerConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { forbidden } from '../http/errors.ts'
import type { PriceOracle } from '../prices/priceOracle.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { createOnrampPricing, type OnrampPricing } from './onrampPricing.ts'
import type { OnrampProviderModule } from './onrampProvider.ts'
import { createOnrampProviders } from './onrampProviders.ts'
import { registerOnrampPurchaseRoutes } from './onrampPurchaseRoutes.ts'
import { registerOnrampQuoteRoutes } from './onrampQuoteRoutes.ts'
import type { OnrampStore } from './onrampStore.ts'
import { registerOnrampWebhookRoute } from './onrampWebhookRoute.ts'

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

/** What the on-ramp's route files share. */
export interface OnrampRouteContext {
  config: ServerConfig
  project: MiddlewareHandler<AppEnv>
  /** 403 `feature_disabled` for projects with `features.onramp: false`. */
  onrampEnabled: MiddlewareHandler<AppEnv>
  store: OnrampStore
  providers: Map<string, OnrampProviderModule>
  now: () => number
  pricing: OnrampPricing
}

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

  const onrampEnabled: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!effectiveFeatures(c.get('project').features).onramp)
      throw forbidden('feature_disabled', 'The on-ramp is switched off for this project')
    await next()
  }

  const ctx: OnrampRouteContext = {
    config,
    project,
    onrampEnabled,
    store,
    providers,
    now,
    pricing: createOnrampPricing({ config, prices, providers }),
  }
  registerOnrampQuoteRoutes(app, ctx)
  registerOnrampPurchaseRoutes(app, ctx)
  registerOnrampWebhookRoute(app, ctx)
}

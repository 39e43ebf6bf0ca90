import { OnrampWebhookEvent } from '@foyer/core/protocol'
import type { ChainConfig } from '../config.ts'
import { parseRequest } from '../http/validate.ts'
import type { OnrampProviderSettings } from './onrampConfig.ts'
import { onrampAssets, onrampOptionsOf } from './onrampOptions.ts'
import type { OnrampFees, OnrampProviderModule } from './onrampProvider.ts'
import { checkoutToken, checkoutTokenValid } from './purchaseAccess.ts'
import { verifyOnrampWebhook } from './webhookSignature.ts'

/** The sandbox's fee: 1.5 % of the payment (rounded half up to the cent) plus 0.99, and 0.10 for the network. */
export const SANDBOX_FEE_PERMILLE = 15n
export const SANDBOX_FEE_FIXED_CENTS = 99n
export const SANDBOX_NETWORK_FEE_CENTS = 10n

/**
 * The devnet's sandbox provider (its web app is apps/devnet/src/onramp-sandbox): sells the native currency and the
 * USD stablecoin on every configured chain for test money, checkout at
 * `<url>/checkout?purchase=<id>&projectId=<id>&token=<checkout token>` (the token an HMAC of the id under its secret,
 * purchaseAccess.ts, which the sandbox checks before it shows or takes a payment), webhooks signed with its secret
 * (webhookSignature.ts).
 */
export function createSandboxProvider(settings: OnrampProviderSettings): OnrampProviderModule {
  return {
    id: settings.id,
    kind: 'sandbox',
    describe: (chains: readonly ChainConfig[]) => ({
      id: settings.id,
      name: 'Foyer Sandbox',
      label: 'Sandbox (test money)',
      feeRange: '1.5% + $0.99',
      url: settings.url,
      supportedChains: chains.map((c) => `eip155:${c.id}` as const),
      sandbox: true,
    }),
    options: (chains) => onrampOptionsOf(onrampAssets(chains)),
    fees: (totalCents): OnrampFees => ({
      provider: (totalCents * SANDBOX_FEE_PERMILLE + 500n) / 1000n + SANDBOX_FEE_FIXED_CENTS,
      network: SANDBOX_NETWORK_FEE_CENTS,
    }),
    checkoutUrl: ({ id, projectId }) => {
      const url = new URL(`${settings.url}/checkout`)
      url.searchParams.set('purchase', id)
      url.searchParams.set('projectId', projectId)
      url.searchParams.set('token', checkoutToken(settings.webhookSecret, id))
      return url.toString()
    },
    checkoutTokenValid: (id, token) => checkoutTokenValid(settings.webhookSecret, id, token),
    verifyWebhook: (rawBody, signature, nowSeconds) =>
      verifyOnrampWebhook(settings.webhookSecret, signature, rawBody, nowSeconds),
    parseEvent: (json) => parseRequest(OnrampWebhookEvent, json),
  }
}

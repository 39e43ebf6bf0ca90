import { ONRAMP_SIGNATURE_HEADER, routes } from '@foyer/core/protocol'
import type { FoyerApp } from '../app.ts'
import { badRequest, notFound, unauthorized } from '../http/errors.ts'
import { route } from '../http/route.ts'
import type { OnrampRouteContext } from './onrampRoutes.ts'

/** `POST /v1/onramp/webhook/{provider}`: the provider's signed status change (no project: the provider calls it). */
export function registerOnrampWebhookRoute(app: FoyerApp, ctx: OnrampRouteContext) {
  const { store, providers, now } = ctx

  // The body is read as the provider signed it, byte for byte, and parsed by the provider (OnrampWebhookEvent).
  route(app, routes.onrampWebhook, async (c, request) => {
    const { provider: id } = request.params()
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
    return { received: true, duplicate: outcome.kind === 'duplicate', status: outcome.status }
  })
}

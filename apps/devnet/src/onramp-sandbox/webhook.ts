/**
 * The sandbox's calls to the Foyer server's on-ramp webhook (POST /v1/onramp/webhook/sandbox), signed as the
 * server expects: `x-foyer-signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`.
 * Each event keeps its eventId across retries, so a retry the server already took is answered as a duplicate.
 */
import { createHmac, randomUUID } from 'node:crypto'

export type WebhookStatus = 'pending' | 'paid' | 'completed' | 'failed'

export interface WebhookEvent {
  eventId: string
  purchaseId: string
  status: WebhookStatus
  txHash?: string
  failureReason?: string
}

export const SIGNATURE_HEADER = 'x-foyer-signature'

/** The header value for `rawBody` signed at `timestamp` (unix seconds). */
export function signWebhook(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

export function webhookEvent(fields: Omit<WebhookEvent, 'eventId'>): WebhookEvent {
  return { eventId: randomUUID(), ...fields }
}

export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError'
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

export interface DeliverOptions {
  url: string
  secret: string
  projectId?: string
  /** Waits between attempts, in ms; one attempt more than its length. Default [200, 1000]. */
  retryDelaysMs?: number[]
  timeoutMs?: number
}

/**
 * Sends one event and resolves once the server answers 2xx. Network errors, timeouts and 5xx are retried (signed
 * afresh each time, same eventId); a 4xx is final, since sending the same thing again would get the same answer.
 */
export async function deliverWebhook(event: WebhookEvent, options: DeliverOptions): Promise<void> {
  const body = JSON.stringify(event)
  const delays = options.retryDelaysMs ?? [200, 1000]
  let last: WebhookDeliveryError | undefined
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1]))
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(options.secret, body),
          ...(options.projectId ? { 'x-project-id': options.projectId } : {}),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      await response.body?.cancel()
      if (response.ok) return
      last = new WebhookDeliveryError(
        `The server answered the ${event.status} webhook ${response.status}`,
        response.status,
      )
      if (response.status < 500) break
    } catch (error) {
      last = new WebhookDeliveryError(`The ${event.status} webhook could not be delivered: ${(error as Error).message}`)
    }
  }
  throw last ?? new WebhookDeliveryError('The webhook could not be delivered')
}

import { createHmac, timingSafeEqual } from 'node:crypto'
import { ONRAMP_WEBHOOK_TOLERANCE_SECONDS } from '@foyer/core/protocol'
import type { WebhookVerdict } from './onrampProvider.ts'

/**
 * The webhook signature every Foyer on-ramp provider sends in `x-foyer-signature`:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>`.
 */
export function signOnrampWebhook(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${rawBody}`)}`
}

/**
 * Verifies a signature header: `forged` when it is malformed or the HMAC differs (compared in constant time),
 * `stale` when a valid one was made more than the tolerance before (or after) `nowSeconds`.
 */
export function verifyOnrampWebhook(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds = ONRAMP_WEBHOOK_TOLERANCE_SECONDS,
): WebhookVerdict {
  if (!header || header.length > 1024) return 'forged'
  let timestamp: string | undefined
  const candidates: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2) as [string, string | undefined]
    if (key === 't' && value !== undefined) timestamp = value
    else if (key === 'v1' && value !== undefined) candidates.push(value)
  }
  if (!timestamp || !/^[0-9]{1,12}$/.test(timestamp) || candidates.length === 0) return 'forged'
  const expected = Buffer.from(hmac(secret, `${timestamp}.${rawBody}`), 'hex')
  const matches = candidates.some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false
    return timingSafeEqual(Buffer.from(candidate, 'hex'), expected)
  })
  if (!matches) return 'forged'
  return Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds ? 'stale' : 'ok'
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex')
}

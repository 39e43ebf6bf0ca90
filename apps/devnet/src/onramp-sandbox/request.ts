/** The sandbox's request parsing and validation: ids, pay requests (cards, Luhn), purchases, body limits. */
import type { IncomingMessage } from 'node:http'
import { type CheckoutPurchase, TEST_CARDS } from './page.ts'
import type { PayInput } from './payments.ts'

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const PROJECT_ID = /^[A-Za-z0-9._-]{1,64}$/
const MAX_BODY_BYTES = 10_000

export function parsePurchase(body: Record<string, unknown> | undefined): CheckoutPurchase | undefined {
  if (!body || typeof body !== 'object') return undefined
  const fields = [
    'id',
    'status',
    'address',
    'network',
    'purchaseCurrency',
    'purchaseAmount',
    'paymentCurrency',
    'paymentMethod',
    'total',
  ] as const
  for (const field of fields) if (typeof body[field] !== 'string') return undefined
  const purchase = Object.fromEntries(fields.map((f) => [f, body[f]])) as unknown as CheckoutPurchase
  return typeof body.failureReason === 'string' ? { ...purchase, failureReason: body.failureReason } : purchase
}

/** Luhn's check digit: every real card number (and every test card) passes it. */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function parsePayInput(raw: unknown): PayInput | { error: { code: string; message: string } } {
  const bad = (code: string, message: string) => ({ error: { code, message } })
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return bad('invalid_request', 'Send an object')
  const body = raw as Record<string, unknown>
  if (typeof body.purchase !== 'string' || !UUID.test(body.purchase))
    return bad('invalid_purchase', 'purchase must be a purchase id')
  const method = body.method ?? 'card'
  if (method !== 'card' && method !== 'bank_account')
    return bad('invalid_method', 'method must be "card" or "bank_account"')
  if (
    body.projectId !== undefined &&
    body.projectId !== '' &&
    (typeof body.projectId !== 'string' || !PROJECT_ID.test(body.projectId))
  )
    return bad('invalid_project', 'projectId is not a project id')
  const lang = body.lang === 'es' || body.lang === 'en' ? body.lang : undefined
  const token = typeof body.token === 'string' ? body.token : ''
  const projectId = typeof body.projectId === 'string' && body.projectId !== '' ? body.projectId : undefined
  if (method === 'bank_account') return { purchase: body.purchase.toLowerCase(), token, method, projectId, lang }
  if (typeof body.card !== 'string') return bad('invalid_card', 'Enter a card number')
  const card = body.card.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(card) || !luhnValid(card)) return bad('invalid_card', 'That is not a valid card number')
  if (!Object.values(TEST_CARDS).includes(card as (typeof TEST_CARDS)[keyof typeof TEST_CARDS]))
    return bad(
      'unknown_test_card',
      'The sandbox takes test cards only: 4242 4242 4242 4242, 4000 0000 0000 0002 or 4000 0000 0000 0077',
    )
  return { purchase: body.purchase.toLowerCase(), token, method, card, projectId, lang }
}

export function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let text = ''
    let tooLarge = false
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      if (tooLarge) return
      text += chunk
      if (text.length > MAX_BODY_BYTES) tooLarge = true
    })
    req.on('end', () => resolve(tooLarge ? undefined : text))
    req.on('error', reject)
  })
}

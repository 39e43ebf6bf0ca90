/**
 * The sandbox's HTTP routes:
 *
 *   GET  /checkout?purchase=<id>&token=<checkout token>[&projectId=<id>][&lang=es]  → the checkout page (HTML)
 *   POST /checkout/pay  {purchase, token, method: 'card'|'bank_account', card?, projectId?}  (JSON or a form post)
 *                        → the payment's state (JSON), or a redirect back to the page for a form post
 *   GET  /checkout/status?purchase=<id>&token=<checkout token>  → the payment's state (JSON)
 *   GET  /health
 *
 * One payment per purchase, however often pay is pressed: the first request starts it, every other one (also
 * concurrent ones) joins it. Each route asks for the purchase's checkout token (checkoutToken.ts), which only the
 * checkout URL the Foyer server made carries: the purchase id alone shows, pays and tells nothing (403).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DevnetChain } from '../devnet-file.ts'
import { checkoutTokenValid } from './checkoutToken.ts'
import { sendError, sendHtml, sendJson } from './http.ts'
import { pickLang, renderCheckout, renderMessage, sandboxStrings } from './page.ts'
import type { Payment, PaymentFlow } from './payments.ts'
import { PROJECT_ID, parsePayInput, readBody, UUID } from './request.ts'

export interface RouteContext {
  chains: DevnetChain[]
  defaultProjectId: string
  /** How long a pay request waits for the payment to settle before it answers with the state so far. */
  respondWithinMs: number
  payments: Map<string, Payment>
  flow: PaymentFlow
  /** The secret shared with the Foyer server, under which checkout tokens are made. */
  webhookSecret: string
  /** True once the sandbox is stopping: no new payments. */
  stopping(): boolean
}

export function createHandler(context: RouteContext) {
  const { chains, defaultProjectId, respondWithinMs, payments, webhookSecret } = context
  const { fetchPurchase, startPayment } = context.flow
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox')
    const lang = pickLang(url.searchParams.get('lang'), req.headers['accept-language'])
    const t = sandboxStrings(lang)
    if (url.pathname === '/health' && req.method === 'GET') return sendJson(res, 200, { ok: true })

    if (url.pathname === '/checkout' && (req.method === 'GET' || req.method === 'HEAD')) {
      const id = url.searchParams.get('purchase') ?? ''
      const projectParam = url.searchParams.get('projectId') ?? url.searchParams.get('project') ?? undefined
      if (!UUID.test(id) || (projectParam !== undefined && !PROJECT_ID.test(projectParam)))
        return sendHtml(res, 400, (nonce) => renderMessage(lang, nonce, t.title, t.badRequest))
      const token = url.searchParams.get('token')
      if (!checkoutTokenValid(webhookSecret, id, token))
        return sendHtml(res, 403, (nonce) => renderMessage(lang, nonce, t.title, t.badToken))
      const fetched = await fetchPurchase(id, token, projectParam ?? defaultProjectId, lang)
      if ('refusal' in fetched) {
        const heading = fetched.refusal.status === 404 ? t.notFoundTitle : t.title
        return sendHtml(res, fetched.refusal.status, (nonce) =>
          renderMessage(lang, nonce, heading, fetched.refusal.message),
        )
      }
      const chainId = /^eip155:(\d+)$/.exec(fetched.purchase.network)?.[1]
      const networkName = chains.find((c) => c.id === Number(chainId))?.name
      return sendHtml(res, 200, (nonce) =>
        renderCheckout({
          lang,
          nonce,
          purchase: fetched.purchase,
          token,
          networkName,
          projectId: projectParam,
          payment: payments.get(id)?.view,
        }),
      )
    }

    if (url.pathname === '/checkout/status' && req.method === 'GET') {
      const id = url.searchParams.get('purchase') ?? ''
      if (!UUID.test(id)) return sendError(res, 400, 'invalid_purchase', 'purchase must be a purchase id')
      const payment = checkoutTokenValid(webhookSecret, id, url.searchParams.get('token'))
        ? payments.get(id)
        : undefined
      if (!payment || payment.refusal) return sendError(res, 404, 'payment_not_found', 'No payment for this purchase')
      return sendJson(res, 200, payment.view)
    }

    if (url.pathname === '/checkout/pay') {
      if (req.method !== 'POST') return sendError(res, 405, 'method_not_allowed', 'POST /checkout/pay')
      if (context.stopping()) return sendError(res, 503, 'stopping', 'The sandbox is stopping')
      // Only the checkout page itself may pay: a cross-site form post is refused.
      const origin = req.headers.origin
      if (
        req.headers['sec-fetch-site'] === 'cross-site' ||
        (origin !== undefined && origin !== `http://${req.headers.host}`)
      )
        return sendError(res, 403, 'forbidden_origin', 'Pay from the sandbox checkout page')
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      const form = type === 'application/x-www-form-urlencoded'
      if (type !== 'application/json' && !form)
        return sendError(res, 415, 'unsupported_media_type', 'Send application/json or a form')
      const text = await readBody(req)
      if (text === undefined) return sendError(res, 413, 'too_large', 'The request body is too large')
      let raw: unknown
      try {
        raw = form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text)
      } catch {
        return sendError(res, 400, 'invalid_json', 'The body is not valid JSON')
      }
      const parsed = parsePayInput(raw)
      if ('error' in parsed) return sendError(res, 400, parsed.error.code, parsed.error.message)
      if (!checkoutTokenValid(webhookSecret, parsed.purchase, parsed.token))
        return sendError(res, 403, 'invalid_checkout_token', t.badToken)
      const input = { ...parsed, lang: parsed.lang ?? lang }
      let payment = payments.get(input.purchase)
      if (!payment) {
        payment = startPayment(input)
        payments.set(input.purchase, payment)
      }
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        payment.answerable,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, respondWithinMs)
        }),
      ])
      clearTimeout(timer)
      if (form) {
        if (payment.refusal)
          return sendHtml(res, payment.refusal.status, (nonce) =>
            renderMessage(input.lang, nonce, t.title, payment.refusal!.message),
          )
        const back = new URLSearchParams({ purchase: input.purchase, token: input.token, lang: input.lang })
        if (input.projectId) back.set('projectId', input.projectId)
        res.writeHead(303, { location: `/checkout?${back}`, 'cache-control': 'no-store' })
        return res.end()
      }
      if (payment.refusal) return sendError(res, payment.refusal.status, payment.refusal.code, payment.refusal.message)
      const final = ['completed', 'failed', 'error'].includes(payment.view.status)
      return sendJson(res, final ? 200 : 202, payment.view)
    }

    return sendError(res, 404, 'not_found', 'Open /checkout?purchase=<id>')
  }

  return handle
}

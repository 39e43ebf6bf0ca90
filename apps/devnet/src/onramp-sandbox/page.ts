/**
 * The sandbox checkout page: plain server-rendered HTML with one small inline script (nonce'd), no external
 * resources. It works without the script too: the form posts and the page shows the payment's state after a
 * redirect. Its strings are in strings.ts, its inline script and style in page-script.ts.
 */

import { SCRIPT, STYLE } from './page-script.ts'
import { type SandboxLang, type SandboxStrings, sandboxStrings } from './strings.ts'

export { pickLang, type SandboxLang, type SandboxStrings, sandboxStrings } from './strings.ts'

/** What the page shows of a purchase (fields of GET /v1/onramp/purchases/{id}). */
export interface CheckoutPurchase {
  id: string
  status: string
  address: string
  network: string
  purchaseCurrency: string
  purchaseAmount: string
  paymentCurrency: string
  paymentMethod: string
  total: string
  /** Why the last payment failed (`card_declined` leaves the purchase payable). */
  failureReason?: string
}

/** The sandbox's own view of a payment, as the page and GET /checkout/status show it. */
export interface PaymentView {
  purchaseId: string
  status: 'processing' | 'pending' | 'paid' | 'completed' | 'failed' | 'error'
  txHash?: string
  failureReason?: string
  message?: string
}

export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  slow: '4000000000000077',
} as const

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )
}

/** JSON for a <script type="application/json"> block: nothing in it can close the element. */
function jsonBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/** The page's Content-Security-Policy: nothing but its own nonce'd script and style, and fetches to itself. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The text for a payment's state, with its failure reason when there is one. */
export function describePayment(payment: PaymentView, t: SandboxStrings): string {
  const base = t[payment.status]
  if (payment.status !== 'failed' && payment.status !== 'error') return base
  const reason = payment.failureReason
    ? (t as Record<string, string>)[`reason_${payment.failureReason}`]
    : payment.message
  return reason ? `${base} ${reason}` : base
}

function page(lang: SandboxLang, nonce: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

export interface CheckoutPageInput {
  lang: SandboxLang
  nonce: string
  purchase: CheckoutPurchase
  /** The purchase's checkout token, sent back with the payment. */
  token: string
  /** The network's display name (the chain's name), when the sandbox knows it. */
  networkName?: string
  projectId?: string
  /** The payment already made for this purchase, if any (after a reload or a form post without script). */
  payment?: PaymentView
}

export function renderCheckout({
  lang,
  nonce,
  purchase,
  token,
  networkName,
  projectId,
  payment,
}: CheckoutPageInput): string {
  const t = sandboxStrings(lang)
  const bank = purchase.paymentMethod === 'bank_account'
  const done = payment && (payment.status === 'completed' || payment.status === 'failed')
  const cards = [
    [TEST_CARDS.pays, t.cardPays],
    [TEST_CARDS.declined, t.cardDeclined],
    [TEST_CARDS.slow, t.cardSlow],
  ]
    .map(([number, what]) => `<li><code>${number!.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${escapeHtml(what!)}</li>`)
    .join('')
  const network = networkName ? `${networkName} (${purchase.network})` : purchase.network
  const resultText = payment ? describePayment(payment, t) : ''
  const txLine = payment?.txHash ? ` ${t.transaction}: ${payment.txHash}` : ''
  const body = `<h1>${escapeHtml(t.title)}</h1>
<p class="notice" role="note">${escapeHtml(t.notice)}</p>
<h2>${escapeHtml(t.summary)}</h2>
<dl class="summary">
<dt>${escapeHtml(t.youPay)}</dt><dd data-testid="onramp-sandbox-total">${escapeHtml(purchase.total)} ${escapeHtml(purchase.paymentCurrency)}</dd>
<dt>${escapeHtml(t.youGet)}</dt><dd data-testid="onramp-sandbox-amount">${escapeHtml(purchase.purchaseAmount)} ${escapeHtml(purchase.purchaseCurrency)}</dd>
<dt>${escapeHtml(t.network)}</dt><dd>${escapeHtml(network)}</dd>
<dt>${escapeHtml(t.destination)}</dt><dd><code>${escapeHtml(purchase.address)}</code></dd>
</dl>
<form id="pay-form" method="post" action="/checkout/pay">
<input type="hidden" name="purchase" value="${escapeHtml(purchase.id)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${projectId ? `<input type="hidden" name="projectId" value="${escapeHtml(projectId)}">` : ''}
<input type="hidden" name="lang" value="${lang}">
<fieldset>
<legend>${escapeHtml(t.method)}</legend>
<label><input type="radio" name="method" value="card"${bank ? '' : ' checked'}> ${escapeHtml(t.card)}</label>
<label><input type="radio" name="method" value="bank_account"${bank ? ' checked' : ''}> ${escapeHtml(t.bank)}</label>
</fieldset>
<div id="card-box">
<label for="card">${escapeHtml(t.cardNumber)}</label>
<input id="card" name="card" type="text" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" aria-describedby="card-hint" data-testid="onramp-sandbox-card">
<p id="card-hint" class="hint">${escapeHtml(t.cardHint)}</p>
<p class="hint">${escapeHtml(t.testCards)}:</p>
<ul class="cards">${cards}</ul>
</div>
<p id="bank-hint" class="hint" hidden>${escapeHtml(t.bankHint)}</p>
<button id="pay" type="submit" data-testid="onramp-sandbox-pay"${done ? ' disabled' : ''}>${escapeHtml(t.pay)} ${escapeHtml(purchase.total)} ${escapeHtml(purchase.paymentCurrency)}</button>
</form>
<p id="result" class="result" role="status" aria-live="polite" data-testid="onramp-sandbox-result"${payment ? ` data-status="${payment.status}"` : ''}>${escapeHtml(resultText + txLine)}</p>
<button id="close" type="button"${done ? '' : ' hidden'}>${escapeHtml(t.close)}</button>
<script type="application/json" id="sandbox-data">${jsonBlock({ purchaseId: purchase.id, token, projectId, strings: t, payment })}</script>
<script nonce="${nonce}">${SCRIPT}</script>`
  return page(lang, nonce, t.title, body)
}

/** A page for a checkout that cannot be shown (bad link, unknown purchase, server down, already paid). */
export function renderMessage(lang: SandboxLang, nonce: string, heading: string, message: string): string {
  const t = sandboxStrings(lang)
  return page(
    lang,
    nonce,
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p class="notice" role="note">${escapeHtml(t.notice)}</p>
<p data-testid="onramp-sandbox-result" role="alert">${escapeHtml(message)}</p>`,
  )
}

/**
 * The sandbox checkout page: plain server-rendered HTML with one small inline script (nonce'd), no external
 * resources. It works without the script too: the form posts and the page shows the payment's state after a
 * redirect. The sandbox is a third-party provider page, so its few strings live here (English and Spanish, chosen
 * by `?lang=` or Accept-Language), not in the modal's locale catalogue.
 */

export type SandboxLang = 'en' | 'es'

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

const STRINGS = {
  en: {
    title: 'Foyer Sandbox checkout',
    notice: 'Sandbox: test money only. No real payment is made and nothing here costs anything.',
    summary: 'Your purchase',
    youPay: 'You pay',
    youGet: 'You receive',
    network: 'Network',
    destination: 'Sent to',
    method: 'Payment method',
    card: 'Card',
    bank: 'Bank transfer (test)',
    cardNumber: 'Card number',
    cardHint: 'Use a test card below.',
    testCards: 'Test cards',
    cardPays: 'pays at once',
    cardDeclined: 'is declined',
    cardSlow: 'stays pending for a few seconds, then pays',
    bankHint: 'A simulated bank transfer: it pays at once.',
    pay: 'Pay',
    processing: 'Processing the payment…',
    pending: 'Payment pending. Waiting for the bank…',
    paid: 'Paid. Sending the tokens…',
    completed: 'Payment complete. The tokens are in your wallet; you can close this window.',
    failed: 'The payment failed.',
    error: 'Something went wrong.',
    transaction: 'Transaction',
    close: 'Close this window',
    notFoundTitle: 'Purchase not found',
    notFound: 'This checkout link does not match a purchase. Start again from the site.',
    badRequest: 'This checkout link is not valid. Start again from the site.',
    unavailable: 'The Foyer server could not be reached. Try again in a moment.',
    alreadyDone: 'This purchase is already {status}.',
    reason_card_declined: 'The card was declined.',
    reason_payout_failed: 'The payout on the chain failed.',
    reason_unsupported_currency: 'The sandbox cannot pay out this currency.',
    reason_unsupported_network: 'The sandbox cannot pay out on this network.',
    reason_invalid_amount: 'The purchase amount is not valid.',
    reason_invalid_destination: 'The destination address is not valid.',
  },
  es: {
    title: 'Pago de Foyer Sandbox',
    notice: 'Sandbox: solo dinero de prueba. No se hace ningún pago real y nada aquí cuesta nada.',
    summary: 'Tu compra',
    youPay: 'Pagas',
    youGet: 'Recibes',
    network: 'Red',
    destination: 'Se envía a',
    method: 'Método de pago',
    card: 'Tarjeta',
    bank: 'Transferencia bancaria (prueba)',
    cardNumber: 'Número de tarjeta',
    cardHint: 'Usa una tarjeta de prueba de la lista.',
    testCards: 'Tarjetas de prueba',
    cardPays: 'paga al momento',
    cardDeclined: 'se rechaza',
    cardSlow: 'queda pendiente unos segundos y luego paga',
    bankHint: 'Una transferencia bancaria simulada: paga al momento.',
    pay: 'Pagar',
    processing: 'Procesando el pago…',
    pending: 'Pago pendiente. Esperando al banco…',
    paid: 'Pagado. Enviando los tokens…',
    completed: 'Pago completado. Los tokens ya están en tu cartera; puedes cerrar esta ventana.',
    failed: 'El pago ha fallado.',
    error: 'Algo ha salido mal.',
    transaction: 'Transacción',
    close: 'Cerrar esta ventana',
    notFoundTitle: 'Compra no encontrada',
    notFound: 'Este enlace de pago no corresponde a ninguna compra. Vuelve a empezar desde el sitio.',
    badRequest: 'Este enlace de pago no es válido. Vuelve a empezar desde el sitio.',
    unavailable: 'No se pudo contactar con el servidor de Foyer. Inténtalo de nuevo en un momento.',
    alreadyDone: 'Esta compra ya está {status}.',
    reason_card_declined: 'La tarjeta ha sido rechazada.',
    reason_payout_failed: 'Falló el pago en la cadena.',
    reason_unsupported_currency: 'El sandbox no puede pagar en esta moneda.',
    reason_unsupported_network: 'El sandbox no puede pagar en esta red.',
    reason_invalid_amount: 'El importe de la compra no es válido.',
    reason_invalid_destination: 'La dirección de destino no es válida.',
  },
} satisfies Record<SandboxLang, Record<string, string>>

export type SandboxStrings = (typeof STRINGS)['en']

export function sandboxStrings(lang: SandboxLang): SandboxStrings {
  return STRINGS[lang]
}

/** `?lang=es|en` wins; else the first language in Accept-Language that the sandbox speaks; else English. */
export function pickLang(query: string | null, acceptLanguage: string | undefined): SandboxLang {
  if (query === 'es' || query === 'en') return query
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (tag.startsWith('es')) return 'es'
    if (tag.startsWith('en')) return 'en'
  }
  return 'en'
}

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

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{margin:0;padding:1.5rem;display:flex;justify-content:center}
main{max-width:28rem;width:100%}
h1{font-size:1.35rem;margin:0 0 .75rem}
h2{font-size:1.05rem;margin:0 0 .5rem}
.notice{border:2px dashed #b45309;border-radius:.5rem;padding:.5rem .75rem;margin:0 0 1rem;font-weight:600}
dl.summary{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}
dl.summary dt{font-weight:600}
dl.summary dd{margin:0;overflow-wrap:anywhere}
fieldset{border:1px solid #8886;border-radius:.5rem;margin:0 0 1rem;padding:.5rem .75rem}
label{display:block;margin:.25rem 0}
input[type=text]{font:inherit;padding:.4rem .5rem;width:100%;box-sizing:border-box;letter-spacing:.05em}
button{font:inherit;padding:.55rem 1.1rem;border-radius:.4rem;border:1px solid currentColor;cursor:pointer}
button[type=submit]{font-weight:600}
button:focus-visible,input:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.hint{font-size:.9rem;margin:.25rem 0}
.result{min-height:1.5rem;margin:1rem 0;font-weight:600;overflow-wrap:anywhere}
ul.cards{margin:.25rem 0;padding-left:1.25rem;font-size:.9rem}
code{font-size:.9em}
[hidden]{display:none!important}
`

const SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('sandbox-data').textContent);
  var t = data.strings;
  var form = document.getElementById('pay-form');
  var result = document.getElementById('result');
  var button = document.getElementById('pay');
  var cardBox = document.getElementById('card-box');
  var bankHint = document.getElementById('bank-hint');
  var closeButton = document.getElementById('close');
  var terminal = { completed: true, failed: true, error: true };
  function method() { var m = form.querySelector('input[name=method]:checked'); return m ? m.value : 'card'; }
  function syncMethod() { var card = method() === 'card'; cardBox.hidden = !card; bankHint.hidden = card; }
  form.addEventListener('change', syncMethod);
  syncMethod();
  function describe(p) {
    var text = t[p.status] || t.error;
    if (p.status === 'failed' || p.status === 'error') {
      var reason = p.failureReason ? t['reason_' + p.failureReason] : p.message;
      if (reason) text += ' ' + reason;
    }
    return text;
  }
  function show(p) {
    result.textContent = describe(p);
    result.setAttribute('data-status', p.status);
    if (p.txHash) {
      var line = document.createElement('span');
      line.textContent = ' ' + t.transaction + ': ' + p.txHash;
      result.appendChild(line);
    }
    if (terminal[p.status]) { closeButton.hidden = false; button.disabled = p.status === 'completed' || p.status === 'failed'; }
    else setTimeout(poll, 1000);
  }
  function poll() {
    fetch('/checkout/status?purchase=' + encodeURIComponent(data.purchaseId), { headers: { accept: 'application/json' } })
      .then(function (r) { return r.json(); })
      .then(function (p) { if (p && p.status) show(p); else setTimeout(poll, 1000); })
      .catch(function () { setTimeout(poll, 2000); });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    button.disabled = true;
    result.removeAttribute('data-status');
    result.textContent = t.processing;
    var body = { purchase: data.purchaseId, method: method(), projectId: data.projectId };
    if (body.method === 'card') body.card = document.getElementById('card').value;
    fetch('/checkout/pay', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, body: j }; }); })
      .then(function (answer) {
        if (answer.ok) return show(answer.body);
        button.disabled = false;
        result.setAttribute('data-status', 'error');
        result.textContent = (answer.body && answer.body.error && answer.body.error.message) || t.error;
      })
      .catch(function () { button.disabled = false; result.setAttribute('data-status', 'error'); result.textContent = t.error; });
  });
  closeButton.addEventListener('click', function () { window.close(); });
  if (data.payment) show(data.payment);
})();
`

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
  /** The network's display name (the chain's name), when the sandbox knows it. */
  networkName?: string
  projectId?: string
  /** The payment already made for this purchase, if any (after a reload or a form post without script). */
  payment?: PaymentView
}

export function renderCheckout({ lang, nonce, purchase, networkName, projectId, payment }: CheckoutPageInput): string {
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
<script type="application/json" id="sandbox-data">${jsonBlock({ purchaseId: purchase.id, projectId, strings: t, payment })}</script>
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

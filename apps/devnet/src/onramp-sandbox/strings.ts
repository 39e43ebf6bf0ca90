/**
 * The sandbox checkout page's strings (English and Spanish, chosen by `?lang=` or Accept-Language). The sandbox is a
 * third-party provider page, so its few strings live here, not in the modal's locale catalogue.
 */

export type SandboxLang = 'en' | 'es'

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
    badToken: 'This checkout link is not complete: open it from the site that made the purchase.',
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
    badToken: 'Este enlace de pago está incompleto: ábrelo desde el sitio que hizo la compra.',
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

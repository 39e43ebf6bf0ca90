// The checks of a sign-in message's text: its EIP-4361 form, the origin it names and its lifetime.
import { SIWE_NONCE_TTL_MS } from '@foyer/core/protocol'
import { createSiweMessage, parseSiweMessage, type SiweMessage, validateSiweMessage } from 'viem/siwe'
import { badRequest, forbidden } from '../http/errors.ts'

/** Clock skew allowed to a wallet's `Issued At` and `Not Before` (ahead of the server's clock). */
export const SIWE_CLOCK_SKEW_MS = 60_000

export type ParsedMessage = SiweMessage & { expirationTime?: Date; notBefore?: Date }

/** The EIP-4361 fields of `text`, every one a well-formed value, or 400 `invalid_message`. */
export function parseMessage(text: string): ParsedMessage {
  const invalid = (why: string) =>
    badRequest('invalid_message', `The message is not an EIP-4361 sign-in message: ${why}`)
  const parsed = parseSiweMessage(text)
  for (const field of ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const) {
    if (parsed[field] === undefined || parsed[field] === '') throw invalid(`no ${field}`)
  }
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const date = parsed[field]
    if (date !== undefined && Number.isNaN(date.getTime())) throw invalid(`${field} is not an RFC 3339 date-time`)
  }
  const message = parsed as ParsedMessage
  if (!Number.isSafeInteger(message.chainId) || message.chainId <= 0) throw invalid('chainId is not a chain id')
  let canonical: string
  try {
    // createSiweMessage checks each field's form (address, domain, URI, nonce, version, statement) and throws.
    canonical = createSiweMessage(message)
  } catch (e) {
    throw invalid((e as { shortMessage?: string }).shortMessage ?? 'a field is malformed')
  }
  // Written back, the fields must give the text that was signed (date-times in any RFC 3339 form): nothing before,
  // between or after them, the address checksummed.
  if (sameDates(canonical) !== sameDates(text))
    throw invalid('it has text outside the EIP-4361 fields, or a field out of place')
  // Its other rules (version 1, nonce form, address); lifetimes are checked by checkTimes with their own codes.
  if (!validateSiweMessage({ message: { ...message, expirationTime: undefined, notBefore: undefined } }))
    throw invalid('a field is malformed')
  return message
}

/** `text` with its date-time lines in one form (toISOString), to compare messages field by field. */
function sameDates(text: string): string {
  return text.replace(/^(Issued At|Expiration Time|Not Before): (.+)$/gm, (line, name: string, value: string) => {
    const date = new Date(value)
    return Number.isNaN(date.getTime()) ? line : `${name}: ${date.toISOString()}`
  })
}

/**
 * The message must be for an allowed origin (a phishing site's message is not ours): its domain that origin's host
 * (and port), its URI's origin — scheme, host and port, as WHATWG URL reads them — that origin, and its optional
 * scheme prefix that origin's scheme.
 */
export function checkDomain(message: ParsedMessage, origins: string[]) {
  let uriOrigin: string | undefined
  try {
    uriOrigin = new URL(message.uri).origin
  } catch {
    uriOrigin = undefined
  }
  const matching = origins.find((o) => {
    const origin = new URL(o)
    return (
      origin.host === message.domain &&
      origin.origin === uriOrigin &&
      (message.scheme === undefined || `${message.scheme}:` === origin.protocol)
    )
  })
  if (!matching) {
    throw forbidden(
      'domain_mismatch',
      origins.length
        ? `The message's domain and URI must be the requesting site's (${origins.join(', ')})`
        : 'The message names a domain this project does not allow (the project allows no origin)',
    )
  }
}

/** The message's lifetime: issued within the nonce's lifetime, not expired, not before its `Not Before`. */
export function checkTimes(message: ParsedMessage, now: number) {
  const issuedAt = message.issuedAt!.getTime()
  if (issuedAt > now + SIWE_CLOCK_SKEW_MS)
    throw badRequest('message_not_yet_valid', 'The message was issued in the future')
  if (issuedAt < now - SIWE_NONCE_TTL_MS - SIWE_CLOCK_SKEW_MS)
    throw badRequest('message_expired', 'The message was issued too long ago; sign a new one')
  if (message.expirationTime && message.expirationTime.getTime() <= now)
    throw badRequest('message_expired', 'The message has expired; sign a new one')
  if (message.notBefore && message.notBefore.getTime() > now + SIWE_CLOCK_SKEW_MS)
    throw badRequest('message_not_yet_valid', 'The message is not valid yet (Not Before is in the future)')
}

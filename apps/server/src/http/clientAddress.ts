/**
 * Who is asking, for limits and quotas: the client's network address, as a bucket key.
 *
 * - By default the TCP peer address is used and forwarding headers are ignored (a client can write any
 *   `X-Forwarded-For` it likes).
 * - With `FOYER_TRUST_PROXY=N` (N trusted proxies in front of the server) the address is the Nth entry from the
 *   right of `X-Forwarded-For`: the one the outermost trusted proxy saw. Entries further left are the client's
 *   own claims and are never used. A header with fewer entries than N falls back to the leftmost one present.
 * - IPv6 addresses are grouped by /64 (one subscriber usually holds a whole /64); IPv4-mapped IPv6 becomes IPv4.
 *
 * Parsing is ipaddr.js (the parser behind Express's `trust proxy`), never a hand-written regex.
 */
import type { Context } from 'hono'
import ipaddr from 'ipaddr.js'
import type { AppEnv } from './context.ts'

/** The bucket key for an unparseable address: all such requests share one bucket. */
export const UNKNOWN_CLIENT = 'unknown'

/** Normalises one address to its bucket: IPv4 as is, IPv6 as its /64 prefix (`2001:db8:1:2::/64`). */
export function addressBucket(raw: string): string {
  const text = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
  // Dotted quads only: ipaddr.js would also take the classful `1.2.3` and `0x7f.1` forms.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return UNKNOWN_CLIENT
  let parsed = ipaddr.parse(text)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  const prefix = ipaddr.fromByteArray([...parts.flatMap((p) => [p >> 8, p & 0xff]), ...new Array(8).fill(0)])
  return `${prefix.toString()}/64`
}

/** The address from `X-Forwarded-For` given `hops` trusted proxies; undefined when the header is absent. */
export function forwardedAddress(header: string | undefined, hops: number): string | undefined {
  if (!header || hops < 1) return undefined
  const entries = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (entries.length === 0) return undefined
  return entries[Math.max(0, entries.length - hops)]
}

/** The client's bucket key for this request (see the module comment). */
export function clientAddress(c: Context<AppEnv>, trustProxyHops: number): string {
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress
  const forwarded = trustProxyHops > 0 ? forwardedAddress(c.req.header('x-forwarded-for'), trustProxyHops) : undefined
  const raw = forwarded ?? peer
  return raw ? addressBucket(raw) : UNKNOWN_CLIENT
}

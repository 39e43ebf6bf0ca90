/**
 * Who is asking, for limits and quotas: the client's network address, as a bucket key.
 *
 * - By default the TCP peer address is used and forwarding headers are ignored (a client can write any
 *   `X-Forwarded-For` it likes).
 * - With `FOYER_TRUST_PROXY=N` (N proxies in front of the server) `X-Forwarded-For` is read only when the TCP peer is
 *   one of the configured proxies (`FOYER_TRUSTED_PROXIES`, loopback by default). From the peer the address walks
 *   right to left through the header, one entry per trusted hop, and stops at the first address that is not a
 *   configured proxy or after N hops: the address the outermost trusted proxy saw. A client that reaches the port
 *   directly is its own TCP peer, so whatever it writes in the header is ignored; entries further left than the
 *   walk goes are the client's own claims and are never used. A header with fewer entries than N stops at the
 *   leftmost one present.
 * - IPv6 addresses are grouped by /64 (one subscriber usually holds a whole /64); IPv4-mapped IPv6 becomes IPv4.
 *
 * Parsing and range matching are ipaddr.js (the parser behind Express's `trust proxy`), never a hand-written regex.
 */
import type { Context } from 'hono'
import ipaddr from 'ipaddr.js'
import type { AppEnv } from './context.ts'

/** The bucket key for an unparseable address: all such requests share one bucket. */
export const UNKNOWN_CLIENT = 'unknown'

/** What `clientAddress` needs of the configuration: FOYER_TRUST_PROXY and FOYER_TRUSTED_PROXIES. */
export interface ProxyTrust {
  /** How many proxies' `X-Forwarded-For` entries may be walked (0: the header is never read). */
  trustProxyHops: number
  /** The proxies' addresses and CIDR ranges (`10.0.0.0/8`, `::1/128`); only a peer among them is believed. */
  trustedProxies: readonly string[]
}

/** The loopback ranges: a proxy on the same machine. The default of FOYER_TRUSTED_PROXIES. */
export const LOOPBACK_PROXIES = ['127.0.0.0/8', '::1/128'] as const

/** One address as ipaddr.js reads it (brackets and zone dropped, IPv4-mapped IPv6 as IPv4); undefined if it is not one. */
function parseAddress(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const text = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
  // Dotted quads only: ipaddr.js would also take the classful `1.2.3` and `0x7f.1` forms.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return undefined
  const parsed = ipaddr.parse(text)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address()
  return parsed
}

/**
 * A proxy setting's entry (`10.1.2.3`, `10.0.0.0/8`, `::1`, `fd00::/8`) as `address/prefix` with the address's
 * host bits kept as written; undefined when it is not one address or range.
 */
export function parseProxyRange(entry: string): string | undefined {
  const [address, prefix, ...rest] = entry.trim().split('/')
  if (rest.length > 0 || address === undefined) return undefined
  const text = address.replace(/^\[(.*)\]$/, '$1')
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return undefined
  const max = ipaddr.parse(text).kind() === 'ipv4' ? 32 : 128
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined
  const bits = prefix === undefined ? max : Number(prefix)
  if (bits > max) return undefined
  const [range, length] = ipaddr.parseCIDR(`${text}/${bits}`)
  return `${range.toString()}/${length}`
}

type Matcher = (address: ipaddr.IPv4 | ipaddr.IPv6) => boolean
const matchers = new WeakMap<readonly string[], Matcher>()

/** Whether an address lies in one of `ranges` (entries as `parseProxyRange` gives them); compiled once per list. */
function matcherOf(ranges: readonly string[]): Matcher {
  let matcher = matchers.get(ranges)
  if (!matcher) {
    const parsed = ranges.map((r) => ipaddr.parseCIDR(r))
    matcher = (address) => parsed.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))
    matchers.set(ranges, matcher)
  }
  return matcher
}

/** Whether `raw` is one of the configured proxies. */
export function isTrustedProxy(raw: string | undefined, trustedProxies: readonly string[]): boolean {
  const address = raw === undefined ? undefined : parseAddress(raw)
  return address !== undefined && matcherOf(trustedProxies)(address)
}

/** Normalises one address to its bucket: IPv4 as is, IPv6 as its /64 prefix (`2001:db8:1:2::/64`). */
export function addressBucket(raw: string): string {
  const parsed = parseAddress(raw)
  if (!parsed) return UNKNOWN_CLIENT
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  const prefix = ipaddr.fromByteArray([...parts.flatMap((p) => [p >> 8, p & 0xff]), ...new Array(8).fill(0)])
  return `${prefix.toString()}/64`
}

/**
 * The client's address given its TCP `peer`, the `X-Forwarded-For` header and the proxy trust (see the module
 * comment): the peer unless it is a configured proxy, else the header's entries right to left while each address
 * walked from is a configured proxy, at most `trustProxyHops` of them.
 */
export function forwardedClient(
  peer: string | undefined,
  header: string | undefined,
  { trustProxyHops, trustedProxies }: ProxyTrust,
): string | undefined {
  if (trustProxyHops < 1 || !header) return peer
  const entries = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  let current = peer
  for (let hop = 0; hop < trustProxyHops && entries.length > 0; hop++) {
    if (!isTrustedProxy(current, trustedProxies)) break
    current = entries.pop()
  }
  return current
}

/** The TCP peer's address, as @hono/node-server passes it (undefined for a request made in-process). */
export function peerAddress(c: Context<AppEnv>): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress
}

/** The client's bucket key for this request (see the module comment). */
export function clientAddress(c: Context<AppEnv>, trust: ProxyTrust): string {
  const raw = forwardedClient(peerAddress(c), c.req.header('x-forwarded-for'), trust)
  return raw ? addressBucket(raw) : UNKNOWN_CLIENT
}

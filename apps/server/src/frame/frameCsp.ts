/**
 * The secure frame's Content-Security-Policy, built per request: `frame-ancestors` is the allowed-origin list of
 * the project named in `?projectId=` (the same list the server's CORS uses), never `*`; everything the frame may
 * fetch is named exactly (the Foyer server, the configured chains' RPC endpoints and bundlers), never a scheme wildcard.
 */
import type { ServerConfig } from '../config.ts'

/** An origin safe to put in a header: scheme, host (or [IPv6]) and port only — nothing that could end a directive. */
const HEADER_SAFE_ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** `'none'` unless the project exists and lists origins: an unknown or missing project may be framed by nobody. */
export function frameAncestors(allowedOrigins: readonly string[] | undefined): string {
  const origins = (allowedOrigins ?? []).filter((o) => HEADER_SAFE_ORIGIN.test(o))
  return origins.length ? origins.join(' ') : "'none'"
}

/**
 * What the frame may connect to: the server's public URL (FOYER_PUBLIC_URL, the URL the frame build bakes in as
 * FOYER_API_URL), each chain's RPC URL and bundler URL, and the devnet file's Solana chain's RPC URL (the one
 * Solana chain the frame is told of), as scheme://host:port/path without query (CSP sources cannot carry one).
 */
export function connectSources(config: Pick<ServerConfig, 'chains' | 'embedded' | 'solana'>): string[] {
  const sources = new Set<string>()
  const add = (raw: string, withPath: boolean) => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return
    }
    if (
      !['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) ||
      !HEADER_SAFE_ORIGIN.test(url.origin.replace(/^ws/, 'http'))
    )
      return
    // ';' and ',' separate directives and policies; CSP compares paths percent-decoded, so encoding them is exact.
    const path =
      withPath && url.pathname !== '/' ? url.pathname.replace(/;/g, '%3B').replace(/,/g, '%2C').replace(/\s/g, '') : ''
    sources.add(`${url.protocol}//${url.host}${path}`)
  }
  add(config.embedded.publicUrl, false)
  for (const chain of config.chains) {
    add(chain.rpcUrl, true)
    // The embedded wallet's smart account sends user operations to the chain's bundler.
    if (chain.accountAbstraction?.bundlerUrl) add(chain.accountAbstraction.bundlerUrl, true)
  }
  // The embedded wallet's Solana sends and the token accounts its approvals read.
  if (config.solana) add(config.solana.rpcUrl, true)
  return [...sources]
}

export function frameContentSecurityPolicy(options: { ancestors: string; connect: readonly string[] }): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // The frame's own stylesheet is one <style> element it writes at boot, and the theme sets CSS variables:
    // inline styles cannot run script, and every text the frame shows is its own.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src ${options.connect.length ? options.connect.join(' ') : "'none'"}`,
    "frame-src 'none'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${options.ancestors}`,
  ].join('; ')
}

/** HSTS for two years, subdomains included; sent only where the public URL is https (a browser ignores it on http). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains'

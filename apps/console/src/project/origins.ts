/**
 * An allowed origin as the server stores it: scheme, host and port, nothing else (`https://shop.example`). A
 * trailing slash is forgiven; anything with a path, query or credentials is not an origin.
 */
export function normalizeOrigin(input: string): string | null {
  const trimmed = input.trim().replace(/\/$/, '')
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  return url.origin === trimmed.toLowerCase() || url.origin === trimmed ? url.origin : null
}

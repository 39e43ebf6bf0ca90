import type { ApiClient } from '@foyer/core/internal'

/**
 * The `src` for an image URL the Foyer server answered with (a token's `iconUrl`, a convert token's `logoUri`).
 * The server answers with absolute URLs on its public URL that carry the project id: those pass through as they
 * are, like any absolute http(s) URL. A server-relative path (`/public/getTokenImage/ETH`, from an older server)
 * resolves against the site's Foyer server with the project id, like wallet images;
 * anything else (no image, another scheme) is undefined, so the caller shows its lettered mark.
 */
export function serverImageUrl(api: ApiClient | undefined, url: string | null | undefined): string | undefined {
  if (!url) return undefined
  if (url.startsWith('/') && !url.startsWith('//')) return api?.url(url)
  return /^https?:\/\//i.test(url) ? url : undefined
}

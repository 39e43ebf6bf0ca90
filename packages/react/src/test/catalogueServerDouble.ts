import type { CatalogueWallet } from '@foyer/core'

/**
 * Test double for the Foyer server's `GET /getWallets` over `catalogue` (the real endpoint is tested in apps/server
 * and e2e), as `fetch`. It keeps the server's rules: `include` (in its order) and `exclude`, `chains` by namespace
 * with a wallet without chains on every site, pages of `entries`, and image URLs on the server.
 */
export function catalogueServerDouble(catalogue: readonly CatalogueWallet[]) {
  return (input: string | URL | Request): Promise<Response> => {
    const url = new URL(String(input))
    const list = (name: string) => url.searchParams.get(name)?.split(',').filter(Boolean) ?? []
    const include = list('include')
    const exclude = new Set(list('exclude'))
    const namespaces = list('chains').map((chain) => chain.split(':')[0])
    const onChains = (w: CatalogueWallet) =>
      !namespaces.length || !w.chains?.length || w.chains.some((c) => namespaces.includes(c))
    const rows = catalogue.filter(
      (w) => (!include.length || include.includes(w.id)) && !exclude.has(w.id) && onChains(w),
    )
    if (include.length) rows.sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id))
    const entries = Number(url.searchParams.get('entries') ?? 40)
    const start = (Number(url.searchParams.get('page') ?? 1) - 1) * entries
    const data = rows
      .slice(start, start + entries)
      .map((w) => ({ ...w, image_url: `http://catalogue.test/img/${w.id}` }))
    return Promise.resolve(
      new Response(JSON.stringify({ count: rows.length, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    )
  }
}

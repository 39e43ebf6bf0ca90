import { GetWalletsQuery, type GetWalletsResponse, routes } from '@foyer/core/protocol'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import type { AppEnv } from '../http/context.ts'
import { invalidRequest, notFound } from '../http/errors.ts'
import { JsonText, route } from '../http/route.ts'
import { parseRequest } from '../http/validate.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { etagOf, generatedMarkSvg } from './generatedMark.ts'
import { imageBaseOf, imageUrl, loadMark, MARKS_PACKAGE, marksVersion, networkMarkName } from './marks.ts'
import { type CatalogueWallet, toWalletListing, type WalletCatalogue, type WalletQuery } from './walletCatalogue.ts'

const IMAGE_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/
/** Images are content-addressed by id and deterministic: cache for a year, revalidate with the ETag. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'
/** The marks are SVG opened by browsers: no script, no fetches, only their own inline styles. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'"
const MAX_CACHED_ANSWERS = 1000
const ANSWER_TTL_MS = 10 * 60_000

/** Reads and validates the `GET /getWallets` query; every problem is reported at once (400 invalid_request). */
export function parseWalletQuery(query: Record<string, string>): WalletQuery {
  return parseRequest(GetWalletsQuery, query)
}

function svgResponse(c: Context<AppEnv>, svg: string) {
  const etag = etagOf(svg)
  c.header('ETag', etag)
  c.header('Cache-Control', IMAGE_CACHE_CONTROL)
  c.header('Content-Security-Policy', IMAGE_CSP)
  c.header('X-Content-Type-Options', 'nosniff')
  if (
    c.req
      .header('if-none-match')
      ?.split(',')
      .some((t) => t.trim() === etag)
  )
    return c.body(null, 304)
  c.header('Content-Type', 'image/svg+xml')
  return c.body(svg)
}

/**
 * The catalogue endpoints: `GET /getWallets`, `GET /getWalletImage/:id`, the asset / currency / token
 * images (real marks from `@web3icons/core` where it has one, else the generated mark), and `GET /getAnalyticsConfig`.
 */
export function registerCatalogueRoutes(
  app: Hono<AppEnv>,
  project: MiddlewareHandler<AppEnv>,
  catalogue: WalletCatalogue,
  /** FOYER_PUBLIC_URL: the base of the wallets' image URLs (never the request's Host header). */
  publicUrl: string,
  /** Project check for the image routes (default `project`): the app passes one without rate limits. */
  imageProject: MiddlewareHandler<AppEnv> = project,
) {
  // The catalogue never changes while the process runs, so an answer is a pure function of (project, query): keep
  // the serialised bodies of recent queries. Bounded (least recently used dropped) and expiring, so
  // memory stays flat whatever queries arrive.
  const answers = new LRUCache<string, JsonText<GetWalletsResponse>>({ max: MAX_CACHED_ANSWERS, ttl: ANSWER_TTL_MS })
  route(app, routes.wallets, project, (c) => {
    const images = imageBaseOf(c, publicUrl)
    const url = new URL(c.req.url)
    const key = `${images.projectId}|${url.search}`
    let body = answers.get(key)
    if (body === undefined) {
      const { count, data } = catalogue.list(parseWalletQuery(c.req.query()))
      // `v` changes when the image does (a new package version, or a mark given to a wallet): the images are
      // cached as immutable, so a browser holding the old one asks for the new URL.
      const image = (w: CatalogueWallet) =>
        imageUrl(images, `/getWalletImage/${w.id}?v=${w.mark.source === MARKS_PACKAGE ? marksVersion() : 'g1'}`)
      body = JsonText.of<GetWalletsResponse>({ count, data: data.map((w) => toWalletListing(w, image(w))) })
      answers.set(key, body)
    }
    c.header('Cache-Control', 'public, max-age=300')
    return body
  })

  route(app, routes.walletImage, imageProject, async (c) => {
    const id = c.req.param('id') ?? ''
    const wallet = catalogue.get(id)
    if (!wallet) throw notFound('unknown_wallet', `No wallet with the id "${id.slice(0, 80)}"`)
    const real = wallet.mark.source === MARKS_PACKAGE ? await loadMark('wallets', wallet.mark.name) : undefined
    return svgResponse(c, real ?? generatedMarkSvg(wallet.id, wallet.name))
  })

  // Token and currency ids are symbols (`ETH`, `USDC`); asset ids are networks (`eip155:1`, `ethereum`) or symbols.
  // A name the package has no mark for gets the generated one.
  for (const [kind, entry] of [
    ['Asset', routes.assetImage],
    ['Currency', routes.currencyImage],
    ['Token', routes.tokenImage],
  ] as const) {
    route(app, entry, imageProject, async (c) => {
      const id = c.req.param('id') ?? ''
      if (!IMAGE_ID_RE.test(id) || id.includes('..'))
        throw invalidRequest([
          { path: 'id', message: 'must be 1–128 letters, digits, ".", "_", ":" or "-", without ".."' },
        ])
      const network = kind === 'Asset' ? await networkMarkName(id) : undefined
      const real = network ? await loadMark('networks', network) : await loadMark('tokens', id)
      return svgResponse(c, real ?? generatedMarkSvg(`${kind}:${id}`, id.split(/[:.]/).pop() ?? id))
    })
  }

  route(app, routes.analyticsConfig, project, (c) => {
    c.header('Cache-Control', 'no-store')
    return { isAnalyticsEnabled: effectiveFeatures(c.get('project').features).analytics }
  })
}

import type { Context, Hono, MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import type { AppEnv } from '../http/context.ts'
import { type Issue, invalidRequest, notFound } from '../http/errors.ts'
import { effectiveFeatures } from '../projects/model.ts'
import { etagOf, generatedMarkSvg } from './generatedMark.ts'
import { toWalletListing, type WalletCatalogue, type WalletQuery } from './walletCatalogue.ts'

export const MAX_WALLET_ENTRIES = 100
const MAX_LIST_ITEMS = 100
const MAX_SEARCH_LENGTH = 100
const ID_LIST_ITEM_RE = /^[a-z0-9][a-z0-9-]{0,63}$/
const CHAIN_RE = /^([-a-z0-9]{3,8})(:[-_a-zA-Z0-9]{1,32})?$/
const IMAGE_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/
/** Images are content-addressed by id and deterministic: cache for a year, revalidate with the ETag. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable'
const MAX_CACHED_ANSWERS = 1000
const ANSWER_TTL_MS = 10 * 60_000

function positiveInteger(raw: string | undefined, name: string, fallback: number, max: number, issues: Issue[]) {
  if (raw === undefined) return fallback
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    issues.push({ path: name, message: `must be an integer between 1 and ${max}` })
    return fallback
  }
  return Number(raw)
}

function idList(raw: string | undefined, name: string, issues: Issue[], pattern = ID_LIST_ITEM_RE) {
  if (raw === undefined || raw === '') return undefined
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (items.length > MAX_LIST_ITEMS) issues.push({ path: name, message: `lists at most ${MAX_LIST_ITEMS} items` })
  const bad = items.find((item) => !pattern.test(item))
  if (bad !== undefined)
    issues.push({
      path: name,
      message: `"${bad.slice(0, 80)}" is not a valid ${name === 'chains' ? 'chain (namespace or namespace:reference)' : 'wallet id'}`,
    })
  return items
}

/** Reads and validates the `GET /getWallets` query; every problem is reported at once (400 invalid_request). */
export function parseWalletQuery(query: Record<string, string>): WalletQuery {
  const issues: Issue[] = []
  const page = positiveInteger(query.page, 'page', 1, 100_000, issues)
  const entries = positiveInteger(query.entries, 'entries', 40, MAX_WALLET_ENTRIES, issues)
  const chains = idList(query.chains, 'chains', issues, CHAIN_RE)?.map((c) => c.split(':')[0]!)
  const include = idList(query.include, 'include', issues)
  const exclude = idList(query.exclude, 'exclude', issues)
  const search = query.search
  if (search !== undefined && search.length > MAX_SEARCH_LENGTH)
    issues.push({ path: 'search', message: `must be at most ${MAX_SEARCH_LENGTH} characters` })
  if (issues.length) throw invalidRequest(issues)
  return { page, entries, chains, include, exclude, search }
}

function svgResponse(c: Context<AppEnv>, svg: string) {
  const etag = etagOf(svg)
  c.header('ETag', etag)
  c.header('Cache-Control', IMAGE_CACHE_CONTROL)
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
 * The seed's catalogue endpoints: `GET /getWallets`, `GET /getWalletImage/:id`, the generated
 * asset / currency / token marks, and `GET /getAnalyticsConfig`.
 */
export function registerCatalogueRoutes(
  app: Hono<AppEnv>,
  project: MiddlewareHandler<AppEnv>,
  catalogue: WalletCatalogue,
  /** Project check for the image routes (default `project`): the app passes one without rate limits. */
  imageProject: MiddlewareHandler<AppEnv> = project,
) {
  // The catalogue never changes while the process runs, so an answer is a pure function of (origin, project,
  // query): keep the serialised bodies of recent queries. Bounded (least recently used dropped) and expiring, so
  // memory stays flat whatever queries arrive.
  const answers = new LRUCache<string, string>({ max: MAX_CACHED_ANSWERS, ttl: ANSWER_TTL_MS })
  app.get('/getWallets', project, (c) => {
    const projectId = c.get('project').id
    const url = new URL(c.req.url)
    const key = `${url.origin}|${projectId}|${url.search}`
    let body = answers.get(key)
    if (body === undefined) {
      const { count, data } = catalogue.list(parseWalletQuery(c.req.query()))
      const image = (id: string) => `${url.origin}/getWalletImage/${id}?projectId=${encodeURIComponent(projectId)}`
      body = JSON.stringify({ count, data: data.map((w) => toWalletListing(w, image(w.id))) })
      answers.set(key, body)
    }
    c.header('Cache-Control', 'public, max-age=300')
    c.header('Content-Type', 'application/json')
    return c.body(body)
  })

  app.get('/getWalletImage/:id', imageProject, (c) => {
    const wallet = catalogue.get(c.req.param('id'))
    if (!wallet) throw notFound('unknown_wallet', `No wallet with the id "${c.req.param('id').slice(0, 80)}"`)
    return svgResponse(c, generatedMarkSvg(wallet.id, wallet.name))
  })

  for (const kind of ['Asset', 'Currency', 'Token'] as const) {
    app.get(`/public/get${kind}Image/:id`, imageProject, (c) => {
      const id = c.req.param('id')
      if (!IMAGE_ID_RE.test(id))
        throw invalidRequest([{ path: 'id', message: 'must be 1–128 letters, digits, ".", "_", ":" or "-"' }])
      return svgResponse(c, generatedMarkSvg(`${kind}:${id}`, id.split(/[:.]/).pop() ?? id))
    })
  }

  app.get('/getAnalyticsConfig', project, (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ isAnalyticsEnabled: effectiveFeatures(c.get('project').features).analytics })
  })
}

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { WalletListing } from '@foyer/core/protocol'
import { MARKS_LICENCE, MARKS_PACKAGE, markName } from './marks.ts'

/** The shipped catalogue; operators replace it with `FOYER_WALLETS_FILE`. */
export const DEFAULT_WALLETS_FILE = fileURLToPath(new URL('./wallets.json', import.meta.url))

/** One wallet as the operator writes it in the catalogue file. */
export type CatalogueWallet = {
  id: string
  name: string
  homepage: string
  rdns: string | null
  /** CAIP-2 namespaces the wallet supports (`eip155`, `solana`, …). */
  chains: string[]
  mobile: { native: string | null; universal: string | null }
  desktop: { native: string | null; universal: string | null }
  webapp: string | null
  appStore: string | null
  playStore: string | null
  /** Lower first. */
  order: number
  /** Where the wallet's image comes from: a logo of the `@web3icons/core` package (MIT), or the generated mark. */
  mark: WalletMark
}

/** Which image a wallet uses; a file without `mark` gets the generated one. */
export type WalletMark =
  | { source: typeof MARKS_PACKAGE; name: string; licence: typeof MARKS_LICENCE }
  | { source: 'generated' }

export class CatalogueFileError extends Error {
  override name = 'CatalogueFileError'
}

const ID_RE = /^[a-z0-9][a-z0-9-]{0,63}$/
const NAMESPACE_RE = /^[-a-z0-9]{3,8}$/

function linkOrNull(value: unknown, where: string, problems: string[]): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'string' || !/^[a-z][a-z0-9+.-]*:/i.test(value) || value.length > 512) {
    problems.push(`${where} must be a URL or a deep link (scheme:…) or null`)
    return null
  }
  return value
}

function parseMark(value: unknown, where: string, problems: string[]): WalletMark {
  if (value === undefined || value === null) return { source: 'generated' }
  const mark = value as { source?: unknown; name?: unknown; licence?: unknown }
  if (typeof value === 'object' && mark.source === 'generated') return { source: 'generated' }
  if (typeof value === 'object' && mark.source === MARKS_PACKAGE) {
    if (typeof mark.name !== 'string' || markName('wallets', mark.name) !== mark.name)
      problems.push(`${where}.name must name a wallet mark of ${MARKS_PACKAGE}`)
    else if (mark.licence !== MARKS_LICENCE) problems.push(`${where}.licence must be "${MARKS_LICENCE}"`)
    else return { source: MARKS_PACKAGE, name: mark.name, licence: MARKS_LICENCE }
    return { source: 'generated' }
  }
  problems.push(
    `${where} must be { "source": "generated" } or { "source": "${MARKS_PACKAGE}", "name": …, "licence": "${MARKS_LICENCE}" }`,
  )
  return { source: 'generated' }
}

/** Validates the catalogue file's content; throws one error listing every problem. */
export function parseCatalogue(json: unknown, source = 'catalogue'): CatalogueWallet[] {
  const problems: string[] = []
  const list = (json as { wallets?: unknown })?.wallets
  if (!Array.isArray(list)) throw new CatalogueFileError(`${source}: expected { "wallets": [ … ] }`)
  const ids = new Set<string>()
  // biome-ignore lint/suspicious/noExplicitAny: untyped JSON: every field is checked below, and any problem throws before a wallet is returned
  const wallets = list.map((raw: Record<string, any>, index): CatalogueWallet => {
    const at = `${source}: wallets[${index}]`
    if (typeof raw !== 'object' || raw === null) {
      problems.push(`${at} must be an object`)
      return undefined as never
    }
    if (typeof raw.id !== 'string' || !ID_RE.test(raw.id))
      problems.push(`${at}.id must be lower-case letters, digits and hyphens`)
    else if (ids.has(raw.id)) problems.push(`${at}.id "${raw.id}" is used twice`)
    else ids.add(raw.id)
    if (typeof raw.name !== 'string' || !raw.name.trim() || raw.name.length > 80)
      problems.push(`${at}.name must be 1–80 characters`)
    if (
      raw.rdns !== null &&
      raw.rdns !== undefined &&
      (typeof raw.rdns !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(raw.rdns))
    ) {
      problems.push(`${at}.rdns must be a reverse domain name or null`)
    }
    if (
      !Array.isArray(raw.chains) ||
      !raw.chains.every((c: unknown) => typeof c === 'string' && NAMESPACE_RE.test(c))
    ) {
      problems.push(`${at}.chains must list CAIP-2 namespaces such as "eip155"`)
    }
    if (typeof raw.order !== 'number' || !Number.isFinite(raw.order)) problems.push(`${at}.order must be a number`)
    const mark = parseMark(raw.mark, `${at}.mark`, problems)
    return {
      id: raw.id,
      name: raw.name,
      homepage: linkOrNull(raw.homepage, `${at}.homepage`, problems) ?? '',
      rdns: raw.rdns ?? null,
      chains: raw.chains,
      mobile: {
        native: linkOrNull(raw.mobile?.native, `${at}.mobile.native`, problems),
        universal: linkOrNull(raw.mobile?.universal, `${at}.mobile.universal`, problems),
      },
      desktop: {
        native: linkOrNull(raw.desktop?.native, `${at}.desktop.native`, problems),
        universal: linkOrNull(raw.desktop?.universal, `${at}.desktop.universal`, problems),
      },
      webapp: linkOrNull(raw.webapp, `${at}.webapp`, problems),
      appStore: linkOrNull(raw.appStore, `${at}.appStore`, problems),
      playStore: linkOrNull(raw.playStore, `${at}.playStore`, problems),
      order: raw.order,
      mark,
    }
  })
  if (problems.length) throw new CatalogueFileError(problems.join('\n'))
  return wallets
}

export function loadCatalogueFile(file = DEFAULT_WALLETS_FILE): CatalogueWallet[] {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new CatalogueFileError(`Cannot read the wallet catalogue ${file}: ${(error as Error).message}`)
  }
  return parseCatalogue(json, file)
}

export type WalletQuery = {
  page: number
  entries: number
  /** Namespaces; a wallet must support at least one. */
  chains?: string[]
  include?: string[]
  exclude?: string[]
  search?: string
}

/** How well a name matches a search: 0 exact, 1 prefix, 2 a word starts with it, 3 contains it; undefined otherwise. */
export function nameMatchRank(name: string, search: string): number | undefined {
  const n = name.toLowerCase()
  if (n === search) return 0
  if (n.startsWith(search)) return 1
  if (n.split(/[^a-z0-9]+/).some((word) => word.startsWith(search))) return 2
  if (n.includes(search)) return 3
  return undefined
}

/**
 * The catalogue in memory, sorted by `order`, answering the list queries. Stateless apart from the list,
 * so every server instance answers the same.
 */
export function createWalletCatalogue(wallets: readonly CatalogueWallet[]) {
  const sorted = [...wallets].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
  const byId = new Map(sorted.map((w) => [w.id, w]))

  function list(query: WalletQuery): { count: number; data: CatalogueWallet[] } {
    const include = query.include?.length ? new Set(query.include) : undefined
    const exclude = new Set(query.exclude ?? [])
    const chains = query.chains?.length ? new Set(query.chains) : undefined
    let matches = sorted.filter(
      (w) => (!include || include.has(w.id)) && !exclude.has(w.id) && (!chains || w.chains.some((c) => chains.has(c))),
    )
    const search = query.search?.trim().toLowerCase()
    if (search) {
      const ranked: { wallet: CatalogueWallet; rank: number; index: number }[] = []
      matches.forEach((wallet, index) => {
        const rank = nameMatchRank(wallet.name, search)
        if (rank !== undefined) ranked.push({ wallet, rank, index })
      })
      matches = ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.wallet)
    } else if (include) {
      // An include list keeps the site's order (featured wallets are shown in the order given).
      const position = new Map(query.include!.map((id, i) => [id, i]))
      matches = [...matches].sort((a, b) => position.get(a.id)! - position.get(b.id)!)
    }
    const start = (query.page - 1) * query.entries
    return { count: matches.length, data: matches.slice(start, start + query.entries) }
  }

  return { wallets: sorted, get: (id: string) => byId.get(id), list }
}

export type WalletCatalogue = ReturnType<typeof createWalletCatalogue>

export function toWalletListing(wallet: CatalogueWallet, imageUrl: string): WalletListing {
  return {
    id: wallet.id,
    name: wallet.name,
    homepage: wallet.homepage,
    image_id: wallet.id,
    image_url: imageUrl,
    rdns: wallet.rdns,
    chains: wallet.chains,
    mobile_link: wallet.mobile.native,
    mobile_universal_link: wallet.mobile.universal,
    desktop_link: wallet.desktop.native,
    desktop_universal_link: wallet.desktop.universal,
    webapp_link: wallet.webapp,
    app_store: wallet.appStore,
    play_store: wallet.playStore,
    order: wallet.order,
  }
}

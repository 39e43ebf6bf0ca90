import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { WalletListing } from '@foyer/core/protocol'
import * as v from 'valibot'
import { uniqueBy } from '../settings/fields.ts'
import { settingIssues } from '../settings/issues.ts'
import { MARKS_LICENCE, MARKS_PACKAGE, markName } from './marks.ts'

/** The shipped catalogue; operators replace it with `FOYER_WALLETS_FILE`. */
export const DEFAULT_WALLETS_FILE = fileURLToPath(new URL('./wallets.json', import.meta.url))

/** One wallet as the operator writes it in the catalogue file. */
export type CatalogueWallet = {
  id: string
  name: string
  homepage: string
  rdns: string | null
  /** CAIP-2 namespaces the wallet supports (`eip155`, `solana`, …); empty when the catalogue does not say. */
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

const LINK = 'a URL or a deep link (scheme:…) of at most 512 characters, or null'
const link = v.pipe(
  v.nullish(v.pipe(v.string(LINK), v.regex(/^[a-z][a-z0-9+.-]*:/i, LINK), v.maxLength(512, LINK))),
  v.transform((value) => value ?? null),
)
const links = v.pipe(
  v.nullish(v.object({ native: link, universal: link }, 'an object {native, universal} of links')),
  v.transform((value) => value ?? { native: null, universal: null }),
)

const MARK = `{ "source": "generated" } or { "source": "${MARKS_PACKAGE}", "name": …, "licence": "${MARKS_LICENCE}" }`
const Mark = v.pipe(
  v.nullish(
    v.variant(
      'source',
      [
        v.object({ source: v.literal('generated') }),
        v.object({
          source: v.literal(MARKS_PACKAGE),
          name: v.pipe(
            v.string(`the name of a wallet mark of ${MARKS_PACKAGE}`),
            v.check((name) => markName('wallets', name) === name, `the name of a wallet mark of ${MARKS_PACKAGE}`),
          ),
          licence: v.literal(MARKS_LICENCE, `"${MARKS_LICENCE}"`),
        }),
      ],
      MARK,
    ),
  ),
  v.transform((mark): WalletMark => mark ?? { source: 'generated' }),
)

const Wallet = v.pipe(
  v.object(
    {
      id: v.pipe(
        v.string('lower-case letters, digits and hyphens'),
        v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and hyphens'),
      ),
      name: v.pipe(
        v.string('1–80 characters'),
        v.check((name) => name.trim() !== '' && name.length <= 80, '1–80 characters'),
      ),
      homepage: link,
      rdns: v.pipe(
        v.nullish(
          v.pipe(
            v.string('a reverse domain name or null'),
            v.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'a reverse domain name or null'),
          ),
        ),
        v.transform((rdns) => rdns ?? null),
      ),
      // Left out or empty: the chains are unknown, and the wallet is listed whatever chains a site asks for.
      chains: v.nullish(
        v.array(
          v.pipe(
            v.string('CAIP-2 namespaces such as "eip155"'),
            v.regex(/^[-a-z0-9]{3,8}$/, 'CAIP-2 namespaces such as "eip155"'),
          ),
          'a list of CAIP-2 namespaces such as "eip155"',
        ),
      ),
      mobile: links,
      desktop: links,
      webapp: link,
      appStore: link,
      playStore: link,
      order: v.pipe(v.number('a number'), v.finite('a number')),
      mark: Mark,
    },
    'an object',
  ),
  v.transform(
    (w): CatalogueWallet => ({
      id: w.id,
      name: w.name,
      homepage: w.homepage ?? '',
      rdns: w.rdns ?? null,
      chains: w.chains ?? [],
      mobile: { native: w.mobile?.native ?? null, universal: w.mobile?.universal ?? null },
      desktop: { native: w.desktop?.native ?? null, universal: w.desktop?.universal ?? null },
      webapp: w.webapp ?? null,
      appStore: w.appStore ?? null,
      playStore: w.playStore ?? null,
      order: w.order,
      mark: w.mark ?? { source: 'generated' },
    }),
  ),
)

/** The catalogue file: `{ "wallets": [ … ] }`, ids unique. */
const CatalogueFile = v.object(
  {
    wallets: v.pipe(
      v.array(Wallet, 'a list of wallets'),
      uniqueBy<CatalogueWallet>('id', 'an id not used before in the catalogue'),
    ),
  },
  '{ "wallets": [ … ] }',
)

/** Validates the catalogue file's content; throws one error listing every problem, one per line. */
export function parseCatalogue(json: unknown, source = 'catalogue'): CatalogueWallet[] {
  const result = v.safeParse(CatalogueFile, json)
  if (result.success) return result.output.wallets
  throw new CatalogueFileError(
    settingIssues(source, json, result.issues)
      .map((issue) => `${issue.path.replace(`${source}.`, `${source}: `)}: ${issue.message}`)
      .join('\n'),
  )
}

/** Reads the catalogue file (FOYER_WALLETS_FILE, or the shipped one); a CatalogueFileError lists its problems. */
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
  /** Namespaces; a wallet must support at least one, or list no chains at all (unknown: never filtered out). */
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
    // A wallet whose chains the catalogue does not give may still suit the site: it stays in every chain filter.
    const onChains = (w: CatalogueWallet) => !chains || !w.chains.length || w.chains.some((c) => chains.has(c))
    let matches = sorted.filter((w) => (!include || include.has(w.id)) && !exclude.has(w.id) && onChains(w))
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

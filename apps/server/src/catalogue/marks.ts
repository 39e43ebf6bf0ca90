/**
 * Real marks: the wallet, token and network logos shipped in the `@web3icons/core` npm package (MIT), read from
 * node_modules at run time — never fetched from anywhere. Only files listed in the package's own folders are
 * served: a name from a request is looked up in that listing, never joined into a path. Anything without a mark
 * gets the generated one (generatedMark.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import type { Context } from 'hono'
import type { Address, ChainConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'

export const MARKS_PACKAGE = '@web3icons/core'
export const MARKS_LICENCE = 'MIT'

export type MarkKind = 'wallets' | 'tokens' | 'networks'

/** Wallets use the square "background" variant (an app icon); tokens and networks the plain branded logo. */
const VARIANT: Record<MarkKind, string> = { wallets: 'background', tokens: 'branded', networks: 'branded' }
const FILE_RE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,63})\.svg\.js$/
/** Tokens shown with another token's mark because the package has none of their own. */
const TOKEN_ALIASES: Record<string, string> = { weth: 'eth' }

let svgsRoot: string | null | undefined
function root(): string | null {
  if (svgsRoot === undefined) {
    try {
      // `…/dist/index.js` → `…/dist/svgs`
      svgsRoot = path.join(path.dirname(createRequire(import.meta.url).resolve(MARKS_PACKAGE)), 'svgs')
    } catch {
      svgsRoot = null // not installed: everything falls back to the generated mark
    }
  }
  return svgsRoot
}

let version: string | undefined
/**
 * The `v` query parameter of image URLs that serve a real mark: the package's version, so a server with a newer
 * package gives new URLs (the images are cached as immutable for a year).
 */
export function marksVersion(): string {
  if (version === undefined) {
    const base = root()
    try {
      version = base
        ? `w3i-${JSON.parse(readFileSync(path.join(base, '..', '..', 'package.json'), 'utf8')).version}`
        : 'none'
    } catch {
      version = 'none'
    }
  }
  return version
}

const listings = new Map<MarkKind, Map<string, { name: string; file: string }>>()
/** The package's marks of one kind, by lower-case name → its own file name and absolute path. Read once. */
function listing(kind: MarkKind) {
  let found = listings.get(kind)
  if (!found) {
    found = new Map()
    const base = root()
    if (base) {
      const dir = path.join(base, kind, VARIANT[kind])
      let files: string[] = []
      try {
        files = readdirSync(dir)
      } catch {}
      for (const file of files) {
        const name = FILE_RE.exec(file)?.[1]
        if (name) found.set(name.toLowerCase(), { name, file: path.join(dir, file) })
      }
    }
    listings.set(kind, found)
  }
  return found
}

function lookup(kind: MarkKind, name: string) {
  const key = name.toLowerCase()
  const list = listing(kind)
  return list.get(key) ?? (kind === 'tokens' && TOKEN_ALIASES[key] ? list.get(TOKEN_ALIASES[key]) : undefined)
}

/** The package's own name for a mark (`ETH`, `metamask`), or undefined when it has none by that name. */
export function markName(kind: MarkKind, name: string): string | undefined {
  return lookup(kind, name)?.name
}

/** How many marks of a kind the package ships. */
export function markCount(kind: MarkKind): number {
  return listing(kind).size
}

const loaded = new Map<string, Promise<string | undefined>>()

/** The SVG of a mark from the package, or undefined when it has none by that name. */
export function loadMark(kind: MarkKind, name: string): Promise<string | undefined> {
  const entry = lookup(kind, name)
  if (!entry) return Promise.resolve(undefined)
  let svg = loaded.get(entry.file)
  if (!svg) {
    // Each file is an ES module whose default export is the SVG text. At most one entry per file of the package.
    svg = import(pathToFileURL(entry.file).href).then(
      (module: { default?: unknown }) =>
        typeof module.default === 'string' && module.default.trimStart().startsWith('<svg')
          ? module.default
          : undefined,
      () => undefined,
    )
    loaded.set(entry.file, svg)
  }
  return svg
}

let networkIds: Promise<Map<string, string>> | undefined
/** A network's mark by CAIP-2 id (`eip155:1`, from the package's metadata) or by its name (`ethereum`). */
export async function networkMarkName(id: string): Promise<string | undefined> {
  networkIds ??= import('@web3icons/common/metadata/networks').then(
    ({ networks }) => new Map(networks.filter((n) => n.caip2id).map((n) => [n.caip2id!.toLowerCase(), n.id])),
    () => new Map<string, string>(),
  )
  const byCaip = (await networkIds).get(id.toLowerCase())
  return markName('networks', byCaip ?? id)
}

/**
 * Where the image URLs of an answer point: the operator's public URL (FOYER_PUBLIC_URL, never the request's Host
 * header, which a client chooses) and the calling project, whose id goes in each URL so the image loads in a plain
 * `<img>` on the site's own origin (which sends no project header).
 */
export interface ImageBase {
  publicUrl: string
  projectId: string
}

/** The image base of a request already checked by `requireProject`. */
export function imageBaseOf(c: Context<AppEnv>, publicUrl: string): ImageBase {
  return { publicUrl, projectId: c.get('project').id }
}

/** An image route's absolute URL: `<public URL><path>` with the project id in the query. */
export function imageUrl(base: ImageBase, path: string): string {
  const [pathname, query] = path.split('?', 2)
  return `${base.publicUrl}${pathname}?projectId=${encodeURIComponent(base.projectId)}${query ? `&${query}` : ''}`
}

/** The absolute URL of a token's image route. */
export function tokenImageUrl(base: ImageBase, symbol: string): string {
  return imageUrl(base, `/public/getTokenImage/${encodeURIComponent(symbol)}?v=${marksVersion()}`)
}

/** `iconUrl`/`logoUri` for a token by symbol: its image route when the package has a mark for it, else null. */
export function tokenMarkUrl(base: ImageBase, symbol: string | null | undefined): string | null {
  const name = symbol ? markName('tokens', symbol) : undefined
  return name ? tokenImageUrl(base, symbol!) : null
}

const NATIVE = NATIVE_TOKEN_ADDRESS_EVM.toLowerCase()

/**
 * `iconUrl` for a token held or traded on a chain: the mark only for the native currency and the chain's listed
 * tokens, so an unlisted token that merely borrows a well-known symbol never gets that token's logo.
 */
export function listedTokenMarkUrl(
  base: ImageBase,
  chain: Pick<ChainConfig, 'tokens' | 'contracts' | 'nativeSymbol'>,
  address: Address | string,
  symbol: string | null | undefined,
): string | null {
  const a = address.toLowerCase()
  if (a === NATIVE) return tokenMarkUrl(base, chain.nativeSymbol)
  const listed = chain.tokens.some((t) => t.address.toLowerCase() === a) || chain.contracts.weth?.toLowerCase() === a
  return listed ? tokenMarkUrl(base, symbol) : null
}

/**
 * docs/getting-started.md stays true: every code block whose info string names a file of the repository
 * (```tsx examples/nextjs/app/providers.tsx) is that file, word for word. The examples themselves are built and
 * driven in the browser by e2e/example-*.spec.ts. docs/api.md documents exactly the routes of the route table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { API_ERROR_CODES, routes } from '@foyer/core/protocol'
import { describe, expect, it } from 'vitest'
import { CONSOLE_ROUTES } from '../apps/server/src/console/contract.ts'

const root = resolve(import.meta.dirname, '..')
const doc = readFileSync(join(root, 'docs', 'getting-started.md'), 'utf8')
const blocks = [...doc.matchAll(/^```[a-z]+ (examples\/\S+)\n([\s\S]*?)^```$/gm)].map(([, path, code]) => ({
  path: path!,
  code: code!,
}))

describe('docs/getting-started.md', () => {
  it('shows the example sites (all three of them)', () => {
    expect(blocks.some((b) => b.path.startsWith('examples/vite-react18/'))).toBe(true)
    expect(blocks.some((b) => b.path.startsWith('examples/nextjs/'))).toBe(true)
    expect(blocks.some((b) => b.path.startsWith('examples/vite-multichain/'))).toBe(true)
  })
  it.each(blocks.map((b) => [b.path, b.code] as const))('%s is the file as it is', (path, code) => {
    expect(code).toBe(readFileSync(join(root, path), 'utf8'))
  })
})

/** Source files below `dir` (no dependencies, no build output), relative to the repository root. */
function sourceFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return []
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mts|mjs)$/.test(file) && !/(^|\/)(node_modules|dist|\.next)\//.test(file))
    .map((file) => join(dir, file))
}

/** Tests and what only they use: `*.test.*` files, anything in a `test/` folder, test kits. */
const isTestCode = (file: string) => /\.test(-d)?\.tsx?$|(^|\/)test\/|TestKit\.ts$/.test(file)

describe('docs/architecture.md', () => {
  const architecture = readFileSync(join(root, 'docs', 'architecture.md'), 'utf8')

  describe('the layer table names what each part really imports', () => {
    const rows = [...architecture.matchAll(/^\| `([^`]+)` \|[^|]*\| ([^|]*) \| ([^|]*) \|$/gm)].map(
      ([, part, imports, testsUse]) => ({ part: part!, imports: imports!, testsUse: testsUse! }),
    )
    /** The workspace names a cell mentions (`core`, `embedded (/host)` …). */
    const named = (cell: string) => new Set(cell.replace(/\([^)]*\)/g, '').match(/[a-z]+/g) ?? [])
    /** Our packages `files` import, by name (`@foyer/embedded/host` → embedded). */
    const importsOf = (files: string[]) =>
      new Set(
        files.flatMap((file) =>
          [...readFileSync(join(root, file), 'utf8').matchAll(/(?:from|import\()\s*'@foyer\/([a-z]+)/g)].map(
            ([, name]) => name!,
          ),
        ),
      )

    it('lists every workspace, the apps and the examples', () => {
      expect(rows.map((r) => r.part)).toEqual(expect.arrayContaining(['packages/core', 'apps/server', 'e2e/']))
      expect(rows.length).toBeGreaterThanOrEqual(12)
    })
    it.each(rows.map((r) => [r.part, r] as const))('%s imports only what its row names', (part, row) => {
      const dirs = part.endsWith('/*')
        ? readdirSync(join(root, part.slice(0, -2))).map((name) => join(part.slice(0, -2), name))
        : [part]
      const files = dirs.flatMap(sourceFiles)
      expect(files.length, `${part}: no source files found`).toBeGreaterThan(0)
      const allowed = named(row.imports)
      const self = part.split('/')[1]
      const source = [...importsOf(files.filter((f) => !isTestCode(f)))].filter((name) => name !== self)
      expect(source.filter((name) => !allowed.has(name))).toEqual([])
      for (const name of named(row.testsUse)) allowed.add(name)
      const tests = [...importsOf(files.filter(isTestCode))].filter((name) => name !== self)
      expect(tests.filter((name) => !allowed.has(name))).toEqual([])
    })
  })

  describe('the router rules cite only what exists in packages/core/src', () => {
    const section = architecture.match(/^### Router rules\n([\s\S]*?)^#{2,3} /m)?.[1] ?? ''
    const cited = [...new Set([...section.matchAll(/`([^`]+)`/g)].map(([, name]) => name!))]
    const core = 'packages/core/src'
    const coreSource = sourceFiles(core)
      .filter((file) => !isTestCode(file))
      .map((file) => readFileSync(join(root, file), 'utf8'))
      .join('\n')

    it('has the section, citing the rules by name', () => {
      expect(cited).toEqual(expect.arrayContaining(['goBack', 'afterNetworkSwitch', 'createModalController']))
    })
    it.each(cited)('`%s`', (name) => {
      if (name.endsWith('.ts')) return expect(existsSync(join(root, core, name)), `${core}/${name}`).toBe(true)
      expect(name, 'cite a file (router/router.ts) or a name (navigate.goBack)').toMatch(/^[A-Za-z_]\w*(\.\w+)*$/)
      for (const part of name.split('.')) {
        // Declared or defined: a function, variable, type or class, a property or method, or a member of a union.
        const declared = new RegExp(
          `(function|const|let|type|interface|class)\\s+${part}\\b|\\b${part}\\??\\s*[(:=]|'${part}'`,
        )
        expect(declared.test(coreSource), `${part} is not defined in ${core}`).toBe(true)
      }
    })
  })
})

describe('code and docs explain themselves', () => {
  // A reader has only the repository: no pointers to issue numbers or to documents kept outside it.
  const outsidePointer = /\b[Ii]ssues? \d|spec §|seed['’]s\b|seed\.md|product\.md/
  const files = [
    ...['packages', 'apps', 'scripts', 'e2e', 'examples'].flatMap(sourceFiles),
    ...readdirSync(join(root, 'docs')).map((name) => join('docs', name)),
    'README.md',
  ].filter((file) => file !== 'scripts/docs.test.ts')

  it('finds the files it reads', () => expect(files.length).toBeGreaterThan(300))
  it('no source, test or doc points at an issue number or a document outside the repository', () => {
    const found = files.flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (outsidePointer.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(found).toEqual([])
  })
})

/**
 * The routes docs/api.md documents: the `METHOD /path` of each heading and of the first cell of each table row (a
 * heading may add more paths of the same method: `/public/getCurrencyImage/{id}`), without the query, `{name}` read
 * as the path parameter `:name`.
 */
function documentedRoutes(markdown: string): string[] {
  const found = new Set<string>()
  for (const line of markdown.split('\n')) {
    const cell = line.startsWith('#') ? line : line.startsWith('| `') ? line.split('|')[1]! : undefined
    if (cell === undefined) continue
    let method: string | undefined
    for (const [, code] of cell.matchAll(/`([^`]+)`/g)) {
      const route = code!.match(/^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/)
      if (route) method = route[1]
      const path = route ? route[2]! : method && code!.startsWith('/') ? code! : undefined
      if (path) found.add(`${method} ${path.split('?')[0]!.replace(/\{(\w+)\}/g, ':$1')}`)
    }
  }
  return [...found].sort()
}

describe('docs/api.md', () => {
  const api = readFileSync(join(root, 'docs', 'api.md'), 'utf8')

  it('documents every route of the route table, and no route the server does not have', () => {
    const table = [
      ...Object.values(routes).map((route) => `${route.method} ${route.path}`),
      ...Object.keys(CONSOLE_ROUTES),
    ].sort()
    expect(documentedRoutes(api)).toEqual(table)
  })

  it('names every error code the server answers with', () => {
    expect(API_ERROR_CODES.filter((code) => !new RegExp(`\\b${code}\\b`).test(api))).toEqual([])
  })

  it('reads a heading, a heading with more paths and a table row', () => {
    const sample = [
      '### `GET /v1/account/{address}/balance?currency=usd`',
      '### `GET /public/getAssetImage/{id}`, `/public/getTokenImage/{id}`',
      '| `POST /v1/embedded/wallet` | bearer | `{ user }` |',
      'Prose naming `GET /v1/elsewhere` is not a route entry.',
    ].join('\n')
    expect(documentedRoutes(sample)).toEqual([
      'GET /public/getAssetImage/:id',
      'GET /public/getTokenImage/:id',
      'GET /v1/account/:address/balance',
      'POST /v1/embedded/wallet',
    ])
  })
})

/**
 * The published packages as a site gets them (built by `npm run pack`, which `npm test` runs first):
 * - each package's API report (`packages/<name>/api-report.txt`): every public entry's runtime exports and
 *   exported types, read from dist/ (an `/internal` entry, shared by Foyer's own packages, is left out). A change
 *   to the public API shows up there; updating the report (`vitest -u`) is the deliberate way to make one.
 * - importing every entry in a plain Node process touches no `window`, `document` or storage;
 * - the declarations type-check with skipLibCheck off, resolved as a consumer resolves them.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { PUBLISHED } from './pack.mjs'

const root = resolve(import.meta.dirname, '..')
const cleanEnv = { ...process.env, NODE_OPTIONS: '' } // no `@foyer/source`: resolve like a site does

type Entry = { specifier: string; dist: string }
const entriesOf = (name: string): Entry[] => {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'))
  return Object.entries(pkg.exports as Record<string, string | { import: string }>)
    .filter(([subpath]) => subpath !== './package.json')
    .map(([subpath, target]) => ({
      specifier: `@foyer/${name}${subpath.slice(1)}`,
      dist: join(root, 'packages', name, (target as { import: string }).import),
    }))
}

/** `@foyer/<name>/internal` is shared by Foyer's own packages only; the API report holds the public entries alone. */
const isPublic = (entry: Entry) => !entry.specifier.endsWith('/internal')

const missing = PUBLISHED.flatMap(entriesOf).filter((e) => !existsSync(e.dist))
if (missing.length)
  throw new Error(`not built: ${missing.map((e) => e.specifier).join(', ')}; run \`npm run pack\` first`)

/** Runtime export names of each entry, imported in a fresh Node process. */
function runtimeExports(specifiers: string[]): Record<string, string[]> {
  const script = `const out = {}; for (const s of ${JSON.stringify(specifiers)}) out[s] = Object.keys(await import(s)).sort(); console.log(JSON.stringify(out))`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: cleanEnv,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(result.stderr)
  return JSON.parse(result.stdout)
}

/** Exported names of each entry's declarations, as a consumer's TypeScript (NodeNext) sees them, with their kind. */
function typeExports(specifiers: string[]): Record<string, string[]> {
  const file = join(root, 'scripts/consumer/consumer.ts')
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    types: [],
  })
  const checker = program.getTypeChecker()
  const out: Record<string, string[]> = {}
  for (const specifier of specifiers) {
    const resolved = ts.resolveModuleName(specifier, file, program.getCompilerOptions(), ts.sys).resolvedModule
    const source = resolved && program.getSourceFile(resolved.resolvedFileName)
    const moduleSymbol = source && checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`${specifier}: declarations not found`)
    out[specifier] = checker
      .getExportsOfModule(moduleSymbol)
      .map((s) => {
        const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s
        const kind =
          target.flags & ts.SymbolFlags.Class
            ? 'class'
            : target.flags & ts.SymbolFlags.Function
              ? 'function'
              : target.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Enum)
                ? 'value'
                : 'type'
        return `${kind} ${s.name}`
      })
      .sort((a, b) => a.split(' ')[1].localeCompare(b.split(' ')[1]))
  }
  return out
}

const allSpecifiers = PUBLISHED.flatMap(entriesOf).map((e) => e.specifier)
const runtime = runtimeExports(allSpecifiers)
const types = typeExports(allSpecifiers)

describe.each(PUBLISHED)('@foyer/%s as published', (name) => {
  it('matches its API report', async () => {
    const sections = entriesOf(name)
      .filter(isPublic)
      .map(({ specifier }) => {
        const values = new Set(runtime[specifier])
        const typed = types[specifier]
        const missingTypes = runtime[specifier].filter((n) => !typed.some((t) => t.endsWith(` ${n}`)))
        expect(missingTypes, `${specifier}: runtime exports without declarations`).toEqual([])
        const typeOnly = typed.filter((t) => !values.has(t.split(' ')[1]))
        const withValues = typed.filter((t) => values.has(t.split(' ')[1]))
        return [`## ${specifier}`, '', ...withValues, ...typeOnly, ''].join('\n')
      })
    await expect(
      `# @foyer/${name} public API (generated by scripts/published.test.ts)\n\n${sections.join('\n')}`,
    ).toMatchFileSnapshot(join(root, 'packages', name, 'api-report.txt'))
  })
})

// What a site's server renders with. @foyer/testing is left out: it is a Node tool for test runners, and the
// WalletConnect SDK it drives reads `typeof window` when loaded (harmless in Node, but a read all the same).
const siteSpecifiers = allSpecifiers.filter((s) => !s.startsWith('@foyer/testing'))

it('imports every site-facing entry in Node without reading window, document, navigator or storage', () => {
  const globals = ['window', 'document', 'localStorage', 'sessionStorage', 'indexedDB', 'navigator', 'location']
  const script = `
    const touched = []
    for (const g of ${JSON.stringify(globals)}) Object.defineProperty(globalThis, g, { configurable: true, get() { touched.push(g + ' (' + new Error().stack.split('\\n')[2].trim() + ')') } })
    for (const s of ${JSON.stringify(siteSpecifiers)}) await import(s)
    console.log(JSON.stringify(touched))`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: cleanEnv,
    encoding: 'utf8',
  })
  expect(result.stderr).toBe('')
  expect(JSON.parse(result.stdout)).toEqual([])
})

it('imports every @foyer/testing entry in plain Node', () => {
  const specifiers = allSpecifiers.filter((s) => s.startsWith('@foyer/testing'))
  const script = `for (const s of ${JSON.stringify(specifiers)}) await import(s)`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env: cleanEnv,
    encoding: 'utf8',
  })
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
})

it('its declarations type-check with skipLibCheck off, as a site resolves them', () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  const result = spawnSync(process.execPath, [tsc, '-p', 'scripts/consumer/tsconfig.json'], {
    cwd: root,
    env: cleanEnv,
    encoding: 'utf8',
  })
  expect(result.stdout + result.stderr).toBe('')
  expect(result.status).toBe(0)
}, 300_000)

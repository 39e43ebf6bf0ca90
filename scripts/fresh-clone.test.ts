/**
 * The published packages from a fresh clone, as a maintainer makes them: the last commit cloned into an empty
 * folder, `npm install`, then `npm pack -w <folder>` for each package `npm run pack` packs (the server first, so
 * its prepack builds the libraries it needs from nothing). Each tarball must hold the files of the one
 * `npm run pack` wrote to .foyer/packs (which `npm test` runs first), each of the same size, and so must the tarball
 * `npm publish --dry-run` would send, its dist/ built the same way. Sizes, not bytes: the declarations tsdown
 * writes for an inferred object type list its properties in an order that can change from one build to the next.
 *
 * The clone is of the commit, not of the working tree: with changes not yet committed the tarballs can differ,
 * and the failure says so.
 *
 * Inside `npm test` it runs its short form, a minute or two less on a 2-core machine: the server packed from
 * nothing (its prepack builds @foyer/core and @foyer/embedded first), then @foyer/react published dry (its prepack
 * builds react, not its dependency @foyer/core, which is now up to date). `npm run test:fresh-clone` packs and
 * publishes every package.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PACKED, PACKS_DIR, tarballFiles } from './pack.mjs'

const root = resolve(import.meta.dirname, '..')
const work = mkdtempSync(join(tmpdir(), 'foyer-fresh-clone-'))
const clone = join(work, 'foyer')
const packs = join(work, 'packs')
mkdirSync(packs)
// A maintainer's shell: none of the settings of the npm, Node or vitest this test runs under.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^npm_/i.test(key) && !/^VITEST/.test(key) && key !== 'NODE_ENV' && key !== 'NODE_OPTIONS',
  ),
)
const timings: string[] = []

type Packed = { filename: string; files: { path: string; size: number }[] }

/** Runs npm in the clone; returns its stdout, or throws with what it printed on stderr. */
function npm(args: string[]): string {
  const started = performance.now()
  try {
    return execFileSync('npm', args, {
      cwd: clone,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (e) {
    const { stderr } = e as { stderr?: string }
    throw new Error(`npm ${args.join(' ')} failed in the fresh clone:\n${stderr?.slice(-4000) ?? e}`)
  } finally {
    timings.push(`npm ${args.join(' ')}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
}

const sortByPath = (files: { path: string; size: number }[]) =>
  files.map(({ path, size }) => ({ path, size })).sort((a, b) => (a.path < b.path ? -1 : 1))

let uncommitted = ''

beforeAll(() => {
  const missing = PACKED.filter(({ name }) => !existsSync(join(PACKS_DIR, `foyer-${name}.tgz`)))
  if (missing.length)
    throw new Error(
      `no tarball of ${missing.map((p) => p.name).join(', ')} in ${PACKS_DIR}: run \`npm run pack\` first`,
    )
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  uncommitted = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim()
  execFileSync('git', ['clone', '--quiet', '--local', '--no-checkout', root, clone], { env })
  execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone, env })
  // From npm's cache, where the repository's own install put every package.
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'])
}, 600_000)

afterAll(() => {
  console.info(`[foyer] fresh clone:\n  ${timings.join('\n  ')}`)
  // The clone's node_modules holds some 50,000 files: removed in the background, not on the test's clock.
  spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref()
})

// The server first: in the fresh clone nothing is built yet, so its prepack builds @foyer/core and
// @foyer/embedded before it.
const order = [...PACKED].sort((a, b) => Number(b.name === 'server') - Number(a.name === 'server'))
const full = process.env.FOYER_FRESH_CLONE === 'full'
const packed = full ? order : order.filter(({ name }) => name === 'server')
const published = full ? order : order.filter(({ name }) => name === 'react')

const because = () =>
  uncommitted ? `; the clone has the last commit, and the working tree has changes not committed:\n${uncommitted}` : ''

describe.each(packed)('@foyer/$name from a fresh clone', ({ folder, name }) => {
  it(`npm pack -w ${folder} builds and packs the files npm run pack packs`, () => {
    const [tarball] = JSON.parse(npm(['pack', '-w', folder, '--json', '--pack-destination', packs])) as Packed[]
    expect(tarball.files.some((f) => f.path.startsWith('dist/'))).toBe(true)
    expect(sortByPath(tarball.files), `the files of ${name}${because()}`).toEqual(
      tarballFiles(join(PACKS_DIR, `foyer-${name}.tgz`)),
    )
  }, 600_000)
})

describe.each(published)('@foyer/$name from a fresh clone', ({ folder, name }) => {
  it(`npm publish --dry-run -w ${folder} builds and lists dist/, the same files`, () => {
    const dryRun = JSON.parse(npm(['publish', '--dry-run', '--json', '-w', folder])) as Record<string, Packed>
    const { files } = dryRun[`@foyer/${name}`]!
    const built = files.filter((f) => f.path.startsWith('dist/')).map((f) => f.path)
    expect(built).toContain('dist/index.d.ts')
    expect(built).toContain(name === 'server' ? 'dist/main.js' : 'dist/index.js')
    expect(sortByPath(files), `the files of ${name}${because()}`).toEqual(
      tarballFiles(join(PACKS_DIR, `foyer-${name}.tgz`)),
    )
  }, 600_000)
})

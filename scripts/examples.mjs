#!/usr/bin/env node
/**
 * The example sites (examples/*) as a developer outside this repository has them: each is copied to a folder of
 * its own outside the repository (so nothing resolves from the repository's node_modules), installs Foyer only
 * from the tarballs `npm run pack` wrote to .foyer/packs (never the workspaces), and builds.
 *
 *   node scripts/examples.mjs [name…]   prepare the named examples (all when none is named); prints each folder
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from './pack.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const EXAMPLES = readdirSync(join(root, 'examples')).filter((n) =>
  existsSync(join(root, 'examples', n, 'package.json')),
)
/** Kept between runs so npm's second install of an unchanged example is quick. */
export const EXAMPLES_DIR = join(tmpdir(), 'foyer-examples')
/** A site's own Node: without the repository's `@foyer/source` condition. */
const SITE_ENV = { NODE_OPTIONS: '' }

/** Copies, installs and builds one example; returns the folder it is in. */
export function prepareExample(name, { build = true } = {}) {
  const source = join(root, 'examples', name)
  const target = join(EXAMPLES_DIR, name)
  mkdirSync(target, { recursive: true })
  // Fresh sources each time; node_modules stays.
  for (const entry of readdirSync(target))
    if (entry !== 'node_modules') rmSync(join(target, entry), { recursive: true, force: true })
  cpSync(source, target, {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|dist(-[\w-]+)?|\.next)([\\/]|$)/.test(path.slice(source.length)),
  })
  // `file:../../.foyer/packs/…` points into the repository from examples/<name>; from the copy it must be absolute.
  const pkgPath = join(target, 'package.json')
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'))
  for (const field of ['dependencies', 'devDependencies'])
    for (const [dep, spec] of Object.entries(pkg[field] ?? {}))
      if (spec.startsWith('file:')) {
        const tarball = resolve(source, spec.slice('file:'.length))
        if (!existsSync(tarball)) throw new Error(`${tarball} is missing: run \`npm run pack\` first`)
        pkg[field][dep] = `file:${tarball}`
      }
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`)
  // The tarballs change with every pack while their version does not: drop the installed copies so npm takes the new ones.
  for (const dep of Object.keys(pkg.dependencies ?? {}))
    if (dep.startsWith('@foyer/')) rmSync(join(target, 'node_modules', dep), { recursive: true, force: true })
  run('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], target, SITE_ENV)
  if (build) run('npm', ['run', 'build'], target, { ...SITE_ENV, NEXT_TELEMETRY_DISABLED: '1' })
  return target
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : EXAMPLES
  for (const name of names) {
    const started = performance.now()
    try {
      const dir = prepareExample(name)
      console.log(
        `examples: ${name} installed from the tarballs and built in ${Math.round(performance.now() - started)} ms (${dir})`,
      )
    } catch (e) {
      console.error(`examples: ${name}: ${e.message}`)
      process.exit(1)
    }
  }
}

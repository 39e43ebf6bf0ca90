#!/usr/bin/env node
/**
 * `npm run pack`: builds the published packages (tsdown, each package's tsdown.config.ts) and packs each into
 * `.foyer/packs/foyer-<name>.tgz` (stable names: the example sites install from exactly these paths). Every tarball
 * is then checked the way a registry and its users would: publint (package.json against the packed files) and
 * Are the Types Wrong (types resolve for ESM consumers under node16 and bundler resolution). Exits non-zero with
 * one line per problem.
 *
 *   node scripts/pack.mjs            build, pack and check all
 *   node scripts/pack.mjs --no-build pack and check what dist/ holds
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const PACKS_DIR = join(root, '.foyer', 'packs')
export const PUBLISHED = ['core', 'embedded', 'evm', 'react', 'testing']

/** Runs a command to its end; a failure throws with the command, the folder and what it printed. */
export function run(cmd, args, cwd, env = {}) {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } })
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${(result.stdout + result.stderr).trim()}`)
  return result.stdout
}

export function buildPackages() {
  for (const name of PUBLISHED)
    run(join(root, 'node_modules/.bin/tsdown'), ['--log-level', 'warn'], join(root, 'packages', name))
}

/** Packs one workspace folder into PACKS_DIR as foyer-<name>.tgz; returns the tarball's path. */
export function packOne(folder, name) {
  const [{ filename }] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', PACKS_DIR], join(root, folder)))
  const target = join(PACKS_DIR, `foyer-${name}.tgz`)
  renameSync(join(PACKS_DIR, filename), target)
  return target
}

async function check(tarball) {
  const problems = []
  const { publint } = await import('publint')
  const { formatMessage } = await import('publint/utils')
  const data = readFileSync(tarball)
  const tar = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)
  const { messages, pkg } = await publint({ pack: { tarball: tar }, level: 'warning', strict: true })
  for (const m of messages) problems.push(`publint: ${formatMessage(m, pkg) ?? m.code}`)
  const attw = spawnSync(
    join(root, 'node_modules/.bin/attw'),
    [tarball, '--profile', 'esm-only', '--format', 'ascii', '--quiet'],
    {
      encoding: 'utf8',
    },
  )
  if (attw.status !== 0) problems.push(`attw: ${(attw.stdout + attw.stderr).trim()}`)
  return problems
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now()
  try {
    if (!process.argv.includes('--no-build')) buildPackages()
    rmSync(PACKS_DIR, { recursive: true, force: true })
    mkdirSync(PACKS_DIR, { recursive: true })
    let failed = false
    for (const name of PUBLISHED) {
      const tarball = packOne(join('packages', name), name)
      const problems = await check(tarball)
      for (const p of problems) console.error(`pack: @foyer/${name}: ${p}`)
      failed ||= problems.length > 0
    }
    if (failed) process.exit(1)
    console.log(
      `pack: ${PUBLISHED.length} packages built, packed into .foyer/packs and checked in ${Math.round(performance.now() - started)} ms`,
    )
  } catch (e) {
    console.error(`pack: ${e.message}`)
    process.exit(1)
  }
}

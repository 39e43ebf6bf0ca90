#!/usr/bin/env node
/**
 * `npm run pack`: packs the published packages, the libraries and the server, each with `npm pack` in its folder
 * into `.foyer/packs/foyer-<name>.tgz` (stable names: the example sites install from exactly these paths). Each
 * package's `prepack` (scripts/prepack.mjs) builds it, and first what it needs of the others, as it does for a
 * maintainer's `npm pack -w <folder>` or `npm publish`. Every tarball is then checked the way a registry and its
 * users would: publint (package.json against the packed files) and Are the Types Wrong (types resolve for ESM
 * consumers under node16 and bundler resolution). Exits non-zero with one line per problem.
 *
 *   node scripts/pack.mjs            build, pack and check all
 *   node scripts/pack.mjs --no-build pack and check what dist/ holds (`npm pack --ignore-scripts`)
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const PACKS_DIR = join(root, '.foyer', 'packs')
/** The libraries a site installs, in packages/<name>. */
export const PUBLISHED = ['core', 'embedded', 'evm', 'react', 'testing']
/** Every package `npm run pack` packs: its folder and its tarball's name. */
export const PACKED = [
  ...PUBLISHED.map((name) => ({ folder: `packages/${name}`, name })),
  { folder: 'apps/server', name: 'server' },
]

/** Runs a command to its end; a failure throws with the command, the folder and what it printed. */
export function run(cmd, args, cwd, env = {}) {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } })
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${(result.stdout + result.stderr).trim()}`)
  return result.stdout
}

/**
 * Packs one workspace folder into PACKS_DIR as foyer-<name>.tgz, its `prepack` building it first unless `build` is
 * false; returns the tarball's path.
 */
export function packOne(folder, name, { build = true } = {}) {
  const args = ['pack', '--json', '--pack-destination', PACKS_DIR, ...(build ? [] : ['--ignore-scripts'])]
  const [{ filename }] = JSON.parse(run('npm', args, join(root, folder)))
  const target = join(PACKS_DIR, `foyer-${name}.tgz`)
  renameSync(join(PACKS_DIR, filename), target)
  return target
}

/** The files of a tarball `npm pack` wrote (gzipped ustar), with their sizes, sorted by path. */
export function tarballFiles(tarball) {
  const tar = gunzipSync(readFileSync(tarball))
  const files = []
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const field = (start, length) => tar.toString('utf8', at + start, at + start + length).replace(/\0.*$/s, '')
    const path = [field(345, 155), field(0, 100)].filter(Boolean).join('/')
    const size = Number.parseInt(field(124, 12).trim() || '0', 8)
    if (['0', ''].includes(field(156, 1))) files.push({ path: path.replace(/^package\//, ''), size })
    at += 512 + Math.ceil(size / 512) * 512
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1))
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
    const build = !process.argv.includes('--no-build')
    rmSync(PACKS_DIR, { recursive: true, force: true })
    mkdirSync(PACKS_DIR, { recursive: true })
    let failed = false
    for (const { folder, name } of PACKED) {
      const tarball = packOne(folder, name, { build })
      const problems = await check(tarball)
      for (const p of problems) console.error(`pack: @foyer/${name}: ${p}`)
      failed ||= problems.length > 0
    }
    if (failed) process.exit(1)
    console.log(
      `pack: ${PACKED.length} packages ${build ? 'built, ' : ''}packed into .foyer/packs and checked in ${Math.round(performance.now() - started)} ms`,
    )
  } catch (e) {
    console.error(`pack: ${e.message}`)
    process.exit(1)
  }
}

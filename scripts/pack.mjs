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
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import { buildOrder, readWorkspaces } from './prepack.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const PACKS_DIR = join(root, '.foyer', 'packs')
/** The libraries a site installs, in packages/<name>. */
export const PUBLISHED = ['core', 'embedded', 'evm', 'react', 'solana', 'testing']
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

/** Like `run`, without blocking: resolves with what the command printed on stdout, rejects as `run` throws. */
function runAsync(cmd, args, cwd, env = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolvePromise(stdout)
      else reject(new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${(stdout + stderr).trim()}`))
    })
  })
}

/**
 * Packs one workspace folder into PACKS_DIR as foyer-<name>.tgz, its `prepack` building it first unless `build` is
 * false; returns the tarball's path.
 */
export async function packOne(folder, name, { build = true } = {}) {
  const args = ['pack', '--json', '--pack-destination', PACKS_DIR, ...(build ? [] : ['--ignore-scripts'])]
  const [{ filename }] = JSON.parse(await runAsync('npm', args, join(root, folder)))
  const target = join(PACKS_DIR, `foyer-${name}.tgz`)
  renameSync(join(PACKS_DIR, filename), target)
  return target
}

/**
 * The packed packages each needs built before its own `prepack` runs: the packed ones among the workspace packages
 * it depends on (transitively, as its prepack would build them), so no two builds ever write the same dist/.
 */
export function packOrder() {
  const workspaces = readWorkspaces(root)
  const nameOf = (folder) => JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).name
  const packedByPackage = new Map(PACKED.map((p) => [nameOf(p.folder), p]))
  return PACKED.map((p) => ({
    ...p,
    after: buildOrder(workspaces, nameOf(p.folder))
      .slice(0, -1)
      .filter((dep) => packedByPackage.has(dep))
      .map((dep) => packedByPackage.get(dep).name),
  }))
}

/**
 * Packs and checks every package of PACKED, up to `parallel` at a time, each once the packages it needs are packed
 * (packOrder). Calls `report(name, problems)` for each; resolves once all are done, rejects on the first failure to
 * build or pack (after the packs under way have ended).
 */
export async function packAll({ build = true, parallel = Math.max(1, availableParallelism()), report }) {
  // First the packages others wait on (most waited on first), then the last of PACKED first: the server, the
  // longest build (it also builds the frame and the console), starts as soon as it can.
  const order = packOrder()
  const waitedOn = (p) => order.filter((o) => o.after.includes(p.name)).length
  const waiting = order.reverse().sort((a, b) => waitedOn(b) - waitedOn(a))
  const done = new Set()
  const running = new Set()
  let failure = null
  await new Promise((resolveAll) => {
    const next = () => {
      if (!failure)
        for (const p of waiting.filter((w) => w.after.every((dep) => done.has(dep)))) {
          if (running.size >= parallel) break
          waiting.splice(waiting.indexOf(p), 1)
          const task = packOne(p.folder, p.name, { build })
            .then(check)
            .then((problems) => {
              report(p.name, problems)
              done.add(p.name)
            })
            .catch((e) => {
              failure ??= e
            })
            .finally(() => {
              running.delete(task)
              next()
            })
          running.add(task)
        }
      if (running.size === 0) resolveAll()
    }
    next()
  })
  if (failure) throw failure
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
  await runAsync(
    join(root, 'node_modules/.bin/attw'),
    [tarball, '--profile', 'esm-only', '--format', 'ascii', '--quiet'],
    root,
  ).catch((e) => problems.push(`attw: ${e.message.split('\n').slice(1).join('\n')}`))
  return problems
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now()
  try {
    const build = !process.argv.includes('--no-build')
    rmSync(PACKS_DIR, { recursive: true, force: true })
    mkdirSync(PACKS_DIR, { recursive: true })
    let failed = false
    await packAll({
      build,
      report: (name, problems) => {
        for (const p of problems) console.error(`pack: @foyer/${name}: ${p}`)
        failed ||= problems.length > 0
      },
    })
    if (failed) process.exit(1)
    console.log(
      `pack: ${PACKED.length} packages ${build ? 'built, ' : ''}packed into .foyer/packs and checked in ${Math.round(performance.now() - started)} ms`,
    )
  } catch (e) {
    console.error(`pack: ${e.message}`)
    process.exit(1)
  }
}

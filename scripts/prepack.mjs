#!/usr/bin/env node
/**
 * The `prepack` of every published workspace (npm runs it before `npm pack` and `npm publish`, in any clone):
 * builds what the package ships. First the workspace packages it depends on (any dependency field, transitively)
 * that have a `build` script, each after the ones it depends on and only when its dist/ is missing or stale; then
 * the package itself, always. Each build is the package's own `npm run build`, so its build config alone decides
 * what it writes.
 *
 * Stale or fresh: every build leaves a record in .foyer/builds/ with two hashes, one of its inputs and one of the
 * dist/ it wrote. The inputs are the package's folder (all but dist/, node_modules/ and dot files), the build
 * files shared at the root, the lockfile, Node's version, and the inputs of the workspace packages it depends on.
 * A dependency is fresh when both hashes still match: an edited source, a checkout, or a dist/ deleted or
 * changed since each make it stale. Content rather than modification times, because a checkout gives every file a
 * new time and a deleted file leaves none; hashing the files involved takes well under a second.
 * The package being packed builds every time: what ships then comes from the sources as they are, whatever else
 * its build reads (the server's build also builds apps/frame).
 *
 * Everything this prints goes to stderr: `npm pack --json` and `npm publish --json` print their report on stdout.
 *
 *   node ../../scripts/prepack.mjs    from a workspace's folder (its package.json `prepack`)
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Files at the repository's root that every build reads: tool and dependency versions, compiler settings. */
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'tsconfig.build.json', 'scripts/tsdown.shared.ts']
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']

/** The workspaces of the repository at `root` (root package.json `workspaces`, folders or `folder/*`), by name. */
export function readWorkspaces(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const folders = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const parent = pattern.slice(0, -2)
    return readdirSync(join(root, parent)).map((entry) => `${parent}/${entry}`)
  })
  const byName = new Map()
  for (const folder of folders) {
    const file = join(root, folder, 'package.json')
    if (!existsSync(file)) continue
    const manifest = JSON.parse(readFileSync(file, 'utf8'))
    byName.set(manifest.name, { folder, manifest })
  }
  return byName
}

/** The workspace packages `name` names in any of its dependency fields. */
function dependenciesOf(workspaces, name) {
  const { manifest } = workspaces.get(name)
  const names = new Set()
  for (const field of DEPENDENCY_FIELDS)
    for (const dep of Object.keys(manifest[field] ?? {})) if (workspaces.has(dep) && dep !== name) names.add(dep)
  return [...names].sort()
}

/** `name`'s workspace dependencies, transitively, each after the ones it depends on, and `name` last. */
export function buildOrder(workspaces, name) {
  const order = []
  const visiting = new Set()
  const visit = (current, path) => {
    if (order.includes(current)) return
    if (visiting.has(current)) {
      const circle = [...path.slice(path.indexOf(current)), current]
      throw new Error(`the workspace dependencies go round in a circle: ${circle.join(' → ')}`)
    }
    visiting.add(current)
    for (const dep of dependenciesOf(workspaces, current)) visit(dep, [...path, current])
    visiting.delete(current)
    order.push(current)
  }
  visit(name, [])
  return order
}

/** Feeds every file under `dir` (sorted, by path relative to `base`) into `hash`. */
function hashFiles(hash, dir, base, skip) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
  for (const entry of entries) {
    if (skip(entry.name, dir)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) hashFiles(hash, path, base, skip)
    else if (entry.isFile()) {
      const content = readFileSync(path)
      hash.update(`${relative(base, path)}\0${content.length}\0`)
      hash.update(content)
    }
  }
}

/** Hashes of a repository's builds: of each package's inputs, and of what a package's dist/ holds. */
export function fingerprints(root, workspaces) {
  const inputs = new Map()
  const inputsOf = (name) => {
    if (inputs.has(name)) return inputs.get(name)
    const hash = createHash('sha256').update(`node ${process.version}\0`)
    for (const file of SHARED_INPUTS) {
      const path = join(root, file)
      hash.update(`${file}\0`)
      if (existsSync(path)) hash.update(readFileSync(path))
    }
    const folder = join(root, workspaces.get(name).folder)
    hashFiles(
      hash,
      folder,
      folder,
      (entry, dir) => entry.startsWith('.') || entry === 'node_modules' || (dir === folder && entry === 'dist'),
    )
    for (const dep of dependenciesOf(workspaces, name)) hash.update(`${dep}\0${inputsOf(dep)}\0`)
    inputs.set(name, hash.digest('hex'))
    return inputs.get(name)
  }
  const distOf = (name) => {
    const dist = join(root, workspaces.get(name).folder, 'dist')
    if (!existsSync(dist)) return null
    const hash = createHash('sha256')
    hashFiles(hash, dist, dist, () => false)
    return hash.digest('hex')
  }
  return { inputsOf, distOf }
}

const recordPath = (root, folder) => join(root, '.foyer', 'builds', `${folder.replaceAll('/', '-')}.json`)

function readRecord(root, folder) {
  try {
    return JSON.parse(readFileSync(recordPath(root, folder), 'utf8'))
  } catch {
    return null
  }
}

/** Runs `npm run build` in a workspace, its output on stderr; throws when the build fails or writes no dist/. */
function runBuild(root, name, folder) {
  // The npm that runs this prepack passes its own settings down (`npm publish --dry-run` sets
  // npm_config_dry_run, `--json` npm_config_json, …); the build's npm gets none of them.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)))
  const result = spawnSync('npm', ['run', 'build'], { cwd: join(root, folder), env, stdio: ['ignore', 2, 2] })
  if (result.status !== 0) throw new Error(`${name}: \`npm run build\` in ${folder} failed (see above)`)
  if (!existsSync(join(root, folder, 'dist'))) throw new Error(`${name}: \`npm run build\` in ${folder} wrote no dist/`)
}

/**
 * Builds `name` and, before it, each workspace package it depends on whose dist/ is missing or stale. Returns what
 * was done to each package of the build order, in that order.
 */
export function prepack(root, name, log = (line) => process.stderr.write(`${line}\n`)) {
  const workspaces = readWorkspaces(root)
  if (!workspaces.has(name)) throw new Error(`${name} is not a workspace of ${root}`)
  const { inputsOf, distOf } = fingerprints(root, workspaces)
  const done = []
  for (const current of buildOrder(workspaces, name)) {
    const { folder, manifest } = workspaces.get(current)
    if (!manifest.scripts?.build) continue
    const inputs = inputsOf(current)
    if (current !== name) {
      const record = readRecord(root, folder)
      const dist = distOf(current)
      if (dist && record?.inputs === inputs && record.dist === dist) {
        log(`prepack ${name}: ${current} is up to date`)
        done.push({ name: current, built: false })
        continue
      }
      log(`prepack ${name}: building ${current} first (${!dist ? 'no dist/' : record ? 'stale' : 'no build record'})`)
    } else log(`prepack ${name}: building ${name}`)
    const started = performance.now()
    runBuild(root, current, folder)
    mkdirSync(dirname(recordPath(root, folder)), { recursive: true })
    writeFileSync(recordPath(root, folder), `${JSON.stringify({ inputs, dist: distOf(current) }, null, 2)}\n`)
    log(`prepack ${name}: built ${current} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    done.push({ name: current, built: true })
  }
  return done
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
  try {
    const { name } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'))
    prepack(root, name)
  } catch (e) {
    console.error(`prepack: ${e instanceof Error ? e.message : e}`)
    process.exit(1)
  }
}

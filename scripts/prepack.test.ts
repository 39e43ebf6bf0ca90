/**
 * scripts/prepack.mjs on a small repository of its own (three workspaces whose builds copy src/ into dist/ and
 * note each build in builds.log): the build order, when a dependency is rebuilt and when it is left as it is.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildOrder, prepack, readWorkspaces } from './prepack.mjs'

const root = mkdtempSync(join(tmpdir(), 'foyer-prepack-'))
const BUILD = `import { appendFileSync, cpSync } from 'node:fs'
cpSync('src', 'dist', { recursive: true })
appendFileSync('../../builds.log', process.env.npm_package_name + '\\n')
`

function write(path: string, content: string) {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), content)
}

function workspace(folder: string, name: string, fields: Record<string, unknown>) {
  write(`${folder}/package.json`, JSON.stringify({ name, version: '1.0.0', ...fields }))
  write(`${folder}/src/index.js`, `export const name = '${name}'\n`)
}

/** Runs the prepack of `name`; returns the packages it built, in order. */
function run(name: string): string[] {
  rmSync(join(root, 'builds.log'), { force: true })
  const done = prepack(root, name, () => {})
  const log = readFileSync(join(root, 'builds.log'), 'utf8').trim().split('\n')
  expect(done.filter((d) => d.built).map((d) => d.name)).toEqual(log)
  return log
}

beforeAll(() => {
  write(
    'package.json',
    JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*', 'apps/tool', 'apps/server'] }),
  )
  write('scripts/build.mjs', BUILD)
  const build = { build: 'node ../../scripts/build.mjs' }
  workspace('packages/base', '@x/base', { scripts: build })
  workspace('packages/ui', '@x/ui', { scripts: build, dependencies: { '@x/base': '*' } })
  // A workspace without a build (run from source): never built, but its files are inputs of what depends on it.
  workspace('apps/tool', '@x/tool', { dependencies: { '@x/base': '*' } })
  workspace('apps/server', '@x/server', {
    scripts: build,
    dependencies: { ok: '^1.0.0' },
    devDependencies: { '@x/ui': '*', '@x/tool': '*' },
  })
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('prepack', () => {
  it('orders the workspace dependencies of every field before the package', () => {
    expect(buildOrder(readWorkspaces(root), '@x/server')).toEqual(['@x/base', '@x/tool', '@x/ui', '@x/server'])
    expect(buildOrder(readWorkspaces(root), '@x/base')).toEqual(['@x/base'])
  })

  it('in a fresh clone builds the dependencies first, then the package', () => {
    expect(run('@x/server')).toEqual(['@x/base', '@x/ui', '@x/server'])
    expect(readFileSync(join(root, 'packages/base/dist/index.js'), 'utf8')).toContain('@x/base')
  })

  it('builds the package again every time, and its dependencies only when they are stale', () => {
    expect(run('@x/server')).toEqual(['@x/server'])
    expect(run('@x/ui')).toEqual(['@x/ui'])
  })

  it('rebuilds a dependency whose sources changed, and what depends on it', () => {
    write('packages/base/src/more.js', 'export const more = 1\n')
    expect(run('@x/server')).toEqual(['@x/base', '@x/ui', '@x/server'])
  })

  it('counts the files of a dependency without a build as inputs of what depends on it', () => {
    write('apps/tool/src/index.js', 'export const name = "changed"\n')
    expect(run('@x/server')).toEqual(['@x/server'])
    expect(run('@x/ui')).toEqual(['@x/ui']) // ui does not depend on the tool
    write('packages/base/src/index.js', 'export const name = "changed"\n')
    expect(run('@x/ui')).toEqual(['@x/base', '@x/ui'])
  })

  it('rebuilds a dependency whose dist/ is gone or was changed by hand', () => {
    rmSync(join(root, 'packages/ui/dist'), { recursive: true })
    expect(run('@x/server')).toEqual(['@x/ui', '@x/server'])
    writeFileSync(join(root, 'packages/base/dist/index.js'), 'export const name = "edited"\n')
    expect(run('@x/server')).toEqual(['@x/base', '@x/server'])
  })

  it('rebuilds everything when a shared build file changes', () => {
    write('tsconfig.build.json', '{}\n')
    expect(run('@x/server')).toEqual(['@x/base', '@x/ui', '@x/server'])
  })

  it('stops on a build that fails, before building what depends on it', () => {
    write('packages/base/package.json', JSON.stringify({ name: '@x/base', scripts: { build: 'exit 3' } }))
    rmSync(join(root, 'builds.log'), { force: true })
    expect(() => prepack(root, '@x/server', () => {})).toThrow(/@x\/base: `npm run build` in packages\/base failed/)
    expect(() => readFileSync(join(root, 'builds.log'))).toThrow()
  })

  it('refuses workspace dependencies that go round in a circle', () => {
    workspace('packages/base', '@x/base', { scripts: { build: 'true' }, devDependencies: { '@x/server': '*' } })
    expect(() => prepack(root, '@x/ui', () => {})).toThrow(
      'the workspace dependencies go round in a circle: @x/base → @x/server → @x/tool → @x/base',
    )
  })
})

/**
 * Test files run side by side (vitest two files at a time, beside Playwright), so a fixed port in a test must belong
 * to one file: two files starting anvil or a relay on the same port talk to each other's process, and fail only
 * when they happen to overlap. A port here is a number in the test range (18000–19999) given to a key or a
 * constant (`port: 18001`, `const RELAY_PORT = 18002`); a port inside a URL is a place nothing listens on.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const FOLDERS = ['apps', 'packages', 'scripts', 'e2e', 'faults', 'bench', 'examples']

function testFiles(): string[] {
  return FOLDERS.flatMap((dir) => {
    try {
      return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => !/(^|\/)(node_modules|dist|\.next)\//.test(file))
        .filter((file) => /\.(test|spec)\.tsx?$|(^|\/)test\/.*\.tsx?$/.test(file))
        .map((file) => join(dir, file))
        .filter((file) => file !== 'scripts/testPorts.test.ts')
    } catch {
      return []
    }
  })
}

/** The fixed ports a file's source gives to a key or a constant. */
function fixedPorts(source: string): number[] {
  return [...new Set([...source.matchAll(/(?<![\d.])[:=]\s*(1[89]\d{3})\b/g)].map((m) => Number(m[1])))]
}

describe('fixed ports in tests', () => {
  it('finds a port given to a key or a constant, not one inside a URL', () => {
    expect(
      fixedPorts("startChain({ port: 18001 }); const RELAY_PORT = 18002; fetch('http://127.0.0.1:18003')"),
    ).toEqual([18001, 18002])
  })

  it('each belongs to one test file', () => {
    const owners = new Map<number, string[]>()
    for (const file of testFiles())
      for (const port of fixedPorts(readFileSync(join(root, file), 'utf8')))
        owners.set(port, [...(owners.get(port) ?? []), file])
    expect(owners.size).toBeGreaterThan(20)
    const shared = [...owners].filter(([, files]) => files.length > 1)
    expect(shared).toEqual([])
  })
})

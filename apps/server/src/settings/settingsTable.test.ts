/** docs/configuration.md's server settings are the settings table, and every variable the server reads is in it. */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTING_KEYS } from './serverSettings.ts'
import { documentedTable, settingsTable } from './settingsTable.ts'

const root = resolve(import.meta.dirname, '../../../..')
const doc = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8')

/** The environment variables the server's own code reads (`env.X`, `env['X']`, `get('X')`, `process.env.X`). */
function variablesReadBy(dir: string): Set<string> {
  const found = new Set<string>()
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || /\.test\.ts$|(^|\/)test\//.test(file)) continue
    const text = readFileSync(join(dir, file), 'utf8')
    for (const [, name] of text.matchAll(/\benv(?:\.|\[')([A-Z][A-Z0-9_]+)/g)) found.add(name!)
  }
  return found
}

describe('docs/configuration.md, "Server settings"', () => {
  it('is the table written from the settings (run `npx tsx --conditions=@foyer/source scripts/settings-table.ts`)', () => {
    expect(documentedTable(doc)).toBe(settingsTable().trim())
  })

  it('has a row for every setting, once', () => {
    const table = documentedTable(doc) ?? ''
    const rows = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map(([, key]) => key)
    expect(rows.sort()).toEqual([...SETTING_KEYS].sort())
    expect(table).toContain('`FOYER_TRUST_PROXY`')
  })

  it('and the table has every variable the server code reads from the environment', () => {
    const read = variablesReadBy(join(root, 'apps', 'server', 'src'))
    expect([...read].filter((name) => !(SETTING_KEYS as string[]).includes(name))).toEqual([])
  })
})

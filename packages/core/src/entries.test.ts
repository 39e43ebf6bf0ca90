import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/** The names an entry exports, read from its source, and whether it re-exports a whole module. */
function exportsOf(file: string) {
  const text = readFileSync(join(import.meta.dirname, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest)
  const names: string[] = []
  let star = false
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue
    const clause = statement.exportClause
    if (!clause || ts.isNamespaceExport(clause)) star = true
    else names.push(...clause.elements.map((e) => e.name.text))
  }
  return { names, star }
}

describe("core's entries", () => {
  const site = exportsOf('index.ts')
  const internal = exportsOf('internal.ts')

  it('list every name (no `export *`), so a change to the public API is a change to index.ts', () => {
    expect(site.star).toBe(false)
    expect(internal.star).toBe(false)
  })

  it('never export one name from both: the internal entry holds only what a site does not use', () => {
    expect(site.names.filter((name) => internal.names.includes(name))).toEqual([])
  })
})

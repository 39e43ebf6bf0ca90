/**
 * The "Server settings" section of docs/configuration.md, written from the settings table: one table per group, one
 * row per variable with its default, what it accepts (the same words as the error lines) and what it does.
 * `scripts/settings-table.ts` rewrites the section; settingsTable.test.ts fails when the doc and the table differ.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { SERVER_SETTINGS, SETTING_GROUPS, SETTING_KEYS, type Setting } from './serverSettings.ts'

export const TABLE_START = '<!-- server-settings:start (written by scripts/settings-table.ts from the server) -->'
export const TABLE_END = '<!-- server-settings:end -->'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The markdown between the markers. */
export function settingsTable(): string {
  const out: string[] = []
  for (const group of SETTING_GROUPS) {
    const keys = SETTING_KEYS.filter((key) => (SERVER_SETTINGS[key] as Setting).group === group)
    if (!keys.length) continue
    out.push(`### ${group}`, '', '| variable | default | accepts | what it does |', '|---|---|---|---|')
    for (const key of keys) {
      const setting = SERVER_SETTINGS[key] as Setting
      const notes = [
        setting.secret || setting.secretFields ? 'Secret: never logged or shown in errors.' : '',
        setting.notInFile ? 'Environment only.' : '',
      ].filter(Boolean)
      out.push(
        `| \`${key}\` | ${cell(setting.shows)} | ${cell(setting.field.expects)} | ${cell([setting.about, ...notes].join(' '))} |`,
      )
    }
    out.push('')
  }
  return out.join('\n')
}

/** The section as it is in `markdown`, or undefined when the markers are missing. */
export function documentedTable(markdown: string): string | undefined {
  const start = markdown.indexOf(TABLE_START)
  const end = markdown.indexOf(TABLE_END)
  if (start < 0 || end < start) return undefined
  return markdown.slice(start + TABLE_START.length, end).trim()
}

/** Rewrites the section of `file` (docs/configuration.md) from the settings table. */
export function writeSettingsTable(file: string): void {
  const markdown = readFileSync(file, 'utf8')
  const start = markdown.indexOf(TABLE_START)
  const end = markdown.indexOf(TABLE_END)
  if (start < 0 || end < start) throw new Error(`${file} has no ${TABLE_START} … ${TABLE_END} section`)
  const table = settingsTable().trim()
  writeFileSync(file, `${markdown.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${markdown.slice(end)}`)
}

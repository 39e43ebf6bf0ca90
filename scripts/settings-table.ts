/**
 * Rewrites the "Server settings" tables of docs/configuration.md from the server's settings table
 * (apps/server/src/settings/serverSettings.ts). Run after adding or changing a setting:
 *   npx tsx --conditions=@foyer/source scripts/settings-table.ts
 */
import { join, resolve } from 'node:path'
import { writeSettingsTable } from '../apps/server/src/settings/settingsTable.ts'

const file = join(resolve(import.meta.dirname, '..'), 'docs', 'configuration.md')
writeSettingsTable(file)
console.log(`wrote the server settings into ${file}`)

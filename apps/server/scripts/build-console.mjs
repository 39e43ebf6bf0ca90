#!/usr/bin/env node
/**
 * Builds the operator's console (apps/console, vite) into dist/console-app, so the packed server serves it at
 * /console with no setting (FOYER_CONSOLE_DIR points at another build). The console calls its own origin's
 * /console/api, so one build serves any deployment.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const consoleDir = resolve(serverDir, '..', 'console')
const vite = resolve(serverDir, '..', '..', 'node_modules', '.bin', 'vite')
const outDir = join(serverDir, 'dist', 'console-app')

if (!existsSync(vite)) throw new Error(`vite not found at ${vite}; run npm install at the repository root`)
const result = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: consoleDir,
  stdio: 'inherit',
})
if (result.status !== 0) process.exit(result.status ?? 1)
if (!existsSync(join(outDir, 'index.html'))) throw new Error(`the console build has no ${outDir}/index.html`)

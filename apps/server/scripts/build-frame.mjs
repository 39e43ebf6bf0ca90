#!/usr/bin/env node
/**
 * Builds the secure frame (apps/frame, vite) into dist/frame-app, so the packed server serves it with
 * `foyer-server --frame` and no folder. The frame is built with a placeholder server URL; the frame host writes the
 * server's FOYER_PUBLIC_URL in its place when it loads the build (src/frame/frameHost.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const FRAME_API_URL_PLACEHOLDER = 'https://foyer-api-url.invalid'
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const frameDir = resolve(serverDir, '..', 'frame')
const vite = resolve(serverDir, '..', '..', 'node_modules', '.bin', 'vite')
const outDir = join(serverDir, 'dist', 'frame-app')

if (!existsSync(vite)) throw new Error(`vite not found at ${vite}; run npm install at the repository root`)
const result = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: frameDir,
  stdio: 'inherit',
  env: { ...process.env, FOYER_API_URL: FRAME_API_URL_PLACEHOLDER },
})
if (result.status !== 0) process.exit(result.status ?? 1)
if (!existsSync(join(outDir, 'index.html'))) throw new Error(`the frame build has no ${outDir}/index.html`)

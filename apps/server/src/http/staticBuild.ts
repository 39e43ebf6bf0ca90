/**
 * A vite build read into memory at start: every file keyed by its URL path, with its content type. Pages served
 * from it (the secure frame, the operator's console) look a request's path up in this map, never join it to a
 * folder, so nothing outside the build can be reached.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

export type BuildFile = { body: Buffer; type: string; extension: string }

/** Every file under `distDir` by URL path (`/index.html`, `/assets/index-abc123.js` …). */
export function readBuildFiles(distDir: string): Map<string, BuildFile> {
  const files = new Map<string, BuildFile>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else {
        const extension = path.extname(name)
        files.set(`/${path.relative(distDir, full).split(path.sep).join('/')}`, {
          body: readFileSync(full),
          type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          extension,
        })
      }
    }
  }
  walk(distDir)
  return files
}

/**
 * Serves the operator's console (a vite build of apps/console, base `/console/`) at `/console`: its files by exact
 * path from memory (read once at start; see http/staticBuild.ts), and index.html for any other path under
 * `/console/` so the app's own URLs (`/console/projects/shop`) load it. `/console/api/*` is never answered here:
 * those requests go on to the console API's routes, or to the JSON 404.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../http/context.ts'
import { type BuildFile, readBuildFiles } from '../http/staticBuild.ts'
import { CONSOLE_API_PATH, CONSOLE_PATH } from './contract.ts'

/**
 * Same-origin everything, nothing inline, never framed: the console holds an operator's session and its buttons
 * change projects, so a framing page could clickjack them.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

function pageHeaders(c: Context) {
  c.header('Content-Security-Policy', CONSOLE_CSP)
  c.header('X-Frame-Options', 'DENY')
  c.header('X-Content-Type-Options', 'nosniff')
  // The sign-in link's URL carries its one-time token until the app takes it out of the address bar.
  c.header('Referrer-Policy', 'no-referrer')
  c.header('Cross-Origin-Opener-Policy', 'same-origin')
  c.header('Cross-Origin-Resource-Policy', 'same-origin')
  c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
}

const NOT_BUILT =
  'The operator console is not built: run `npm run build -w @foyer/server`, or set FOYER_CONSOLE_DIR to a build of apps/console.'

export function registerConsoleApp(app: Hono<AppEnv>, { distDir }: { distDir: string | undefined }) {
  if (distDir && !existsSync(join(distDir, 'index.html')))
    throw new Error(`FOYER_CONSOLE_DIR ${distDir} has no index.html: it is not a console build`)
  const files = distDir ? readBuildFiles(distDir) : new Map<string, BuildFile>()
  const index = files.get('/index.html')

  // A middleware rather than GET routes: it answers GET and HEAD for the pages and lets everything else (the API
  // under /console/api, other methods) go on to the routes, whichever order they were registered in.
  const serve: MiddlewareHandler<AppEnv> = async (c, next) => {
    const path = c.req.path
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(path)) return next()
    if (path === CONSOLE_PATH) return c.redirect(`${CONSOLE_PATH}/`, 308)
    pageHeaders(c)
    if (!index) return c.text(NOT_BUILT, 404, { 'Cache-Control': 'no-store' })
    const file = files.get(path.slice(CONSOLE_PATH.length))
    if (file && path !== `${CONSOLE_PATH}/index.html`) {
      // Vite names assets by content hash: a name never changes content, so they may be cached for good.
      const hashed = path.startsWith(`${CONSOLE_PATH}/assets/`)
      c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
      c.header('Content-Type', file.type)
      return c.body(file.body as Uint8Array<ArrayBuffer>)
    }
    // A missing asset is a 404, not the page (a script tag given HTML fails confusingly).
    if (path.startsWith(`${CONSOLE_PATH}/assets/`)) return c.text('Not found', 404, { 'Cache-Control': 'no-store' })
    c.header('Cache-Control', 'no-store')
    c.header('Content-Type', index.type)
    return c.body(index.body as Uint8Array<ArrayBuffer>)
  }
  app.use(CONSOLE_PATH, serve)
  app.use(`${CONSOLE_PATH}/*`, serve)
}

const isApiPath = (path: string) => path === CONSOLE_API_PATH || path.startsWith(`${CONSOLE_API_PATH}/`)

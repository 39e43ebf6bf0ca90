/**
 * Serves the built secure frame (`vite build` of apps/frame) with its security headers: the production way to
 * host it, and what the devnet runs on 127.0.0.1:5174. Only files present in the build at start are served
 * (looked up in a map, never a path joined from the URL), so nothing outside the build can be reached.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type Context, Hono } from 'hono'
import type { ServerConfig } from '../config.ts'
import { readBuildFiles } from '../http/staticBuild.ts'
import { type Logger, silentLogger } from '../log.ts'
import { routePattern } from '../observability/metrics.ts'
import { requestContext } from '../observability/requestId.ts'
import { isValidProjectId } from '../projects/model.ts'
import type { ProjectStore } from '../projects/store.ts'
import { connectSources, frameAncestors, frameContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from './frameCsp.ts'

export interface FrameAppOptions {
  config: Pick<ServerConfig, 'chains' | 'embedded' | 'solana'>
  projects: Pick<ProjectStore, 'get'>
  /** The frame build (apps/frame/dist): index.html and assets/. */
  distDir: string
  /** Access log: one line per request with its id (X-Request-Id), as on the API (default: none). */
  logger?: Logger
}

/**
 * The server URL a frame build shipped inside the package carries (scripts/build-frame.mjs). The host writes the
 * server's public URL (FOYER_PUBLIC_URL) in its place, so one build serves any deployment. A build made with
 * FOYER_API_URL (the devnet's) does not contain it and is served unchanged.
 */
export const FRAME_API_URL_PLACEHOLDER = 'https://foyer-api-url.invalid'
const TEXT_TYPES = new Set(['.html', '.js', '.mjs', '.css', '.json'])

type BuiltFile = { body: Uint8Array; type: string; rewritten: boolean }

export function createFrameApp({ config, projects, distDir, logger = silentLogger }: FrameAppOptions): Hono {
  if (!/^https?:\/\/[A-Za-z0-9.\-:[\]]+$/.test(config.embedded.publicUrl)) {
    throw new Error('FOYER_PUBLIC_URL must be a plain http(s) origin (scheme, host, port) for the frame host')
  }
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8').replaceAll(
    FRAME_API_URL_PLACEHOLDER,
    config.embedded.publicUrl,
  )
  if (/http-equiv\s*=\s*["']?content-security-policy/i.test(indexHtml)) {
    // A <meta> policy would be combined with the header one (both must pass) and cannot carry frame-ancestors.
    throw new Error(`${distDir}/index.html still carries a <meta> Content-Security-Policy; the header is the policy`)
  }
  const files = listBuild(distDir, config.embedded.publicUrl)
  const connect = connectSources(config)
  const https = config.embedded.frameOrigin.startsWith('https://')
  const app = new Hono()

  app.use(requestContext(logger, routePattern))
  app.use(async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('Cross-Origin-Opener-Policy', 'same-origin')
    c.header('Cross-Origin-Resource-Policy', 'same-origin')
    if (https) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
  })

  const page = async (c: Context) => {
    const projectId = c.req.query('projectId')
    let ancestors = "'none'"
    let status: 200 | 503 = 200
    if (isValidProjectId(projectId)) {
      try {
        ancestors = frameAncestors((await projects.get(projectId))?.allowedOrigins)
      } catch {
        status = 503 // the project store is not answering: framed by nobody, and say so
      }
    }
    c.header('Content-Security-Policy', frameContentSecurityPolicy({ ancestors, connect }))
    c.header('Cache-Control', 'no-store')
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    return c.html(status === 200 ? indexHtml : 'The Foyer server is not answering; try again shortly.', status)
  }
  app.get('/', page)
  app.get('/index.html', page)

  app.get('*', (c) => {
    const file = files.get(c.req.path)
    if (!file) return c.text('Not found', 404, { 'Cache-Control': 'no-store' })
    // Vite names assets by content hash: a name never changes content, so they may be cached for good.
    // A file the host rewrote keeps its build name while its content follows FOYER_PUBLIC_URL: revalidated instead.
    const hashed = c.req.path.startsWith('/assets/') && !file.rewritten
    c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    c.header('Content-Type', file.type)
    return c.body(file.body as Uint8Array<ArrayBuffer>)
  })
  return app
}

/** Every file of the build except index.html (served as the page), keyed by URL path. */
function listBuild(distDir: string, publicUrl: string): Map<string, BuiltFile> {
  const files = new Map<string, BuiltFile>()
  for (const [urlPath, { body, type, extension }] of readBuildFiles(distDir)) {
    if (urlPath === '/index.html') continue
    if (TEXT_TYPES.has(extension) && body.includes(FRAME_API_URL_PLACEHOLDER)) {
      files.set(urlPath, {
        body: Buffer.from(body.toString('utf8').replaceAll(FRAME_API_URL_PLACEHOLDER, publicUrl)),
        type,
        rewritten: true,
      })
    } else files.set(urlPath, { body, type, rewritten: false })
  }
  return files
}

/**
 * The frame host on its own port, in the server process: `FOYER_FRAME_DIR` (the frame build) turns it on,
 * `FOYER_FRAME_PORT` (default 5174) and `FOYER_FRAME_HOST` (default the server's HOST) say where it listens.
 * Its own port means its own origin, which the frame needs (FOYER_FRAME_ORIGIN names that origin publicly).
 */
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createAdaptorServer } from '@hono/node-server'
import { ConfigError, type ServerConfig } from '../config.ts'
import type { Issue } from '../http/errors.ts'
import type { Logger } from '../log.ts'
import type { ProjectStore } from '../projects/store.ts'
import { createFrameApp } from './frameHost.ts'

export interface FrameHostSettings {
  distDir: string
  host: string
  port: number
}

/** Undefined when FOYER_FRAME_DIR is unset; a ConfigError naming the variable when a value is wrong. */
export function loadFrameHostSettings(
  env: NodeJS.ProcessEnv,
  server: { host: string },
  cwd = process.cwd(),
): FrameHostSettings | undefined {
  const get = (name: string) => env[name]?.trim() || undefined
  const dir = get('FOYER_FRAME_DIR')
  if (!dir) return undefined
  const issues: Issue[] = []
  const distDir = path.resolve(cwd, dir)
  if (!existsSync(path.join(distDir, 'index.html')))
    issues.push({
      path: 'FOYER_FRAME_DIR',
      message: `must be the frame build (vite build of apps/frame); ${distDir}/index.html does not exist`,
    })
  const rawPort = get('FOYER_FRAME_PORT') ?? '5174'
  const port = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : NaN
  if (!(port >= 0 && port <= 65535))
    issues.push({ path: 'FOYER_FRAME_PORT', message: 'must be a port number (0 to 65535)' })
  const host = get('FOYER_FRAME_HOST') ?? server.host
  if (!/^[A-Za-z0-9.:\-[\]]{1,255}$/.test(host))
    issues.push({ path: 'FOYER_FRAME_HOST', message: 'must be a hostname or IP address' })
  if (issues.length) throw new ConfigError(issues)
  return { distDir, host, port }
}

export interface RunningFrameHost {
  url: string
  close(): Promise<void>
}

export async function startFrameHost(options: {
  settings: FrameHostSettings
  config: ServerConfig
  projects: ProjectStore
  logger: Logger
}): Promise<RunningFrameHost> {
  const { settings, logger } = options
  const app = createFrameApp({ config: options.config, projects: options.projects, distDir: settings.distDir, logger })
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(
              `Port ${settings.port} on ${settings.host} is already in use; set FOYER_FRAME_PORT to another port`,
              { cause: e },
            )
          : e,
      )
    server.once('error', onError)
    server.listen(settings.port, settings.host, () => {
      server.off('error', onError)
      server.on('error', (e) => logger.error('frame host error', { error: e }))
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`
  logger.info('serving the secure frame', { url, distDir: settings.distDir })
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 5_000)
        force.unref()
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}

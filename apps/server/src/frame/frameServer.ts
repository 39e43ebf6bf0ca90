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
import { ConfigError, type Env, type ServerConfig } from '../config.ts'
import type { Logger } from '../log.ts'
import type { ProjectStore } from '../projects/store.ts'
import { parseSettings } from '../settings/serverSettings.ts'
import { createFrameApp } from './frameHost.ts'

export interface FrameHostSettings {
  distDir: string
  host: string
  port: number
}

/** Undefined when FOYER_FRAME_DIR is unset; a ConfigError naming the variable when a value is wrong. */
export function loadFrameHostSettings(
  env: Env,
  server: { host: string },
  cwd = process.cwd(),
): FrameHostSettings | undefined {
  const { values, issues } = parseSettings(env, ['FOYER_FRAME_DIR', 'FOYER_FRAME_PORT', 'FOYER_FRAME_HOST'])
  if (values.FOYER_FRAME_DIR === undefined) return undefined
  const distDir = path.resolve(cwd, values.FOYER_FRAME_DIR)
  if (!existsSync(path.join(distDir, 'index.html')))
    issues.push({
      path: 'FOYER_FRAME_DIR',
      message: `got ${JSON.stringify(values.FOYER_FRAME_DIR)}, expected the folder of a frame build (vite build of apps/frame); ${distDir}/index.html does not exist`,
    })
  if (issues.length) throw new ConfigError(issues)
  return { distDir, host: values.FOYER_FRAME_HOST ?? server.host, port: values.FOYER_FRAME_PORT }
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

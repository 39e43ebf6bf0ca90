/**
 * The embedded wallet's part of the local stack: the mail sink (SMTP + HTTP inbox), the faucet that funds new
 * embedded wallets, and the secure frame app (apps/frame, its own origin). `startStack` calls this and passes the
 * returned environment to the server (SMTP, frame origin, faucet, the frame build to serve) and the demo (frame URL).
 *
 * The frame is built (`vite build`, the server URL baked in) and then served by the Foyer server's frame host on
 * its own port (FOYER_FRAME_DIR / FOYER_FRAME_PORT / FOYER_FRAME_HOST): the production recipe, so the frame's
 * security headers (CSP frame-ancestors per project) hold under `npm start` and Playwright alike. `vite` and
 * `vite preview` would serve it without them.
 */
import { existsSync } from 'node:fs'
import { runChild } from './children.ts'
import type { DevnetInfo } from './devnet-file.ts'
import { type Faucet, startFaucet } from './faucet/faucet.ts'
import { type MailSink, startMailSink } from './mail/mailSink.ts'
import { repoPath } from './paths.ts'
import { assertPortFree, portFromEnv } from './ports.ts'

const FRAME_DIR = 'apps/frame'
const FRAME_BUILD_MS = 300_000

export interface EmbeddedPorts {
  frame: number
  smtp: number
  inbox: number
  faucet: number
}

export function embeddedPorts(env: NodeJS.ProcessEnv = process.env): EmbeddedPorts {
  return {
    frame: portFromEnv(env, 'FOYER_FRAME_PORT', 5174),
    smtp: portFromEnv(env, 'FOYER_SMTP_PORT', 2525),
    inbox: portFromEnv(env, 'FOYER_MAIL_PORT', 8025),
    faucet: portFromEnv(env, 'FOYER_FAUCET_PORT', 8789),
  }
}

export type EmbeddedServices = {
  urls: { frame?: string; smtp: string; inbox: string; faucet: string }
  /** For the server: SMTP_HOST/PORT, FOYER_FRAME_ORIGIN, FOYER_EMBEDDED_FAUCET_URL, and FOYER_FRAME_DIR/PORT/HOST. */
  serverEnv: Record<string, string>
  /** For the demo: FOYER_FRAME_URL. */
  demoEnv: Record<string, string>
  /** Builds the frame for the server to serve: run it before the server starts. */
  buildFrame(): Promise<void>
  /** What answers once the server serves the frame (its readiness URL then), else undefined. */
  frameReadyUrl?: string
  stop(): Promise<void>
}

export async function checkEmbeddedPorts(host: string, ports: EmbeddedPorts, withFrame: boolean) {
  await assertPortFree(host, ports.smtp, 'the mail sink (SMTP)', 'FOYER_SMTP_PORT')
  await assertPortFree(host, ports.inbox, 'the mail inbox', 'FOYER_MAIL_PORT')
  await assertPortFree(host, ports.faucet, 'the faucet', 'FOYER_FAUCET_PORT')
  if (withFrame && existsSync(repoPath(FRAME_DIR, 'index.html')))
    await assertPortFree(host, ports.frame, 'the secure frame', 'FOYER_FRAME_PORT')
}

export async function startEmbeddedServices(options: {
  host: string
  urlHost: string
  ports: EmbeddedPorts
  devnet: DevnetInfo
  /** Serve the frame app (built, then served by the Foyer server with its headers, in both modes). */
  frame: 'dev' | 'preview' | false
  serverUrl?: string
  vite: { command: string; prefix: string[] }
  env: NodeJS.ProcessEnv
  echo: boolean
}): Promise<EmbeddedServices> {
  const { host, urlHost, ports } = options
  let sink: MailSink | undefined
  let faucet: Faucet | undefined
  const stop = async () => {
    await Promise.all([sink?.stop(), faucet?.stop()])
  }
  try {
    sink = await startMailSink({ host, smtpPort: ports.smtp, httpPort: ports.inbox })
    faucet = await startFaucet({ devnet: options.devnet, host, port: ports.faucet })
  } catch (error) {
    await stop()
    throw error
  }
  const runFrame = options.frame !== false && existsSync(repoPath(FRAME_DIR, 'index.html'))
  const frameUrl = runFrame ? `http://${urlHost}:${ports.frame}` : undefined

  const frameBuild = repoPath(FRAME_DIR, 'dist')
  async function buildFrame() {
    if (!runFrame) return
    const env = { ...options.env, ...(options.serverUrl ? { FOYER_API_URL: options.serverUrl } : {}) }
    await runChild({
      name: 'frame build',
      command: options.vite.command,
      args: [...options.vite.prefix, 'build', '--outDir', frameBuild, '--emptyOutDir'],
      cwd: repoPath(FRAME_DIR),
      env,
      echo: options.echo,
      timeoutMs: FRAME_BUILD_MS,
    })
  }

  return {
    urls: { frame: frameUrl, smtp: `smtp://${urlHost}:${sink.smtpPort}`, inbox: sink.inboxUrl, faucet: faucet.url },
    serverEnv: {
      SMTP_HOST: urlHost,
      SMTP_PORT: String(sink.smtpPort),
      FOYER_EMBEDDED_FAUCET_URL: faucet.url,
      ...(frameUrl
        ? {
            FOYER_FRAME_ORIGIN: frameUrl,
            FOYER_FRAME_DIR: frameBuild,
            FOYER_FRAME_PORT: String(ports.frame),
            FOYER_FRAME_HOST: host,
          }
        : {}),
    },
    demoEnv: frameUrl ? { FOYER_FRAME_URL: `${frameUrl}/` } : {},
    buildFrame,
    frameReadyUrl: frameUrl ? `${frameUrl}/` : undefined,
    stop,
  }
}

/**
 * The embedded wallet's part of the local stack: the mail sink (SMTP + HTTP inbox), the faucet that funds new
 * embedded wallets, and the secure frame app (apps/frame, its own origin). `startStack` calls this and passes the
 * returned environment to the server (SMTP, frame origin, faucet) and the demo (frame URL).
 */
import { existsSync } from 'node:fs'
import { type RunningChild, runChild, startChild } from './children.ts'
import type { DevnetInfo } from './devnet-file.ts'
import { type Faucet, startFaucet } from './faucet/faucet.ts'
import { type MailSink, startMailSink } from './mail/mailSink.ts'
import { repoPath } from './paths.ts'
import { assertPortFree } from './ports.ts'

const FRAME_DIR = 'apps/frame'

export interface EmbeddedPorts {
  frame: number
  smtp: number
  inbox: number
  faucet: number
}

export function embeddedPorts(portFromEnv: (name: string, fallback: number) => number): EmbeddedPorts {
  return {
    frame: portFromEnv('FOYER_FRAME_PORT', 5174),
    smtp: portFromEnv('FOYER_SMTP_PORT', 2525),
    inbox: portFromEnv('FOYER_MAIL_PORT', 8025),
    faucet: portFromEnv('FOYER_FAUCET_PORT', 8789),
  }
}

export type EmbeddedServices = {
  urls: { frame?: string; smtp: string; inbox: string; faucet: string }
  /** For the server: SMTP_HOST/PORT, FOYER_FRAME_ORIGIN, FOYER_EMBEDDED_FAUCET_URL. */
  serverEnv: Record<string, string>
  /** For the demo: FOYER_FRAME_URL. */
  demoEnv: Record<string, string>
  /** The frame app's vite, started once the server URL is known. */
  startFrame(): Promise<void>
  stop(): Promise<void>
}

export async function checkEmbeddedPorts(host: string, ports: EmbeddedPorts, withFrame: boolean) {
  await assertPortFree(host, ports.smtp, 'the mail sink (SMTP)', 'FOYER_SMTP_PORT')
  await assertPortFree(host, ports.inbox, 'the mail inbox', 'FOYER_MAIL_PORT')
  await assertPortFree(host, ports.faucet, 'the faucet', 'FOYER_FAUCET_PORT')
  if (withFrame && existsSync(repoPath(FRAME_DIR, 'index.html'))) await assertPortFree(host, ports.frame, 'the secure frame', 'FOYER_FRAME_PORT')
}

export async function startEmbeddedServices(options: {
  host: string
  urlHost: string
  ports: EmbeddedPorts
  devnet: DevnetInfo
  /** Run the frame app: vite dev, or build + preview. */
  frame: 'dev' | 'preview' | false
  serverUrl?: string
  vite: { command: string; prefix: string[] }
  env: NodeJS.ProcessEnv
  echo: boolean
  onUnexpectedExit: (name: string, child: () => RunningChild | undefined) => (code: number | null, signal: NodeJS.Signals | null) => void
}): Promise<EmbeddedServices> {
  const { host, urlHost, ports } = options
  let sink: MailSink | undefined
  let faucet: Faucet | undefined
  let child: RunningChild | undefined
  const stop = async () => {
    await Promise.all([child?.stop(), sink?.stop(), faucet?.stop()])
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

  async function startFrame() {
    if (!runFrame) return
    const env = { ...options.env, ...(options.serverUrl ? { FOYER_API_URL: options.serverUrl } : {}) }
    const listen = ['--port', String(ports.frame), '--strictPort', '--host', host]
    if (options.frame === 'preview') {
      await runChild({ name: 'frame build', command: options.vite.command, args: [...options.vite.prefix, 'build'], cwd: repoPath(FRAME_DIR), env, echo: options.echo, timeoutMs: 300_000 })
    }
    child = await startChild({
      name: 'frame',
      command: options.vite.command,
      args: options.frame === 'preview' ? [...options.vite.prefix, 'preview', ...listen] : [...options.vite.prefix, ...listen],
      cwd: repoPath(FRAME_DIR),
      env,
      ready: { url: `${frameUrl}/` },
      echo: options.echo,
      timeoutMs: 60_000,
      onUnexpectedExit: options.onUnexpectedExit('frame', () => child),
    })
  }

  return {
    urls: { frame: frameUrl, smtp: `smtp://${urlHost}:${sink.smtpPort}`, inbox: sink.inboxUrl, faucet: faucet.url },
    serverEnv: {
      SMTP_HOST: urlHost,
      SMTP_PORT: String(sink.smtpPort),
      FOYER_EMBEDDED_FAUCET_URL: faucet.url,
      ...(frameUrl ? { FOYER_FRAME_ORIGIN: frameUrl } : {}),
    },
    demoEnv: frameUrl ? { FOYER_FRAME_URL: `${frameUrl}/` } : {},
    startFrame,
    stop,
  }
}

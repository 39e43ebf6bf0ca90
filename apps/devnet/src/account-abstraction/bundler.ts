/**
 * The devnet's ERC-4337 bundler: one `@pimlico/alto` process per chain, each on a loopback port of its own, behind
 * one small HTTP proxy on FOYER_BUNDLER_PORT (default 8798) that routes `/<chainId>` to that chain's alto. So a
 * client's bundler URL is `http://127.0.0.1:8798/31337` and every ERC-4337 client (viem's bundler client,
 * permissionless) talks to a real bundler. Alto takes a few seconds to start (it deploys its simulation contracts
 * with its utility account); the tests that need it start it themselves, nothing else waits for it.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import net from 'node:net'
import { devNull } from 'node:os'
import path from 'node:path'
import { type RunningChild, startChild } from '../children.ts'
import { assertPortFree, portFromEnv } from '../ports.ts'
import { bundlerExecutorAccount, bundlerUtilityAccount, ENTRY_POINT_V08 } from './contracts.ts'

export const DEFAULT_BUNDLER_PORT = 8798
const ALTO_READY_MS = 60_000
/** JSON-RPC bodies above this are refused; user operations are a few kilobytes. */
const MAX_BODY_BYTES = 1024 * 1024

/** The bundler's port: FOYER_BUNDLER_PORT, else 8798. */
export function bundlerPort(env: NodeJS.ProcessEnv = process.env): number {
  return portFromEnv(env, 'FOYER_BUNDLER_PORT', DEFAULT_BUNDLER_PORT)
}

/** The bundler URL of one chain: the proxy's origin and the chain id as the path. */
export function bundlerUrl(origin: string, chainId: number): string {
  return `${origin.replace(/\/+$/, '')}/${chainId}`
}

export interface BundlerOptions {
  /** The chains to bundle for; each must have the EntryPoint v0.8 (installAccountAbstraction). */
  chains: { id: number; rpcUrl: string }[]
  /** Defaults to 127.0.0.1. */
  host?: string
  /** Defaults to bundlerPort() (FOYER_BUNDLER_PORT or 8798); 0 picks a free port. */
  port?: number
  /** Print alto's output (warnings and errors). Default false: it is kept for error reports. */
  echo?: boolean
  /** Called when an alto process dies on its own after it was up. */
  onUnexpectedExit?: (name: string, description: string, lastLines: string[]) => void
}

export interface RunningBundler {
  /** The proxy's origin, e.g. http://127.0.0.1:8798. */
  url: string
  /** Bundler URL per chain id. */
  urls: Record<number, string>
  stop(): Promise<void>
}

function altoCliPath(): string {
  const entry = createRequire(import.meta.url).resolve('@pimlico/alto')
  return path.join(path.dirname(entry), 'cli', 'alto.js')
}

/** A free loopback port for one alto; it only listens there, the proxy is the public face. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Alto's environment: ours without anything alto reads itself (ALTO_*, SENTRY_DSN, a .env file). */
function altoEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('ALTO_') && key !== 'SENTRY_DSN') env[key] = value
  }
  return {
    ...env,
    DOTENV_CONFIG_PATH: devNull,
    // Keys through the environment rather than argv, so they do not show in process listings.
    ALTO_EXECUTOR_PRIVATE_KEYS: bundlerExecutorAccount().privateKey,
    ALTO_UTILITY_PRIVATE_KEY: bundlerUtilityAccount().privateKey,
  }
}

async function startAlto(
  chain: { id: number; rpcUrl: string },
  echo: boolean,
  onUnexpectedExit: BundlerOptions['onUnexpectedExit'],
): Promise<{ child: RunningChild; port: number }> {
  const port = await freePort()
  const name = `bundler ${chain.id}`
  const child: RunningChild = await startChild({
    name,
    command: process.execPath,
    args: [
      altoCliPath(),
      'run',
      '--entrypoints',
      ENTRY_POINT_V08,
      '--rpc-url',
      chain.rpcUrl,
      '--port',
      String(port),
      // anvil has no ERC-7562 tracer; the devnet's bundler trusts what it simulates.
      '--safe-mode',
      'false',
      // anvil mines on arrival: poll for receipts often rather than once a second.
      '--block-time',
      '100',
      '--max-block-wait-count',
      '20',
      // The executor and utility accounts are funded by the devnet; nothing to refill or watch.
      '--refilling-wallets',
      'false',
      '--utility-wallet-monitor',
      'false',
      '--log-level',
      'warn',
    ],
    env: altoEnv(),
    ready: { url: `http://127.0.0.1:${port}/health` },
    echo,
    timeoutMs: ALTO_READY_MS,
    onUnexpectedExit: (code, signal) =>
      onUnexpectedExit?.(name, signal ? `was killed by ${signal}` : `exited with code ${code}`, child.tail()),
  })
  return { child, port }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** A JSON-RPC error answer for requests the proxy itself refuses. */
const rpcError = (message: string) => ({ jsonrpc: '2.0', id: null, error: { code: -32600, message } })

function proxy(targets: Map<string, number>): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    // A devnet service, like anvil: any page may call it.
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS')
    res.setHeader('access-control-allow-headers', 'content-type')
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const pathname = new URL(req.url ?? '/', 'http://bundler').pathname.replace(/\/+$/, '')
    if (req.method === 'GET' && (pathname === '' || pathname === '/health')) {
      sendJson(res, 200, { chains: [...targets.keys()].map(Number) })
      return
    }
    const port = targets.get(pathname.slice(1))
    if (port === undefined) {
      sendJson(
        res,
        404,
        rpcError(`No bundler for ${pathname || '/'}: use /<chainId>, one of ${[...targets.keys()].join(', ')}`),
      )
      return
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, rpcError('Send JSON-RPC requests with POST'))
      return
    }
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > MAX_BODY_BYTES) {
      sendJson(res, 413, rpcError(`Request body over ${MAX_BODY_BYTES} bytes`))
      req.resume()
      return
    }
    const upstream = request(
      { host: '127.0.0.1', port, path: '/', method: 'POST', headers: { 'content-type': 'application/json' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          'content-type': answer.headers['content-type'] ?? 'application/json',
        })
        answer.pipe(res)
      },
    )
    upstream.on('error', (err) => {
      if (!res.headersSent)
        sendJson(res, 502, rpcError(`The bundler for chain ${pathname.slice(1)} did not answer (${err.message})`))
      else res.destroy()
    })
    let received = 0
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > MAX_BODY_BYTES) {
        upstream.destroy()
        if (!res.headersSent) sendJson(res, 413, rpcError(`Request body over ${MAX_BODY_BYTES} bytes`))
        req.destroy()
      }
    })
    req.pipe(upstream)
  })
}

/** Starts one alto per chain and the proxy in front of them; resolves once every alto answers. */
export async function startBundler(opts: BundlerOptions): Promise<RunningBundler> {
  const host = opts.host ?? '127.0.0.1'
  const port = opts.port ?? bundlerPort()
  if (port !== 0) await assertPortFree(host, port, 'the ERC-4337 bundler', 'FOYER_BUNDLER_PORT')

  const started = await Promise.allSettled(
    opts.chains.map((c) => startAlto(c, opts.echo ?? false, opts.onUnexpectedExit)),
  )
  const altos = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await Promise.all(altos.map((a) => a.child.stop()))
    throw failed.reason
  }

  const targets = new Map(opts.chains.map((c, i) => [String(c.id), altos[i].port]))
  const server = proxy(targets)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen({ host, port }, resolve)
    })
  } catch (err) {
    await Promise.all(altos.map((a) => a.child.stop()))
    throw err
  }
  const listening = (server.address() as net.AddressInfo).port
  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${listening}`
  let stopping: Promise<void> | undefined
  return {
    url: origin,
    urls: Object.fromEntries(opts.chains.map((c) => [c.id, bundlerUrl(origin, c.id)])),
    stop: () =>
      (stopping ??= (async () => {
        server.closeAllConnections()
        await Promise.all([
          new Promise<void>((resolve) => server.close(() => resolve())),
          ...altos.map((a) => a.child.stop()),
        ])
      })()),
  }
}

/**
 * HAProxy (Debian's) in front of the server instances, as an operator would run it: round robin, health checks on
 * `GET /health` (and every server used anyway when all fail them), short timeouts, one server connection per
 * request, and retries that never repeat a request a server may have acted on — a request
 * whose connection failed (nothing was sent) is retried on another server whatever its method, while a request that
 * reached a server is retried (on another one) only when it is a GET or HEAD.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureDebianPackage } from './debianPackage.ts'
import { type Child, spawnChild, stopChild, waitFor } from './process.ts'

const HAPROXY = '/usr/sbin/haproxy'

export interface Backend {
  name: string
  port: number
}

export interface LoadBalancer {
  readonly url: string
  /** Each server's state as HAProxy's health checks see it (`UP`, `DOWN`, `MAINT`, `UP 1/2`…). */
  states(): Promise<Record<string, string>>
  /** Waits until `server` is UP (or DOWN) in the proxy's eyes; returns how long that took (ms). */
  waitState(server: string, state: 'UP' | 'DOWN', ms?: number): Promise<number>
  stop(): Promise<void>
  readonly child: Child
}

/** Finds /usr/sbin/haproxy, installing Debian's package once when it is missing; throws one line otherwise. */
export function ensureHaproxy(): string {
  ensureDebianPackage('haproxy', () => existsSync(HAPROXY))
  return HAPROXY
}

export function haproxyConfig(port: number, statsPort: number, backends: Backend[]): string {
  return `global
  maxconn 2000

defaults
  mode http
  option httplog
  timeout connect 500ms
  timeout client 15s
  timeout server 15s
  timeout http-request 5s
  timeout queue 5s
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  # A new connection to the server per request: a server that closes a kept-alive connection (while draining, or
  # when its keep-alive timeout ends) can then never meet a request already on its way on it, which HAProxy could
  # only answer by closing the client's connection. On loopback or a LAN the extra connect costs well under 1 ms.
  option http-server-close

frontend api
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend foyer

backend foyer
  balance roundrobin
  option httpchk
  http-check send meth GET uri /health ver HTTP/1.1 hdr Host 127.0.0.1
  http-check expect status 200
  # A request a server may have acted on is never sent twice: only reads are retried once they reached a server.
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  default-server inter 300ms fastinter 200ms downinter 300ms fall 2 rise 2 observe layer4 error-limit 1 on-error fail-check
  # When every server fails its health check (a database outage fails them all), requests still go to them, so
  # clients get the servers' own 503 with Retry-After and a JSON reason instead of a proxy page; a server that is
  # really gone refuses the connection, and the request is retried on another.
  option allbackups
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
${backends.map((b) => `  server ${b.name}-fallback 127.0.0.1:${b.port} backup`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`
}

export async function startProxy(
  folder: string,
  port: number,
  statsPort: number,
  backends: Backend[],
): Promise<LoadBalancer> {
  const bin = ensureHaproxy()
  const file = join(folder, 'haproxy.cfg')
  writeFileSync(file, haproxyConfig(port, statsPort, backends))
  execFileSync(bin, ['-c', '-q', '-f', file], { stdio: 'pipe' })
  const child = spawnChild('haproxy', bin, ['-db', '-f', file])
  const states = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text()
    const out: Record<string, string> = {}
    for (const line of csv.split('\n')) {
      const [proxy, server, ...rest] = line.split(',')
      if (proxy === 'foyer' && server && server !== 'BACKEND') out[server] = rest[15] ?? '' // column 18: status
    }
    return out
  }
  await waitFor(
    'haproxy stats',
    () =>
      states().then(
        (s) => (Object.keys(s).length ? s : undefined),
        () => undefined,
      ),
    10_000,
    {
      child,
    },
  )
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    states,
    async waitState(server, state, ms = 20_000) {
      const began = performance.now()
      await waitFor(
        `${server} ${state} in haproxy`,
        async () => ((await states())[server] === state ? true : undefined),
        ms,
        { child, everyMs: 50 },
      )
      return Math.round(performance.now() - began)
    },
    stop: () => stopChild(child),
  }
}

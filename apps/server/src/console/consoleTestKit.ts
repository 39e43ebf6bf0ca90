/**
 * Test kit for the console API: the real app (`createApp`) on a test database, the devnet's real SMTP mail sink,
 * and helpers to call /console/api as the console page would (same-origin Origin, the session cookie, the CSRF
 * header). The server's public URL is http://127.0.0.1:8787, and requests are made to that origin.
 */
import { randomBytes } from 'node:crypto'
import { type MailSink, startMailSink } from '@foyer/devnet/mail'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig, type ServerConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import type { TestDatabase } from '../test/backends.ts'
import { consoleDb } from './consoleContext.ts'
import type { ConsoleDb } from './consoleTables.ts'
import { CONSOLE_API_PATH, CONSOLE_CSRF_HEADER, CONSOLE_SESSION_COOKIE } from './contract.ts'
import { addOperator } from './operators/operatorStore.ts'
import { hashPassword } from './operators/password.ts'

export const CONSOLE_ORIGIN = 'http://127.0.0.1:8787'
/** The TCP peer of the kit's requests, as @hono/node-server passes it: a proxy on this machine (trusted by default). */
const LOOPBACK_PEER = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }

/** A fresh client address: its own sign-in limit. */
export const newClient = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`

export interface ConsoleCall {
  body?: unknown
  /** The session cookie's token (sent as `foyer_console=<token>`). */
  cookie?: string
  csrf?: string
  /** The Origin header; null: none. Default: the console's own origin. */
  origin?: string | null
  /** The client address (X-Forwarded-For through a trusted loopback proxy). Default: a fresh one per call. */
  client?: string
  headers?: Record<string, string>
}

export interface SignedIn {
  token: string
  csrf: string
}

export interface ConsoleKit {
  t: TestDatabase
  db: ConsoleDb
  app: FoyerApp
  config: ServerConfig
  sink: MailSink
  logs: string[]
  call(method: string, path: string, options?: ConsoleCall): Promise<Response>
  /** A new operator with a fresh address (and the password, when given). */
  operator(password?: string): Promise<string>
  /** Signs in with the password; the session's cookie token and CSRF token. */
  signIn(email: string, password: string): Promise<SignedIn>
  /** Waits for the latest sign-in link mailed to `email` and returns its token. */
  linkToken(email: string, timeoutMs?: number): Promise<string>
  close(): Promise<void>
}

/** The session cookie's token set by a response, or undefined. */
export function sessionCookieToken(response: Response): string | undefined {
  const header = response.headers.get('set-cookie') ?? ''
  return new RegExp(`${CONSOLE_SESSION_COOKIE}=([^;]*)`).exec(header)?.[1]
}

export async function startConsoleKit(open: () => Promise<TestDatabase>): Promise<ConsoleKit> {
  const sink = await startMailSink({ smtpPort: 0, httpPort: 0 })
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      SMTP_PORT: String(sink.smtpPort),
      FOYER_PUBLIC_URL: CONSOLE_ORIGIN,
      FOYER_TRUST_PROXY: '1',
    },
    { repoRoot: '/nonexistent' },
  )
  const t = await open()
  const logs: string[] = []
  const app = createApp({ db: t.database, config, logger: createLogger('info', (line) => logs.push(line)) })
  const db = consoleDb(t)
  const kit: ConsoleKit = {
    t,
    db,
    app,
    config,
    sink,
    logs,
    call: async (
      method,
      path,
      { body, cookie, csrf, origin = CONSOLE_ORIGIN, client = newClient(), headers = {} } = {},
    ) =>
      app.request(
        `${CONSOLE_ORIGIN}${CONSOLE_API_PATH}${path}`,
        {
          method,
          headers: {
            'x-forwarded-for': client,
            ...(origin === null ? {} : { origin }),
            ...(cookie === undefined ? {} : { cookie: `${CONSOLE_SESSION_COOKIE}=${cookie}` }),
            ...(csrf === undefined ? {} : { [CONSOLE_CSRF_HEADER]: csrf }),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        LOOPBACK_PEER,
      ),
    async operator(password) {
      const email = `op-${randomBytes(5).toString('hex')}@example.com`
      await addOperator(db, email, password === undefined ? null : await hashPassword(password))
      return email
    },
    async signIn(email, password) {
      const response = await kit.call('POST', '/session', { body: { email, password } })
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`)
      const body = (await response.json()) as { csrfToken: string }
      return { token: sessionCookieToken(response)!, csrf: body.csrfToken }
    },
    async linkToken(email, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        const mail = sink
          .messages()
          .filter((m) => m.to.includes(email))
          .at(0)
        const token = mail && /[?&]link=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
        if (token) return token
        if (Date.now() > until) throw new Error(`no sign-in link mailed to ${email}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async close() {
      await sink.stop()
      await t.cleanup()
    },
  }
  return kit
}

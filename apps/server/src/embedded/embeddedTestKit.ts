/**
 * Test kit for the embedded-wallet routes: the real app (`createApp`) on a test database, the devnet's real SMTP
 * mail sink, and helpers to call the frame's routes as one client address (FOYER_TRUST_PROXY=1 + X-Forwarded-For,
 * so each test can have its own limits bucket). Requests come in-process from a loopback peer: a proxy on the same
 * machine, which FOYER_TRUSTED_PROXIES trusts by default.
 */
import { randomBytes } from 'node:crypto'
import { type MailSink, startMailSink } from '@foyer/devnet/mail'
import { sql } from 'kysely'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig, type ServerConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor, testBackends } from '../test/eachBackend.ts'
import { mailboxKey } from './emailAddress.ts'
import { sha256 } from './secrets.ts'
import { walletLinkMessage } from './walletProof.ts'

export const FRAME = 'http://127.0.0.1:5174'
/** The TCP peer of the kit's requests, as @hono/node-server passes it: a proxy on this machine. */
const LOOPBACK_PEER = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
/** A second project with email login on (the kit's default calls are for foyer-demo). */
export const OTHER_PROJECT = 'other-site'
export const deviceId = () => randomBytes(32).toString('hex')

let clients = 0
/** A fresh client address (its own per-client limits bucket). */
export const newClient = () => `10.${(++clients >> 8) & 255}.${clients & 255}.${Math.floor(Math.random() * 250) + 1}`

export interface EmbeddedKit {
  t: TestDatabase
  app: FoyerApp
  config: ServerConfig
  sink: MailSink
  /** Every line the app logged (JSON, info and above): to check what was logged, and that no secret was. */
  logs: string[]
  call(path: string, body?: Record<string, unknown>, headers?: Record<string, string>): Promise<Response>
  json(response: Response): Promise<{ status: number; body: any }>
  inbox(to: string): Promise<{ subject: string; text: string }[]>
  latestCode(to: string): Promise<string>
  /** Moves the 30 s resend locks of the address's mailbox (both flows) into the past (instead of waiting). */
  pastLock(email: string): Promise<void>
  /** Signs in (new user or a device it already approved) from `device`, for `project` (default foyer-demo). */
  login(
    email: string,
    device?: string,
    client?: string,
    project?: string,
  ): Promise<{ device: string; token: string; user: any }>
  /** Whether `device` is approved for `email` and not expired (read from the database). */
  deviceApproved(email: string, device: string): Promise<boolean>
  /** The wallet-link body signed by a fresh key for `userId`. */
  signedWallet(
    userId: string,
    authShare: string,
    key?: `0x${string}`,
  ): Promise<{ address: string; authShare: string; signature: string }>
  /** Gives the default calls a fresh client address (its own limits bucket); returns it. */
  useNewClient(): string
  close(): Promise<void>
}

export async function startEmbeddedKit(
  open: () => Promise<TestDatabase>,
  env: Record<string, string> = {},
): Promise<EmbeddedKit> {
  const sink = await startMailSink({ smtpPort: 0, httpPort: 0 })
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      SMTP_PORT: String(sink.smtpPort),
      FOYER_PUBLIC_URL: 'http://127.0.0.1:8787',
      FOYER_TRUST_PROXY: '1',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'no-email', allowedOrigins: ['https://x.example'], features: { email: false } },
        { id: OTHER_PROJECT, allowedOrigins: ['https://other.example'], features: { email: true } },
      ]),
      ...env,
    },
    { repoRoot: '/nonexistent' },
  )
  const t = await open()
  const projects = new ProjectStore(t.database.kysely)
  await seedProjects(projects, config)
  const logs: string[] = []
  const app = createApp({ db: t.database, config, projects, logger: createLogger('info', (line) => logs.push(line)) })
  let client = newClient()

  const kit: EmbeddedKit = {
    t,
    app,
    config,
    sink,
    logs,
    call: async (path, body, headers = {}) =>
      app.request(
        path,
        {
          method: body ? 'POST' : 'GET',
          headers: {
            origin: FRAME,
            'x-project-id': 'foyer-demo',
            'x-forwarded-for': client,
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          body: body ? JSON.stringify(body) : undefined,
        },
        LOOPBACK_PEER,
      ),
    json: async (response) => ({ status: response.status, body: (await response.json()) as any }),
    inbox: async (to) => sink.messages().filter((m) => m.to.includes(to)),
    async latestCode(to) {
      const [mail] = await kit.inbox(to)
      const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1]
      if (!code) throw new Error(`no code mailed to ${to}`)
      return code
    },
    async pastLock(address) {
      const email = mailboxKey(address)
      await sql`update embedded_email_locks set last_sent_at = last_sent_at - interval '31 seconds' where email in (${`login:${email}`}, ${`update:${email}`})`.execute(
        t.database.kysely,
      )
    },
    async login(email, device = deviceId(), as = newClient(), project = 'foyer-demo') {
      const headers = { 'x-forwarded-for': as, 'x-project-id': project }
      expect(
        (await kit.json(await kit.call('/v1/embedded/email/start', { email, deviceId: device }, headers))).body,
      ).toEqual({ action: 'VERIFY_OTP' })
      const otp = await kit.latestCode(email)
      const verified = await kit.json(
        await kit.call('/v1/embedded/email/verify', { email, deviceId: device, otp }, headers),
      )
      expect(verified.status).toBe(200)
      return { device, token: verified.body.sessionToken as string, user: verified.body.user }
    },
    async deviceApproved(email, device) {
      const rows =
        await sql`select 1 from embedded_devices d join embedded_users u on u.id = d.user_id where u.email = ${email} and d.device_hash = ${sha256(device)} and d.expires_at > now()`.execute(
          t.database.kysely,
        )
      return rows.rows.length === 1
    },
    async signedWallet(userId, authShare, key = `0x${randomBytes(32).toString('hex')}`) {
      const account = privateKeyToAccount(key)
      const signature = await account.signMessage({ message: walletLinkMessage(account.address, userId, authShare) })
      return { address: account.address, authShare, signature }
    },
    useNewClient: () => (client = newClient()),
    async close() {
      await sink.stop()
      await t.cleanup()
    },
  }
  return kit
}

/** Declares a describe of its own with a kit on the same backend and other settings (e.g. a mail server that refuses). */
export type WithKit = (title: string, env: Record<string, string>, tests: (k: EmbeddedKit) => void) => void

/**
 * Declares `tests` once on PGlite and once on Postgres (when reachable; else a note says it was skipped), each with
 * a kit started before its tests and closed after them. The kit object is filled in by then: read it inside the
 * tests. Every test starts from a fresh client address (its own limits bucket). `name` is the backend's name. `env`:
 * the kits' settings, read when each kit starts (so a file's own beforeAll may fill them first).
 */
export async function describeEmbedded(
  file: string,
  tests: (k: EmbeddedKit, name: string, withKit: WithKit) => void,
  env: Record<string, string> = {},
): Promise<void> {
  for (const [name, open] of testBackends(await probePostgresFor(file))) {
    const withKit: WithKit = (title, env, body) => describe(title, () => body(kitForSuite(open, env)))
    withKit(name, env, (k) => tests(k, name, withKit))
  }
}

function kitForSuite(open: () => Promise<TestDatabase>, env: Record<string, string>): EmbeddedKit {
  const k = {} as EmbeddedKit
  beforeAll(async () => void Object.assign(k, await startEmbeddedKit(open, env)), BACKEND_TIMEOUT_MS)
  afterAll(() => k.close?.(), BACKEND_TIMEOUT_MS)
  beforeEach(() => void k.useNewClient())
  return k
}

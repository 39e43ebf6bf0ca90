import { readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Address, type ChainConfig, readDevnetFile } from './chains/devnetFile.ts'
import { type EmbeddedConfig, loadEmbeddedConfig } from './embedded/embeddedConfig.ts'
import type { Issue } from './http/errors.ts'
import { type IndexerSettings, parseIndexerSettings } from './indexer/indexerSettings.ts'
import { parseRateLimitConfig, type RateLimitConfig } from './limits/rateLimitConfig.ts'
import { LOG_LEVELS, type LogLevel } from './log.ts'
import { parseNamesSuffix } from './names/nameConfig.ts'
import { type OnrampConfig, parseOnrampConfig } from './onramp/onrampConfig.ts'
import type { ProjectInput } from './projects/model.ts'
import { parseProjectsEnv } from './projects/projectsConfig.ts'
import { checkSecretUrl } from './secretUrl.ts'
import { parseSiweConfig, type SiweConfig } from './siwe/siweConfig.ts'

export type { Address, ChainConfig, ChainContracts, ChainNft, ChainToken } from './chains/devnetFile.ts'
// Re-exported: the rest of the server and @foyer/server's index import them from here.
export { parseDevnetFile } from './chains/devnetFile.ts'

export interface ServerConfig {
  version: string
  port: number
  host: string
  /** Set → real Postgres through `pg`. Secret: never log it unredacted (see `redactUrl`). */
  databaseUrl?: string
  dataDir: string
  /** `<dataDir>/pglite`, used when `databaseUrl` is not set. */
  pgliteDir: string
  /** The chains file (FOYER_DEVNET_FILE; in the repository `.foyer/devnet.json`); undefined: none configured. */
  devnetFile: string | undefined
  /** Whether `devnetFile` existed and was loaded. */
  devnetLoaded: boolean
  chains: ChainConfig[]
  /** Dev account addresses from the devnet file (keys are never kept). */
  devAccounts: Address[]
  /** Extra projects to upsert at start (FOYER_PROJECTS). */
  projects: ProjectInput[]
  /** Upsert the `foyer-demo` project at start (FOYER_SEED_DEMO, default true). */
  seedDemoProject: boolean
  logLevel: LogLevel
  /** Embedded wallet: frame origin, SMTP, code and session lifetimes (embedded/embeddedConfig.ts). */
  embedded: EmbeddedConfig
  /** The account-history indexer (FOYER_INDEXER, FOYER_INDEXER_POLL_MS, FOYER_INDEXER_BATCH, FOYER_SPAM_NFTS). */
  indexer: IndexerSettings
  /** FOYER_TRUST_PROXY: how many proxies in front of the server to trust for X-Forwarded-For (0: none). */
  trustProxyHops: number
  /** FOYER_RATE_LIMIT_*, REDIS_URL: limits on the data API and the catalogue (limits/rateLimitConfig.ts). */
  rateLimit: RateLimitConfig
  /** FOYER_WALLETS_FILE: the wallet catalogue to serve instead of the shipped one. */
  walletsFile?: string
  /** FOYER_METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`. Secret: never logged. */
  metricsToken?: string
  /** FOYER_SHUTDOWN_GRACE_SECONDS: how long requests in flight may finish after SIGTERM (default 10 s). */
  shutdownGraceMs: number
  /** FOYER_DATABASE_POOL_MAX: Postgres connections this instance may hold (default 10; PGlite has one). */
  databasePoolMax: number
  /** Sign-in with Ethereum: token key rotation and the secret its private keys are encrypted with (siwe/siweConfig.ts). */
  siwe: SiweConfig
  /** FOYER_NAMES_SUFFIX: what account names end with, `alice.<suffix>` (default `foyer.id`), lower-case. */
  namesSuffix: string
  /** The on-ramp: providers (FOYER_ONRAMP_PROVIDERS or the devnet's sandbox), restricted zones, EUR rate. */
  onramp: OnrampConfig
}

export type Env = Record<string, string | undefined>

export class ConfigError extends Error {
  readonly issues: Issue[]
  constructor(issues: Issue[]) {
    super(`Invalid Foyer server configuration:\n${issues.map((i) => `  - ${i.path}: ${i.message}`).join('\n')}`)
    this.name = 'ConfigError'
    this.issues = issues
  }
}

/**
 * The Foyer repository root when the server runs inside the repository (from apps/server/src or apps/server/dist:
 * `../../../package.json` is the monorepo's), else undefined — an installed server never depends on the layout.
 */
export const REPO_ROOT: string | undefined = findRepoRoot(fileURLToPath(new URL('../../../', import.meta.url)))

function findRepoRoot(candidate: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(candidate, 'package.json'), 'utf8')) as {
      name?: unknown
      workspaces?: unknown
    }
    return pkg.name === 'foyer' && Array.isArray(pkg.workspaces) && pkg.workspaces.includes('apps/server')
      ? candidate
      : undefined
  } catch {
    return undefined
  }
}

/** Where local data goes outside the repository: `./foyer-data` in the current directory. */
export const DEFAULT_DATA_DIR_NAME = 'foyer-data'

export const SERVER_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
})()

/**
 * Reads configuration from environment variables (defaults: see docs/server.md). Throws a ConfigError
 * listing every bad value. Never includes the DATABASE_URL value in error messages.
 */
export function loadConfig(
  env: Env = process.env,
  options: { repoRoot?: string | null; cwd?: string } = {},
): ServerConfig {
  const issues: Issue[] = []
  // null: behave as an installed server (no repository defaults), as the packed-server tests do
  const repoRoot = options.repoRoot === null ? undefined : (options.repoRoot ?? REPO_ROOT)
  const cwd = options.cwd ?? process.cwd()
  const get = (name: string) => {
    const v = env[name]
    return v === undefined || v.trim() === '' ? undefined : v.trim()
  }
  const toPath = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p))

  let port = 8787
  const rawPort = get('PORT')
  if (rawPort !== undefined) {
    const n = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : NaN
    if (!Number.isInteger(n) || n < 0 || n > 65535) {
      issues.push({ path: 'PORT', message: `must be an integer from 0 to 65535 (got ${JSON.stringify(rawPort)})` })
    } else port = n
  }

  const host = get('HOST') ?? '127.0.0.1'
  if (!/^[A-Za-z0-9.:\-[\]%]{1,255}$/.test(host)) {
    issues.push({ path: 'HOST', message: `must be a hostname or IP address (got ${JSON.stringify(host)})` })
  }

  const databaseUrl = get('DATABASE_URL')
  checkSecretUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:'], issues)

  const dataDir = toPath(get('FOYER_DATA_DIR') ?? (repoRoot ? join(repoRoot, '.foyer', 'data') : DEFAULT_DATA_DIR_NAME))
  const rawDevnetFile = get('FOYER_DEVNET_FILE')
  const devnetFile =
    rawDevnetFile !== undefined ? toPath(rawDevnetFile) : repoRoot ? join(repoRoot, '.foyer', 'devnet.json') : undefined

  let logLevel: LogLevel = 'info'
  const rawLevel = get('LOG_LEVEL')
  if (rawLevel !== undefined) {
    const lower = rawLevel.toLowerCase()
    if ((LOG_LEVELS as readonly string[]).includes(lower)) logLevel = lower as LogLevel
    else
      issues.push({
        path: 'LOG_LEVEL',
        message: `must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(rawLevel)})`,
      })
  }

  let seedDemoProject = true
  const rawSeed = get('FOYER_SEED_DEMO')
  if (rawSeed !== undefined) {
    const b = parseBoolean(rawSeed)
    if (b === undefined)
      issues.push({ path: 'FOYER_SEED_DEMO', message: `must be true or false (got ${JSON.stringify(rawSeed)})` })
    else seedDemoProject = b
  }

  const projects = parseProjectsEnv(get, issues)

  const indexer = parseIndexerSettings(get, issues)

  const devnet = devnetFile === undefined ? undefined : readDevnetFile(devnetFile, issues)

  const embedded = loadEmbeddedConfig(get, issues, { host, port })

  const onramp = parseOnrampConfig(get, issues, devnet?.onrampSandbox)

  let trustProxyHops = 0
  const rawTrust = get('FOYER_TRUST_PROXY')
  if (rawTrust !== undefined) {
    const n = /^\d{1,2}$/.test(rawTrust) ? Number(rawTrust) : parseBoolean(rawTrust) === false ? 0 : NaN
    if (!Number.isInteger(n) || n > 10)
      issues.push({
        path: 'FOYER_TRUST_PROXY',
        message: `must be the number of trusted proxies, 0 to 10 (got ${JSON.stringify(rawTrust)})`,
      })
    else trustProxyHops = n
  }

  const rateLimit = parseRateLimitConfig(get, issues)

  const siwe = parseSiweConfig(get, issues)

  const rawWallets = get('FOYER_WALLETS_FILE')
  const walletsFile = rawWallets === undefined ? undefined : toPath(rawWallets)

  const metricsToken = get('FOYER_METRICS_TOKEN')
  // The value is a secret: only its shape is reported.
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,512}$/.test(metricsToken)) {
    issues.push({ path: 'FOYER_METRICS_TOKEN', message: 'must be 16 to 512 printable characters without spaces' })
  }

  let shutdownGraceMs = 10_000
  const rawGrace = get('FOYER_SHUTDOWN_GRACE_SECONDS')
  if (rawGrace !== undefined) {
    const n = /^\d{1,4}$/.test(rawGrace) ? Number(rawGrace) : NaN
    if (!(n >= 0 && n <= 3600))
      issues.push({
        path: 'FOYER_SHUTDOWN_GRACE_SECONDS',
        message: `must be a whole number of seconds from 0 to 3600 (got ${JSON.stringify(rawGrace)})`,
      })
    else shutdownGraceMs = n * 1000
  }

  let databasePoolMax = 10
  const rawPoolMax = get('FOYER_DATABASE_POOL_MAX')
  if (rawPoolMax !== undefined) {
    const n = /^\d{1,3}$/.test(rawPoolMax) ? Number(rawPoolMax) : NaN
    if (!(n >= 1 && n <= 500))
      issues.push({
        path: 'FOYER_DATABASE_POOL_MAX',
        message: `must be a whole number of connections from 1 to 500 (got ${JSON.stringify(rawPoolMax)})`,
      })
    else databasePoolMax = n
  }

  const namesSuffix = parseNamesSuffix(get, issues)

  if (issues.length > 0) throw new ConfigError(issues)
  return {
    rateLimit,
    embedded,
    version: SERVER_VERSION,
    port,
    host,
    databaseUrl,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    devnetFile,
    devnetLoaded: devnet !== undefined,
    chains: devnet?.chains ?? [],
    devAccounts: devnet?.accounts ?? [],
    projects,
    seedDemoProject,
    logLevel,
    indexer,
    trustProxyHops,
    walletsFile,
    metricsToken,
    shutdownGraceMs,
    databasePoolMax,
    siwe,
    namesSuffix,
    onramp,
  }
}

function parseBoolean(v: string): boolean | undefined {
  const l = v.toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(l)) return true
  if (['0', 'false', 'no', 'off'].includes(l)) return false
  return undefined
}

/** A log-safe summary of the configuration (no secrets). */
export function describeConfig(config: ServerConfig): Record<string, unknown> {
  return {
    version: config.version,
    listen: `${config.host}:${config.port}`,
    database: config.databaseUrl ? 'postgres' : `pglite (${config.pgliteDir})`,
    devnet: config.devnetLoaded ? `${config.devnetFile} (${config.chains.length} chains)` : 'not loaded',
    chains: config.chains.length ? config.chains.map((c) => c.id) : 'not configured',
    projects: [...(config.seedDemoProject ? ['foyer-demo'] : []), ...config.projects.map((p) => p.id)],
    logLevel: config.logLevel,
    metrics: config.metricsToken ? 'token required' : 'open',
    namesSuffix: config.namesSuffix,
    onramp: config.onramp.providers.length ? config.onramp.providers.map((p) => p.id) : 'no provider',
    siweKeys: config.siwe.keySecret ? 'encrypted at rest' : 'stored unencrypted (set FOYER_SIWE_KEY_SECRET)',
    indexer: config.indexer.enabled
      ? `on (poll ${config.indexer.pollMs} ms, ${config.indexer.batchSize} blocks a step)`
      : 'off',
  }
}

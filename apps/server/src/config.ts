import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SolanaClusterUrls } from './balance/solanaBalances.ts'
import { type Address, type ChainConfig, type DevnetSolana, readDevnetFile } from './chains/devnetFile.ts'
import type { OperatorSeed } from './console/operators/operatorsSetting.ts'
import { type EmbeddedConfig, embeddedConfig } from './embedded/embeddedConfig.ts'
import { type FarcasterLoginConfig, farcasterLoginConfig } from './embedded/farcaster/farcasterLogin.ts'
import type { Issue } from './http/errors.ts'
import type { IndexerSettings } from './indexer/indexerSettings.ts'
import type { RateLimitConfig } from './limits/rateLimitConfig.ts'
import type { LogLevel } from './log.ts'
import { type OnrampConfig, onrampConfig } from './onramp/onrampConfig.ts'
import type { ProjectInput } from './projects/model.ts'
import {
  parseSettings,
  SERVER_SETTINGS,
  SETTING_KEYS,
  type Setting,
  type SettingKey,
} from './settings/serverSettings.ts'
import type { SiweConfig } from './siwe/siweConfig.ts'
import { type SponsorshipConfig, sponsorshipConfig } from './sponsorship/sponsorshipConfig.ts'

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
  /** The Solana chain: the devnet file's `solana` block (the stand-in, or a cluster's RPC); undefined: none. */
  solana?: DevnetSolana
  /** FOYER_SOLANA_*_RPC_URL: the public clusters the operator serves (read through their RPC, not indexed). */
  solanaClusters: SolanaClusterUrls
  /** Dev account addresses from the devnet file (keys are never kept). */
  devAccounts: Address[]
  /** Extra projects to upsert at start (FOYER_PROJECTS). */
  projects: ProjectInput[]
  /** Upsert the `foyer-demo` project at start (FOYER_SEED_DEMO, default true). */
  seedDemoProject: boolean
  /** Console operators to create at start when missing (FOYER_CONSOLE_OPERATORS). */
  consoleOperators: OperatorSeed[]
  logLevel: LogLevel
  /** Embedded wallet: frame origin, SMTP, code and session lifetimes (embedded/embeddedConfig.ts). */
  embedded: EmbeddedConfig
  /** The account-history indexer (FOYER_INDEXER, FOYER_INDEXER_POLL_MS, FOYER_INDEXER_BATCH, FOYER_SPAM_NFTS). */
  indexer: IndexerSettings
  /** FOYER_TRUST_PROXY: how many proxies in front of the server to trust for X-Forwarded-For (0: none). */
  trustProxyHops: number
  /** FOYER_TRUSTED_PROXIES: the proxies' addresses and ranges (`address/prefix`); X-Forwarded-For only from them. */
  trustedProxies: readonly string[]
  /** FOYER_RATE_LIMIT_*, REDIS_URL: limits on the data API and the catalogue (limits/rateLimitConfig.ts). */
  rateLimit: RateLimitConfig
  /** FOYER_ANALYTICS_*: `POST /e`'s rate limits (the window is FOYER_RATE_LIMIT_WINDOW_SECONDS) and country header. */
  analytics: { perClient: number; perProject: number; countryHeader?: string }
  /** FOYER_WALLETS_FILE: the wallet catalogue to serve instead of the shipped one. */
  walletsFile?: string
  /** FOYER_CONSOLE_DIR, else the shipped console build: what `/console` serves (undefined: no build, 404 there). */
  consoleDir?: string
  /** FOYER_METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`. Secret: never logged. */
  metricsToken?: string
  /** FOYER_SHUTDOWN_GRACE_SECONDS: how long requests in flight may finish after SIGTERM (default 10 s). */
  shutdownGraceMs: number
  /** FOYER_RPC_TIMEOUT_MS: how long one JSON-RPC request to a chain's node may take (default 10 s; retried once). */
  rpcTimeoutMs: number
  /** FOYER_SHUTDOWN_DELAY_SECONDS: after SIGTERM, how long /health answers 503 before connections are refused (default 0). */
  shutdownDelayMs: number
  /** FOYER_DATABASE_POOL_MAX: Postgres connections this instance may hold (default 10; PGlite has one). */
  databasePoolMax: number
  /** Sign-in with Ethereum: token key rotation and the secret its private keys are encrypted with (siwe/siweConfig.ts). */
  siwe: SiweConfig
  /** FOYER_NAMES_SUFFIX: what account names end with, `alice.<suffix>` (default `foyer.id`), lower-case. */
  namesSuffix: string
  /** The on-ramp: providers (FOYER_ONRAMP_PROVIDERS or the devnet's sandbox), restricted zones, EUR rate. */
  onramp: OnrampConfig
  /** Sign in with Farcaster: the Connect relay and the registries' RPC (FOYER_FARCASTER_*; both, or no Farcaster). */
  farcaster: FarcasterLoginConfig
  /** Gas sponsorship: the paymasters' signer and their addresses (FOYER_PAYMASTER_SIGNER_KEY, FOYER_PAYMASTERS). */
  sponsorship: SponsorshipConfig
}

export type Env = Record<string, string | undefined>

type FrameHostKey = 'FOYER_FRAME_DIR' | 'FOYER_FRAME_PORT' | 'FOYER_FRAME_HOST'
/** The settings `loadConfig` reads: all but the command line's file and the frame host's (frame/frameServer.ts). */
const SERVER_KEYS = SETTING_KEYS.filter(
  (key): key is Exclude<SettingKey, 'FOYER_CONFIG' | FrameHostKey> =>
    !(SERVER_SETTINGS[key] as Setting).notInFile && SERVER_SETTINGS[key].group !== 'Secure frame host',
)

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

/**
 * The console build shipped in the package (`dist/console-app`, beside the bundle), or `apps/console/dist` when
 * running in the repository (from src or dist, both one folder below apps/server).
 */
export function shippedConsoleDir(): string | undefined {
  for (const candidate of ['./console-app/', '../../console/dist/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(join(dir, 'index.html'))) return dir
  }
  return undefined
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
 * Reads the configuration from environment variables (settings/serverSettings.ts; docs/configuration.md). Throws a
 * ConfigError listing every bad value; values of secret settings are never in it.
 */
export function loadConfig(
  env: Env = process.env,
  options: { repoRoot?: string | null; cwd?: string } = {},
): ServerConfig {
  // null: behave as an installed server (no repository defaults), as the packed-server tests do
  const repoRoot = options.repoRoot === null ? undefined : (options.repoRoot ?? REPO_ROOT)
  const cwd = options.cwd ?? process.cwd()
  const toPath = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p))
  const { values, issues } = parseSettings(env, SERVER_KEYS)

  const dataDir = toPath(values.FOYER_DATA_DIR ?? (repoRoot ? join(repoRoot, '.foyer', 'data') : DEFAULT_DATA_DIR_NAME))
  const devnetFile =
    values.FOYER_DEVNET_FILE !== undefined
      ? toPath(values.FOYER_DEVNET_FILE)
      : repoRoot
        ? join(repoRoot, '.foyer', 'devnet.json')
        : undefined
  const devnet = devnetFile === undefined ? undefined : readDevnetFile(devnetFile, issues)

  if (issues.length > 0) throw new ConfigError(issues)
  return {
    rateLimit: {
      perClient: values.FOYER_RATE_LIMIT_PER_CLIENT,
      perProject: values.FOYER_RATE_LIMIT_PER_PROJECT,
      windowMs: values.FOYER_RATE_LIMIT_WINDOW_SECONDS,
      redisUrl: values.REDIS_URL,
      redisKeyPrefix: values.FOYER_REDIS_KEY_PREFIX,
    },
    analytics: {
      perClient: values.FOYER_ANALYTICS_RATE_LIMIT_PER_CLIENT,
      perProject: values.FOYER_ANALYTICS_RATE_LIMIT_PER_PROJECT,
      countryHeader: values.FOYER_ANALYTICS_COUNTRY_HEADER,
    },
    embedded: embeddedConfig(values, { host: values.HOST, port: values.PORT }),
    version: SERVER_VERSION,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    devnetFile,
    devnetLoaded: devnet !== undefined,
    chains: devnet?.chains ?? [],
    ...(devnet?.solana ? { solana: devnet.solana } : {}),
    solanaClusters: {
      ...(values.FOYER_SOLANA_MAINNET_RPC_URL ? { mainnet: values.FOYER_SOLANA_MAINNET_RPC_URL } : {}),
      ...(values.FOYER_SOLANA_DEVNET_RPC_URL ? { devnet: values.FOYER_SOLANA_DEVNET_RPC_URL } : {}),
      ...(values.FOYER_SOLANA_TESTNET_RPC_URL ? { testnet: values.FOYER_SOLANA_TESTNET_RPC_URL } : {}),
    },
    devAccounts: devnet?.accounts ?? [],
    projects: values.FOYER_PROJECTS ?? [],
    seedDemoProject: values.FOYER_SEED_DEMO,
    consoleOperators: values.FOYER_CONSOLE_OPERATORS ?? [],
    logLevel: values.LOG_LEVEL,
    indexer: {
      enabled: values.FOYER_INDEXER,
      pollMs: values.FOYER_INDEXER_POLL_MS,
      batchSize: values.FOYER_INDEXER_BATCH,
      spamNfts: values.FOYER_SPAM_NFTS,
    },
    trustProxyHops: values.FOYER_TRUST_PROXY,
    trustedProxies: values.FOYER_TRUSTED_PROXIES,
    walletsFile: values.FOYER_WALLETS_FILE === undefined ? undefined : toPath(values.FOYER_WALLETS_FILE),
    consoleDir: values.FOYER_CONSOLE_DIR === undefined ? shippedConsoleDir() : toPath(values.FOYER_CONSOLE_DIR),
    metricsToken: values.FOYER_METRICS_TOKEN,
    shutdownGraceMs: values.FOYER_SHUTDOWN_GRACE_SECONDS,
    rpcTimeoutMs: values.FOYER_RPC_TIMEOUT_MS,
    shutdownDelayMs: values.FOYER_SHUTDOWN_DELAY_SECONDS,
    databasePoolMax: values.FOYER_DATABASE_POOL_MAX,
    siwe: { keyRotationMs: values.FOYER_SIWE_KEY_ROTATION_DAYS, keySecret: values.FOYER_SIWE_KEY_SECRET },
    namesSuffix: values.FOYER_NAMES_SUFFIX,
    onramp: onrampConfig(values, devnet?.onrampSandbox),
    farcaster: farcasterLoginConfig(values),
    sponsorship: sponsorshipConfig(values, devnet?.chains ?? []),
  }
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
    sponsorship: config.sponsorship.signerKey
      ? `paymasters on ${[...config.sponsorship.paymasters.keys()].join(', ') || 'no chain'}`
      : 'off (no FOYER_PAYMASTER_SIGNER_KEY)',
    indexer: config.indexer.enabled
      ? `on (poll ${config.indexer.pollMs} ms, ${config.indexer.batchSize} blocks a step)`
      : 'off',
  }
}

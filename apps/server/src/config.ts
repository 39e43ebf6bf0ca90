import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type EmbeddedConfig, loadEmbeddedConfig } from './embedded/embeddedConfig.ts'
import type { Issue } from './http/errors.ts'
import { type IndexerSettings, parseIndexerSettings } from './indexer/indexerSettings.ts'
import { type RateLimitConfig, parseRateLimitConfig } from './limits/rateLimitConfig.ts'
import { LOG_LEVELS, type LogLevel } from './log.ts'
import { isPlainObject, parseProjectInput, type ProjectInput } from './projects/model.ts'

export type Address = `0x${string}`

export interface ChainContracts {
  weth?: Address
  usd?: Address
  token?: Address
  factory?: Address
  router?: Address
}

export interface ChainToken {
  address: Address
  symbol: string
  name: string
  decimals: number
}

/** An NFT collection the devnet deployed; `spam` marks collections the Activity view hides. */
export interface ChainNft {
  address: Address
  name: string
  symbol: string
  spam: boolean
}

export interface ChainConfig {
  id: number
  name: string
  rpcUrl: string
  nativeSymbol: string
  contracts: ChainContracts
  tokens: ChainToken[]
  nfts: ChainNft[]
}

export interface ServerConfig {
  version: string
  port: number
  host: string
  /** Set → real Postgres through `pg`. Secret: never log it unredacted (see `redactUrl`). */
  databaseUrl?: string
  dataDir: string
  /** `<dataDir>/pglite`, used when `databaseUrl` is not set. */
  pgliteDir: string
  devnetFile: string
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

/** Repository root (apps/server/src/ → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export const SERVER_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
})()

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/

/**
 * Reads configuration from environment variables (defaults: see docs/server.md). Throws a ConfigError
 * listing every bad value. Never includes the DATABASE_URL value in error messages.
 */
export function loadConfig(env: Env = process.env, options: { repoRoot?: string; cwd?: string } = {}): ServerConfig {
  const issues: Issue[] = []
  const repoRoot = options.repoRoot ?? REPO_ROOT
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
  if (databaseUrl !== undefined) {
    let ok = false
    try {
      const u = new URL(databaseUrl)
      ok = (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== ''
    } catch {
      ok = false
    }
    // The value itself is deliberately left out: it usually carries a password.
    if (!ok) issues.push({ path: 'DATABASE_URL', message: 'must be a postgres:// or postgresql:// URL with a host' })
  }

  const dataDir = toPath(get('FOYER_DATA_DIR') ?? join(repoRoot, '.foyer', 'data'))
  const devnetFile = toPath(get('FOYER_DEVNET_FILE') ?? join(repoRoot, '.foyer', 'devnet.json'))

  let logLevel: LogLevel = 'error'
  const rawLevel = get('LOG_LEVEL')
  if (rawLevel !== undefined) {
    const lower = rawLevel.toLowerCase()
    if ((LOG_LEVELS as readonly string[]).includes(lower)) logLevel = lower as LogLevel
    else issues.push({ path: 'LOG_LEVEL', message: `must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(rawLevel)})` })
  }

  let seedDemoProject = true
  const rawSeed = get('FOYER_SEED_DEMO')
  if (rawSeed !== undefined) {
    const b = parseBoolean(rawSeed)
    if (b === undefined) issues.push({ path: 'FOYER_SEED_DEMO', message: `must be true or false (got ${JSON.stringify(rawSeed)})` })
    else seedDemoProject = b
  }

  const projects: ProjectInput[] = []
  const rawProjects = get('FOYER_PROJECTS')
  if (rawProjects !== undefined) {
    let parsed: unknown
    try {
      parsed = JSON.parse(rawProjects)
    } catch (e) {
      issues.push({ path: 'FOYER_PROJECTS', message: `is not valid JSON (${(e as Error).message})` })
    }
    if (parsed !== undefined) {
      if (!Array.isArray(parsed)) {
        issues.push({ path: 'FOYER_PROJECTS', message: 'must be a JSON array of projects' })
      } else {
        parsed.forEach((p, i) => {
          const project = parseProjectInput(p, `FOYER_PROJECTS[${i}]`, issues)
          if (!project) return
          if (projects.some((q) => q.id === project.id)) {
            issues.push({ path: `FOYER_PROJECTS[${i}].id`, message: `duplicate project id ${JSON.stringify(project.id)}` })
          } else projects.push(project)
        })
      }
    }
  }

  const indexer = parseIndexerSettings(get, issues)

  let chains: ChainConfig[] = []
  let devAccounts: Address[] = []
  let devnetLoaded = false
  if (existsSync(devnetFile)) {
    let text: string | undefined
    try {
      text = readFileSync(devnetFile, 'utf8')
    } catch (e) {
      issues.push({ path: 'FOYER_DEVNET_FILE', message: `cannot read ${devnetFile} (${(e as Error).message})` })
    }
    if (text !== undefined) {
      const devnet = parseDevnetFile(text, issues)
      if (devnet) {
        chains = devnet.chains
        devAccounts = devnet.accounts
        devnetLoaded = true
      }
    }
  }

  const embedded = loadEmbeddedConfig(get, issues, { host, port })

  let trustProxyHops = 0
  const rawTrust = get('FOYER_TRUST_PROXY')
  if (rawTrust !== undefined) {
    const n = /^\d{1,2}$/.test(rawTrust) ? Number(rawTrust) : parseBoolean(rawTrust) === false ? 0 : NaN
    if (!Number.isInteger(n) || n > 10) issues.push({ path: 'FOYER_TRUST_PROXY', message: `must be the number of trusted proxies, 0 to 10 (got ${JSON.stringify(rawTrust)})` })
    else trustProxyHops = n
  }

  const rateLimit = parseRateLimitConfig(get, issues)

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
    devnetLoaded,
    chains,
    devAccounts,
    projects,
    seedDemoProject,
    logLevel,
    indexer,
    trustProxyHops,
  }
}

function parseBoolean(v: string): boolean | undefined {
  const l = v.toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(l)) return true
  if (['0', 'false', 'no', 'off'].includes(l)) return false
  return undefined
}

/**
 * Parses the devnet description written by apps/devnet:
 * `{ chains: [{ id, name, rpcUrl, nativeSymbol, contracts: {weth,usd,token,factory,router}, tokens: [...], nfts: [...] }], accounts: [...] }`.
 * Unknown fields are ignored; private keys in `accounts` are dropped.
 */
export function parseDevnetFile(
  text: string,
  issues: Issue[],
  path = 'FOYER_DEVNET_FILE',
): { chains: ChainConfig[]; accounts: Address[] } | undefined {
  const before = issues.length
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    issues.push({ path, message: `is not valid JSON (${(e as Error).message})` })
    return undefined
  }
  if (!isPlainObject(json)) {
    issues.push({ path, message: 'must hold a JSON object {chains, accounts}' })
    return undefined
  }
  const chains: ChainConfig[] = []
  const rawChains = json.chains ?? []
  if (!Array.isArray(rawChains)) issues.push({ path: `${path}.chains`, message: 'must be an array' })
  else {
    rawChains.forEach((c, i) => {
      const chain = parseChain(c, `${path}.chains[${i}]`, issues)
      if (!chain) return
      if (chains.some((x) => x.id === chain.id)) {
        issues.push({ path: `${path}.chains[${i}].id`, message: `duplicate chain id ${chain.id}` })
      } else chains.push(chain)
    })
  }
  const accounts: Address[] = []
  const rawAccounts = json.accounts ?? []
  if (!Array.isArray(rawAccounts)) issues.push({ path: `${path}.accounts`, message: 'must be an array' })
  else {
    rawAccounts.forEach((a, i) => {
      const address = typeof a === 'string' ? a : isPlainObject(a) ? a.address : undefined
      if (typeof address !== 'string' || !ADDRESS_RE.test(address)) {
        issues.push({ path: `${path}.accounts[${i}]`, message: 'must be an address or {address}' })
      } else accounts.push(address as Address)
    })
  }
  return issues.length > before ? undefined : { chains, accounts }
}

function parseChain(value: unknown, path: string, issues: Issue[]): ChainConfig | undefined {
  const before = issues.length
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be an object' })
    return undefined
  }
  const { id, name, rpcUrl } = value
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    issues.push({ path: `${path}.id`, message: 'must be a positive integer chain id' })
  }
  if (typeof name !== 'string' || name.trim() === '') issues.push({ path: `${path}.name`, message: 'must be a non-empty string' })
  let rpcOk = false
  if (typeof rpcUrl === 'string') {
    try {
      rpcOk = ['http:', 'https:', 'ws:', 'wss:'].includes(new URL(rpcUrl).protocol)
    } catch {
      rpcOk = false
    }
  }
  if (!rpcOk) issues.push({ path: `${path}.rpcUrl`, message: 'must be an http(s) or ws(s) URL' })
  const nativeSymbol = value.nativeSymbol ?? 'ETH'
  if (typeof nativeSymbol !== 'string' || !/^[A-Za-z0-9.$-]{1,16}$/.test(nativeSymbol)) {
    issues.push({ path: `${path}.nativeSymbol`, message: 'must be a short symbol like "ETH"' })
  }
  const contracts: ChainContracts = {}
  const rawContracts = value.contracts ?? {}
  if (!isPlainObject(rawContracts)) issues.push({ path: `${path}.contracts`, message: 'must be an object' })
  else {
    for (const key of ['weth', 'usd', 'token', 'factory', 'router'] as const) {
      const a = rawContracts[key]
      if (a === undefined || a === null) continue
      if (typeof a !== 'string' || !ADDRESS_RE.test(a)) {
        issues.push({ path: `${path}.contracts.${key}`, message: 'must be a 0x-prefixed 20-byte address' })
      } else contracts[key] = a as Address
    }
  }
  const tokens: ChainToken[] = []
  const rawTokens = value.tokens ?? []
  if (!Array.isArray(rawTokens)) issues.push({ path: `${path}.tokens`, message: 'must be an array' })
  else {
    rawTokens.forEach((t, i) => {
      const p = `${path}.tokens[${i}]`
      if (!isPlainObject(t)) return void issues.push({ path: p, message: 'must be an object {address, symbol, decimals}' })
      const ok =
        typeof t.address === 'string' &&
        ADDRESS_RE.test(t.address) &&
        typeof t.symbol === 'string' &&
        t.symbol.length > 0 &&
        t.symbol.length <= 32 &&
        typeof t.decimals === 'number' &&
        Number.isInteger(t.decimals) &&
        t.decimals >= 0 &&
        t.decimals <= 36 &&
        (t.name === undefined || typeof t.name === 'string')
      if (!ok) return void issues.push({ path: p, message: 'must be {address, symbol, decimals (0-36), name?}' })
      tokens.push({
        address: t.address as Address,
        symbol: t.symbol as string,
        name: (t.name as string | undefined) ?? (t.symbol as string),
        decimals: t.decimals as number,
      })
    })
  }
  const nfts: ChainNft[] = []
  const rawNfts = value.nfts ?? []
  if (!Array.isArray(rawNfts)) issues.push({ path: `${path}.nfts`, message: 'must be an array' })
  else {
    rawNfts.forEach((n, i) => {
      const p = `${path}.nfts[${i}]`
      const ok =
        isPlainObject(n) &&
        typeof n.address === 'string' &&
        ADDRESS_RE.test(n.address) &&
        (n.name === undefined || (typeof n.name === 'string' && n.name.length <= 200)) &&
        (n.symbol === undefined || (typeof n.symbol === 'string' && n.symbol.length <= 32)) &&
        (n.spam === undefined || typeof n.spam === 'boolean')
      if (!ok) return void issues.push({ path: p, message: 'must be {address, name?, symbol?, spam?: boolean}' })
      const nft = n as Record<string, unknown>
      nfts.push({
        address: nft.address as Address,
        name: (nft.name as string | undefined) ?? '',
        symbol: (nft.symbol as string | undefined) ?? '',
        spam: (nft.spam as boolean | undefined) ?? false,
      })
    })
  }
  if (issues.length > before) return undefined
  return { id: id as number, name: (name as string).trim(), rpcUrl: rpcUrl as string, nativeSymbol: nativeSymbol as string, contracts, tokens, nfts }
}

/** A log-safe summary of the configuration (no secrets). */
export function describeConfig(config: ServerConfig): Record<string, unknown> {
  return {
    version: config.version,
    listen: `${config.host}:${config.port}`,
    database: config.databaseUrl ? 'postgres' : `pglite (${config.pgliteDir})`,
    devnet: config.devnetLoaded ? `${config.devnetFile} (${config.chains.length} chains)` : 'not loaded',
    projects: [...(config.seedDemoProject ? ['foyer-demo'] : []), ...config.projects.map((p) => p.id)],
    logLevel: config.logLevel,
    indexer: config.indexer.enabled ? `on (poll ${config.indexer.pollMs} ms, ${config.indexer.batchSize} blocks a step)` : 'off',
  }
}

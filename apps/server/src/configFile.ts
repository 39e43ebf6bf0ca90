/**
 * The optional configuration file (`foyer-server --config foyer.config.json`, or FOYER_CONFIG): a JSON object whose
 * keys are the environment variables' names (docs/configuration.md), so one table documents both. Values may be
 * strings, numbers or booleans; FOYER_PROJECTS may be the array itself, FOYER_SPAM_NFTS an array of strings.
 * Unknown keys are problems. A variable set (non-blank) in the environment wins over the file.
 */
import { readFileSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import type { Env } from './config.ts'
import type { Issue } from './http/errors.ts'

/** Every setting, by its environment variable name. */
export const CONFIG_KEYS = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'REDIS_URL',
  'LOG_LEVEL',
  'FOYER_DATA_DIR',
  'FOYER_DEVNET_FILE',
  'FOYER_PROJECTS',
  'FOYER_SEED_DEMO',
  'FOYER_WALLETS_FILE',
  'FOYER_TRUST_PROXY',
  'FOYER_METRICS_TOKEN',
  'FOYER_SHUTDOWN_GRACE_SECONDS',
  'FOYER_DATABASE_POOL_MAX',
  'FOYER_NAMES_SUFFIX',
  'FOYER_ONRAMP_PROVIDERS',
  'FOYER_ONRAMP_RESTRICTED_TIMEZONES',
  'FOYER_ONRAMP_EUR_USD',
  'FOYER_SIWE_KEY_ROTATION_DAYS',
  'FOYER_SIWE_KEY_SECRET',
  'FOYER_INDEXER',
  'FOYER_INDEXER_POLL_MS',
  'FOYER_INDEXER_BATCH',
  'FOYER_SPAM_NFTS',
  'FOYER_RATE_LIMIT_PER_CLIENT',
  'FOYER_RATE_LIMIT_PER_PROJECT',
  'FOYER_RATE_LIMIT_WINDOW_SECONDS',
  'FOYER_FRAME_ORIGIN',
  'FOYER_PUBLIC_URL',
  'FOYER_EMBEDDED_FAUCET_URL',
  'FOYER_EMAIL_CODE_TTL_SECONDS',
  'FOYER_EMAIL_SENDS_PER_HOUR',
  'FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR',
  'FOYER_EMBEDDED_SESSION_TTL_SECONDS',
  'FOYER_EMBEDDED_DEVICE_TTL_DAYS',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_SECURE',
  'SMTP_USER',
  'SMTP_PASS',
  'SMTP_FROM',
  'FOYER_FRAME_DIR',
  'FOYER_FRAME_PORT',
  'FOYER_FRAME_HOST',
] as const

export type ConfigKey = (typeof CONFIG_KEYS)[number]

/** Paths in the file are relative to the file's own folder (in the environment: to the current directory). */
const PATH_KEYS = new Set<string>(['FOYER_DATA_DIR', 'FOYER_DEVNET_FILE', 'FOYER_WALLETS_FILE', 'FOYER_FRAME_DIR'])
const MAX_FILE_BYTES = 1024 * 1024

export interface ConfigFile {
  file: string
  /** The file's settings as environment strings. */
  values: Partial<Record<ConfigKey, string>>
}

/** Reads and checks the file; every problem goes to `issues` (paths like `foyer.config.json: PORT`). */
export function readConfigFile(file: string, issues: Issue[]): ConfigFile | undefined {
  const where = file
  let text: string
  try {
    const buffer = readFileSync(file)
    if (buffer.byteLength > MAX_FILE_BYTES) {
      issues.push({ path: where, message: `is larger than ${MAX_FILE_BYTES} bytes` })
      return undefined
    }
    text = buffer.toString('utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    issues.push({
      path: where,
      message: code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? (e as Error).message})`,
    })
    return undefined
  }
  return parseConfigFile(text, file, issues)
}

export function parseConfigFile(text: string, file: string, issues: Issue[]): ConfigFile | undefined {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    issues.push({ path: file, message: `is not valid JSON (${(e as Error).message})` })
    return undefined
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    issues.push({ path: file, message: 'must hold a JSON object whose keys are setting names, e.g. {"PORT": 8787}' })
    return undefined
  }
  const known = new Set<string>(CONFIG_KEYS)
  const values: Partial<Record<ConfigKey, string>> = {}
  for (const [key, value] of Object.entries(json)) {
    const path = `${file}: ${key}`
    if (!known.has(key)) {
      issues.push({ path, message: `unknown setting${suggest(key)}` })
      continue
    }
    let text: string | undefined
    if (typeof value === 'string') text = value
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value)
    else if (typeof value === 'boolean') text = String(value)
    else if ((key === 'FOYER_PROJECTS' || key === 'FOYER_ONRAMP_PROVIDERS') && Array.isArray(value))
      text = JSON.stringify(value)
    else if (
      key === 'FOYER_SPAM_NFTS' &&
      Array.isArray(value) &&
      value.every((v) => typeof v === 'string' && !v.includes(','))
    )
      text = value.join(',')
    if (text === undefined) {
      const expected =
        key === 'FOYER_PROJECTS'
          ? 'an array of projects or a JSON string'
          : key === 'FOYER_SPAM_NFTS'
            ? 'an array of strings or a comma-separated string'
            : 'a string, number or boolean'
      issues.push({ path, message: `must be ${expected}` })
      continue
    }
    if (PATH_KEYS.has(key) && text.trim() !== '' && !isAbsolute(text.trim()))
      text = resolve(dirname(resolve(file)), text.trim())
    values[key as ConfigKey] = text
  }
  return { file, values }
}

/** The environment the server reads: the file's values, with every non-blank environment variable winning. */
export function mergeConfig(env: Env, file: ConfigFile | undefined): { env: Env; fromFile: Set<string> } {
  const merged: Env = { ...env }
  const fromFile = new Set<string>()
  for (const [key, value] of Object.entries(file?.values ?? {})) {
    const own = env[key]
    if (own === undefined || own.trim() === '') {
      merged[key] = value
      fromFile.add(key)
    }
  }
  return { env: merged, fromFile }
}

function suggest(key: string): string {
  const upper = key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')
  const hit = CONFIG_KEYS.find((k) => k === upper || k === `FOYER_${upper}`)
  return hit ? ` (did you mean ${hit}?)` : ''
}

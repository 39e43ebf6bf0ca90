/**
 * The optional configuration file (`foyer-server --config foyer.config.json`, or FOYER_CONFIG): a JSON object whose
 * keys are the environment variables' names (settings/serverSettings.ts), so one table documents both. Values may
 * be strings, numbers or booleans; a JSON setting (FOYER_PROJECTS) may be the array itself, a list setting
 * (FOYER_SPAM_NFTS) an array of strings. Each value becomes the string the environment would hold and is parsed
 * the same way. Unknown keys are problems. A variable set (non-blank) in the environment wins over the file.
 */
import { readFileSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import type { Env } from './config.ts'
import type { Issue } from './http/errors.ts'
import { describeValue } from './settings/issues.ts'
import { FILE_KEYS, PATH_KEYS, SERVER_SETTINGS, type Setting } from './settings/serverSettings.ts'

/** Every setting a file may hold, by its environment variable name (the settings table's keys). */
export const CONFIG_KEYS = FILE_KEYS

export type ConfigKey = (typeof CONFIG_KEYS)[number]

const MAX_FILE_BYTES = 1024 * 1024
const FILE_EXPECTS = 'a JSON object whose keys are setting names, e.g. {"PORT": 8787}'

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
    issues.push({
      path: file,
      message: `got text that is not JSON (${(e as Error).message}), expected ${FILE_EXPECTS}`,
    })
    return undefined
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    issues.push({ path: file, message: `got ${describeValue(json)}, expected ${FILE_EXPECTS}` })
    return undefined
  }
  const known = new Set<string>(CONFIG_KEYS)
  const values: Partial<Record<ConfigKey, string>> = {}
  for (const [key, value] of Object.entries(json)) {
    const path = `${file}: ${key}`
    if (!known.has(key)) {
      issues.push({
        path,
        message: `unknown setting, expected one of the settings in docs/configuration.md${suggest(key)}`,
      })
      continue
    }
    const fileArray = (SERVER_SETTINGS[key as ConfigKey] as Setting).field.fileArray
    let text: string | undefined
    if (typeof value === 'string') text = value
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value)
    else if (typeof value === 'boolean') text = String(value)
    else if (fileArray === 'json' && typeof value === 'object' && value !== null) text = JSON.stringify(value)
    else if (
      fileArray === 'list' &&
      Array.isArray(value) &&
      value.every((item) => typeof item === 'string' && !item.includes(','))
    )
      text = value.join(',')
    if (text === undefined) {
      const expected =
        fileArray === 'json'
          ? 'a JSON array or object, or a string holding one'
          : fileArray === 'list'
            ? 'an array of strings or a comma-separated string'
            : 'a string, number or boolean'
      issues.push({ path, message: `got ${describeValue(value)}, expected ${expected}` })
      continue
    }
    if ((PATH_KEYS as readonly string[]).includes(key) && text.trim() !== '' && !isAbsolute(text.trim()))
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

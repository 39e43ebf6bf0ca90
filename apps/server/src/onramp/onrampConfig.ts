import { DEFAULT_ONRAMP_RESTRICTED_TIMEZONES } from '@foyer/core/protocol'
import type { DevnetOnrampSandbox } from '../chains/devnetFile.ts'
import type { Issue } from '../http/errors.ts'
import { isPlainObject } from '../projects/model.ts'

/** The provider modules the server has (onrampProviders.ts): what `kind` may name. */
export const ONRAMP_PROVIDER_KINDS = ['sandbox'] as const
export type OnrampProviderKind = (typeof ONRAMP_PROVIDER_KINDS)[number]

/** One provider the operator configured. */
export interface OnrampProviderSettings {
  /** What the API names it by: `sandbox`. */
  id: string
  /** Which module serves it (default: the id). */
  kind: OnrampProviderKind
  /** The provider's checkout origin, no trailing slash. */
  url: string
  /** Signs the provider's webhooks (HMAC-SHA256). Secret: never logged. */
  webhookSecret: string
}

export interface OnrampConfig {
  /** FOYER_ONRAMP_PROVIDERS, else the devnet file's `onramp.sandbox`; empty: the on-ramp has no provider. */
  providers: OnrampProviderSettings[]
  /** FOYER_ONRAMP_RESTRICTED_TIMEZONES: IANA zones whose visitors do not see the on-ramp. */
  restrictedTimezones: string[]
  /** FOYER_ONRAMP_EUR_USD: US dollars one euro buys, a decimal string (default `1.08`). */
  eurUsd: string
}

export const DEFAULT_ONRAMP_EUR_USD = '1.08'

const SECRET_PATTERN = /^[\x21-\x7e]{16,512}$/
const ID_PATTERN = /^[a-z0-9-]{1,32}$/
const ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/

/**
 * Reads the on-ramp settings:
 * - FOYER_ONRAMP_PROVIDERS: a JSON array `[{ "id": "sandbox", "kind"?: "sandbox", "url": "http://…",
 *   "webhookSecret": "…" }]`; `[]` turns every provider off. Unset: the devnet file's sandbox, when it has one.
 * - FOYER_ONRAMP_RESTRICTED_TIMEZONES: comma-separated IANA zones, `none` for no zone; unset: the defaults.
 * - FOYER_ONRAMP_EUR_USD: a positive decimal (at most 6 decimals).
 */
export function parseOnrampConfig(
  get: (name: string) => string | undefined,
  issues: Issue[],
  devnetSandbox: DevnetOnrampSandbox | undefined,
): OnrampConfig {
  const providers: OnrampProviderSettings[] = []
  const raw = get('FOYER_ONRAMP_PROVIDERS')
  if (raw === undefined) {
    if (devnetSandbox)
      providers.push({
        id: 'sandbox',
        kind: 'sandbox',
        url: devnetSandbox.url,
        webhookSecret: devnetSandbox.webhookSecret,
      })
  } else {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch (e) {
      issues.push({ path: 'FOYER_ONRAMP_PROVIDERS', message: `is not valid JSON (${(e as Error).message})` })
    }
    if (parsed !== undefined && !Array.isArray(parsed))
      issues.push({
        path: 'FOYER_ONRAMP_PROVIDERS',
        message: 'must be a JSON array of {id, kind?, url, webhookSecret}',
      })
    else if (Array.isArray(parsed))
      parsed.forEach((entry, i) => {
        const provider = parseProvider(entry, `FOYER_ONRAMP_PROVIDERS[${i}]`, issues)
        if (!provider) return
        if (providers.some((p) => p.id === provider.id))
          issues.push({ path: `FOYER_ONRAMP_PROVIDERS[${i}].id`, message: `duplicate provider id "${provider.id}"` })
        else providers.push(provider)
      })
  }

  let restrictedTimezones = [...DEFAULT_ONRAMP_RESTRICTED_TIMEZONES]
  const rawZones = get('FOYER_ONRAMP_RESTRICTED_TIMEZONES')
  if (rawZones !== undefined) {
    const zones = rawZones.toLowerCase() === 'none' ? [] : rawZones.split(',').map((z) => z.trim())
    const bad = zones.filter((z) => !ZONE_PATTERN.test(z))
    if (bad.length)
      issues.push({
        path: 'FOYER_ONRAMP_RESTRICTED_TIMEZONES',
        message: `must be comma-separated IANA time zones such as Asia/Shanghai, or none (bad: ${bad
          .slice(0, 3)
          .map((z) => JSON.stringify(z))
          .join(', ')})`,
      })
    else restrictedTimezones = [...new Set(zones)]
  }

  let eurUsd = DEFAULT_ONRAMP_EUR_USD
  const rawRate = get('FOYER_ONRAMP_EUR_USD')
  if (rawRate !== undefined) {
    if (!/^[0-9]{1,6}(?:\.[0-9]{1,6})?$/.test(rawRate) || !/[1-9]/.test(rawRate))
      issues.push({
        path: 'FOYER_ONRAMP_EUR_USD',
        message: `must be the US dollars one euro buys, a positive decimal such as 1.08 (got ${JSON.stringify(rawRate)})`,
      })
    else eurUsd = rawRate
  }

  return { providers, restrictedTimezones, eurUsd }
}

function parseProvider(value: unknown, path: string, issues: Issue[]): OnrampProviderSettings | undefined {
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be an object {id, kind?, url, webhookSecret}' })
    return undefined
  }
  const before = issues.length
  const { id, url, webhookSecret } = value
  const kind = value.kind ?? id
  if (typeof id !== 'string' || !ID_PATTERN.test(id))
    issues.push({ path: `${path}.id`, message: 'must be 1 to 32 lower-case letters, digits or hyphens' })
  if (typeof kind !== 'string' || !(ONRAMP_PROVIDER_KINDS as readonly string[]).includes(kind))
    issues.push({
      path: `${path}.kind`,
      message: `must name a provider module this server has: ${ONRAMP_PROVIDER_KINDS.join(', ')}`,
    })
  let urlOk = false
  if (typeof url === 'string') {
    try {
      urlOk = ['http:', 'https:'].includes(new URL(url).protocol)
    } catch {
      urlOk = false
    }
  }
  if (!urlOk) issues.push({ path: `${path}.url`, message: 'must be an http(s) URL' })
  // A secret: only its shape is reported.
  if (typeof webhookSecret !== 'string' || !SECRET_PATTERN.test(webhookSecret))
    issues.push({ path: `${path}.webhookSecret`, message: 'must be 16 to 512 printable characters without spaces' })
  if (issues.length > before) return undefined
  return {
    id: id as string,
    kind: kind as OnrampProviderKind,
    url: (url as string).replace(/\/+$/, ''),
    webhookSecret: webhookSecret as string,
  }
}

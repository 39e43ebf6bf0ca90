import * as v from 'valibot'
import type { DevnetOnrampSandbox } from '../chains/devnetFile.ts'
import { type Field, json, list, matching, oneOf, secret, uniqueBy, url } from '../settings/fields.ts'

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
  /** FOYER_ONRAMP_NETWORKS: provider network names (lower-case: `ethereum`, `base`) → CAIP-2 chain ids. */
  networks: Record<string, `eip155:${number}`>
}

/** The provider network names a request may use when FOYER_ONRAMP_NETWORKS is unset: the main networks' ids. */
export const DEFAULT_ONRAMP_NETWORKS: Readonly<Record<string, `eip155:${number}`>> = {
  ethereum: 'eip155:1',
  optimism: 'eip155:10',
  polygon: 'eip155:137',
  base: 'eip155:8453',
  arbitrum: 'eip155:42161',
}

const NETWORKS_EXPECTS =
  'a JSON object of network names to CAIP-2 chain ids, such as {"ethereum": "eip155:1", "base": "eip155:8453"}'
const NETWORK_NAME_EXPECTS = 'a network name of 1 to 32 letters, digits or hyphens, starting with a letter'
const CAIP2_EXPECTS = 'a CAIP-2 chain id such as eip155:1'

/**
 * FOYER_ONRAMP_NETWORKS: `{"ethereum": "eip155:1", "base": "eip155:8453"}`; names are compared without case (kept
 * lower-case), several names may share a chain, `{}` accepts none.
 */
export const onrampNetworks = json(
  v.pipe(
    v.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      NETWORKS_EXPECTS,
    ),
    v.record(
      v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9-]{0,31}$/, NETWORK_NAME_EXPECTS)),
      v.pipe(v.string(CAIP2_EXPECTS), v.regex(/^eip155:[1-9][0-9]{0,15}$/, CAIP2_EXPECTS)),
      NETWORKS_EXPECTS,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const seen = new Set<string>()
      for (const name of Object.keys(dataset.value as Record<string, string>)) {
        if (seen.has(name.toLowerCase()))
          addIssue({ message: `network names that differ other than by case (${name})` })
        seen.add(name.toLowerCase())
      }
    }),
    v.transform(
      (map) =>
        Object.fromEntries(Object.entries(map).map(([name, id]) => [name.toLowerCase(), id])) as Record<
          string,
          `eip155:${number}`
        >,
    ),
  ),
  NETWORKS_EXPECTS,
)

export const DEFAULT_ONRAMP_EUR_USD = '1.08'

const ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/

const providerUrl = url({ protocols: ['http:', 'https:'], trimSlashes: true })
const webhookSecret = secret(16, 512)
const PROVIDER_EXPECTS = 'an object {id, kind?, url, webhookSecret}'

/** One entry of FOYER_ONRAMP_PROVIDERS; `kind` defaults to the id, and must name a module this server has. */
const OnrampProvider = v.pipe(
  v.object(
    {
      id: matching(/^[a-z0-9-]{1,32}$/, '1 to 32 lower-case letters, digits or hyphens').schema,
      kind: v.nullish(oneOf(ONRAMP_PROVIDER_KINDS).schema),
      url: providerUrl.schema,
      webhookSecret: webhookSecret.schema,
    },
    PROVIDER_EXPECTS,
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value as { id?: unknown; kind?: unknown }
    if (value.kind == null && !(ONRAMP_PROVIDER_KINDS as readonly unknown[]).includes(value.id))
      addIssue({
        message: `a provider module this server has: ${ONRAMP_PROVIDER_KINDS.join(', ')}`,
        input: value.id,
        path: [
          { type: 'object', origin: 'value', input: value as Record<string, unknown>, key: 'kind', value: undefined },
        ],
      })
  }),
  v.transform(
    (p): OnrampProviderSettings => ({
      id: p.id,
      kind: p.kind ?? (p.id as OnrampProviderKind),
      url: p.url,
      webhookSecret: p.webhookSecret,
    }),
  ),
)

/**
 * FOYER_ONRAMP_PROVIDERS: a JSON array `[{ "id": "sandbox", "kind"?: "sandbox", "url": "http://…",
 * "webhookSecret": "…" }]`; `[]` turns every provider off. Unset: the devnet file's sandbox, when it has one.
 */
export const onrampProviders = json(
  v.pipe(
    v.array(OnrampProvider, 'a JSON array of providers {id, kind?, url, webhookSecret}'),
    uniqueBy<OnrampProviderSettings>('id', 'a provider id not used before in the list'),
  ),
  'a JSON array of providers {id, kind?, url, webhookSecret}',
)

/** FOYER_ONRAMP_RESTRICTED_TIMEZONES: comma-separated IANA zones, `none` for no zone. */
export const restrictedTimezones = list(matching(ZONE_PATTERN, 'IANA time zones such as Asia/Shanghai'), {
  none: 'none',
  unique: true,
})

/** FOYER_ONRAMP_EUR_USD: a positive decimal with at most 6 decimals. */
export const eurUsdRate = {
  expects: 'the US dollars one euro buys, a positive decimal such as 1.08 (at most 6 decimals)',
  schema: v.pipe(
    v.string(),
    v.check(
      (rate) => /^[0-9]{1,6}(?:\.[0-9]{1,6})?$/.test(rate) && /[1-9]/.test(rate),
      'the US dollars one euro buys, a positive decimal such as 1.08 (at most 6 decimals)',
    ),
  ),
} satisfies Field<string>

/** The on-ramp settings from their parsed values; with no FOYER_ONRAMP_PROVIDERS, the devnet's sandbox if any. */
export function onrampConfig(
  values: {
    FOYER_ONRAMP_PROVIDERS: OnrampProviderSettings[] | undefined
    FOYER_ONRAMP_RESTRICTED_TIMEZONES: string[]
    FOYER_ONRAMP_EUR_USD: string
    FOYER_ONRAMP_NETWORKS: Record<string, `eip155:${number}`>
  },
  devnetSandbox: DevnetOnrampSandbox | undefined,
): OnrampConfig {
  const providers =
    values.FOYER_ONRAMP_PROVIDERS ??
    (devnetSandbox
      ? [
          {
            id: 'sandbox',
            kind: 'sandbox' as const,
            url: devnetSandbox.url,
            webhookSecret: devnetSandbox.webhookSecret,
          },
        ]
      : [])
  return {
    providers,
    restrictedTimezones: values.FOYER_ONRAMP_RESTRICTED_TIMEZONES,
    eurUsd: values.FOYER_ONRAMP_EUR_USD,
    networks: values.FOYER_ONRAMP_NETWORKS,
  }
}

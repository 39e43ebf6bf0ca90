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
}

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
  }
}

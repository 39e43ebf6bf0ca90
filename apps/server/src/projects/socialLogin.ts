/**
 * A project's social-login credentials (`socialLogin` in FOYER_PROJECTS, `projects.social_login` in the database):
 * for each OAuth provider the project offers, the client registered with that provider, and where the provider is —
 * an OpenID issuer (its endpoints come from OpenID discovery) or, for providers without discovery (GitHub, X,
 * Discord, Facebook), the endpoints themselves. `clientSecret` is a secret: never logged, never answered.
 */
import { SOCIAL_PROVIDERS, type SocialProvider } from '@foyer/core/protocol'
import * as v from 'valibot'
import { objectMessage } from '../settings/fields.ts'

export type SocialProviderSettings = {
  clientId: string
  /** Absent for a public client (PKCE only). */
  clientSecret?: string
  /** OpenID issuer: the endpoints, keys and ID-token checks come from its discovery document. */
  issuer?: string
  /** Without discovery: the provider's endpoints (an OAuth 2.0 provider; the identity comes from `userinfoEndpoint`). */
  authorizationEndpoint?: string
  tokenEndpoint?: string
  userinfoEndpoint?: string
  /** The scopes asked for, instead of the provider's defaults (socialScopes in embedded/social/providerClaims.ts). */
  scopes?: string[]
}

export type SocialLoginSettings = Partial<Record<SocialProvider, SocialProviderSettings>>

const FIELDS = [
  'clientId',
  'clientSecret',
  'issuer',
  'authorizationEndpoint',
  'tokenEndpoint',
  'userinfoEndpoint',
  'scopes',
] as const
const CLIENT_ID = 'a client id: 1-512 printable characters without spaces'
const CLIENT_SECRET = 'a client secret: 1-1024 printable characters without spaces'
const ENDPOINT = 'an https:// URL (http:// only on a loopback host: 127.0.0.1, ::1, localhost)'
const SCOPES = 'an array of scopes like ["openid","email"]'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** An https URL, or http on a loopback host (a local stand-in); no credentials or fragment. */
export function isProviderUrl(value: string): boolean {
  let u: URL
  try {
    u = new URL(value)
  } catch {
    return false
  }
  if (u.username || u.password || u.hash) return false
  return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname))
}

const endpoint = v.pipe(v.string(ENDPOINT), v.maxLength(2000, ENDPOINT), v.check(isProviderUrl, ENDPOINT))
const printable = (max: number, expects: string) =>
  v.pipe(v.string(expects), v.regex(new RegExp(`^[\\x21-\\x7e]{1,${max}}$`), expects))

/** One provider's client: its id, secret (optional: a public client) and where the provider is. */
export const ProviderSettingsSchema = v.pipe(
  v.strictObject(
    {
      clientId: printable(512, CLIENT_ID),
      clientSecret: v.optional(printable(1024, CLIENT_SECRET)),
      issuer: v.optional(endpoint),
      authorizationEndpoint: v.optional(endpoint),
      tokenEndpoint: v.optional(endpoint),
      userinfoEndpoint: v.optional(endpoint),
      scopes: v.optional(
        v.pipe(
          v.array(v.pipe(v.string(SCOPES), v.regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/, SCOPES)), SCOPES),
          v.minLength(1, SCOPES),
          v.maxLength(30, SCOPES),
        ),
      ),
    },
    objectMessage('an object like {"clientId":"…","clientSecret":"…","issuer":"https://accounts.google.com"}', FIELDS),
  ),
  v.check(
    (p) =>
      p.authorizationEndpoint !== undefined
        ? p.tokenEndpoint !== undefined && p.userinfoEndpoint !== undefined
        : p.issuer !== undefined && p.tokenEndpoint === undefined && p.userinfoEndpoint === undefined,
    'either "issuer" (OpenID discovery) or all of "authorizationEndpoint", "tokenEndpoint" and "userinfoEndpoint"',
  ),
)

/** `socialLogin`: one entry per OAuth provider (Farcaster needs no client: it is configured server-wide). */
export const SocialLoginSchema = v.strictObject(
  Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, v.optional(ProviderSettingsSchema)])) as Record<
    SocialProvider,
    v.OptionalSchema<typeof ProviderSettingsSchema, undefined>
  >,
  objectMessage('an object of provider credentials like {"google":{"clientId":"…","issuer":"…"}}', SOCIAL_PROVIDERS),
)

/** The settings as stored (jsonb); a row written by another version that no longer parses counts as none. */
export function readSocialLogin(value: unknown): SocialLoginSettings {
  if (value === null || value === undefined) return {}
  const parsed = v.safeParse(SocialLoginSchema, value)
  return parsed.success ? (parsed.output as SocialLoginSettings) : {}
}

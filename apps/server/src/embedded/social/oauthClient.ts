/**
 * The OAuth 2.0 / OpenID Connect client side of social login, through `openid-client`: a project's provider
 * settings become an openid-client `Configuration` (OpenID discovery for an `issuer`, cached per project and
 * provider; or the endpoints as given), the authorization URL (code flow, PKCE S256, state, OpenID nonce, a fresh
 * sign-in at the provider), and the callback's code exchanged for the identity (ID token checks, then the user info
 * when the ID token does not carry the person's email or name). No token is kept: only the identity leaves here.
 */
import { createHash } from 'node:crypto'
import type { SocialProvider } from '@foyer/core/protocol'
import { LRUCache } from 'lru-cache'
import * as client from 'openid-client'
import type { SocialProviderSettings } from '../../projects/socialLogin.ts'
import {
  clientAuthMethod,
  defaultScopes,
  identityFromClaims,
  type ProviderMode,
  reauthenticationParameters,
} from './providerClaims.ts'
import type { VerifiedIdentity } from './verifiedIdentity.ts'

/** How long a discovered configuration (endpoints, keys location) is reused before asking the issuer again. */
export const DISCOVERY_TTL_MS = 60 * 60 * 1000
/** The deadline of a discovery request; beyond it the start answers 503 `provider_unavailable`. */
export const DISCOVERY_TIMEOUT_SECONDS = 4
/** The deadline of each request of the code exchange (token endpoint, user info). */
export const EXCHANGE_TIMEOUT_SECONDS = 10

/** The provider could not be reached or answered with a server error: worth trying again later. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError'
}
/** The provider (or the answer's checks) refused the sign-in: a bad or replayed code, PKCE, state or nonce mismatch. */
export class SignInRefusedError extends Error {
  override name = 'SignInRefusedError'
}

export type OAuthChecks = { state: string; codeVerifier: string; nonce: string | null }

export interface ProviderClient {
  readonly mode: ProviderMode
  /** The provider's authorization page for one flow (`nonce` only for OpenID providers). */
  authorizationUrl(redirectUri: string, checks: OAuthChecks & { codeChallenge: string }): string
  /** The callback URL's code exchanged and checked; the identity the provider vouches for. */
  exchange(callbackUrl: URL, checks: OAuthChecks): Promise<VerifiedIdentity>
}

const isLoopbackHttp = (url: string) => new URL(url).protocol === 'http:'

/** True when the failure is the network, a deadline or a provider's 5xx, not a refusal of this sign-in. */
export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof TypeError && /fetch failed|network/i.test(e.message)) return true
    if (e instanceof DOMException && (e.name === 'TimeoutError' || e.name === 'AbortError')) return true
    const code = (e as { code?: unknown }).code
    if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT' || code === 'ECONNREFUSED' || code === 'ECONNRESET')
      return true
    const status = (e as { status?: unknown }).status
    if (typeof status === 'number' && status >= 500) return true
    if (e instanceof Response && e.status >= 500) return true
  }
  return false
}

function clientAuth(provider: SocialProvider, mode: ProviderMode, secret: string | undefined): client.ClientAuth {
  if (secret === undefined) return client.None()
  return clientAuthMethod(provider, mode) === 'post'
    ? client.ClientSecretPost(secret)
    : client.ClientSecretBasic(secret)
}

async function configurationFor(
  provider: SocialProvider,
  settings: SocialProviderSettings,
): Promise<{ mode: ProviderMode; config: client.Configuration }> {
  const { clientId, clientSecret } = settings
  const metadata = clientSecret === undefined ? undefined : { client_secret: clientSecret }
  if (settings.authorizationEndpoint !== undefined) {
    const mode = 'oauth2' as const
    const server: client.ServerMetadata = {
      issuer: settings.issuer ?? new URL(settings.authorizationEndpoint).origin,
      authorization_endpoint: settings.authorizationEndpoint,
      token_endpoint: settings.tokenEndpoint,
      userinfo_endpoint: settings.userinfoEndpoint,
    }
    const config = new client.Configuration(server, clientId, metadata, clientAuth(provider, mode, clientSecret))
    const urls = [settings.authorizationEndpoint, settings.tokenEndpoint ?? '', settings.userinfoEndpoint ?? '']
    if (urls.some((u) => u !== '' && isLoopbackHttp(u))) client.allowInsecureRequests(config)
    config.timeout = EXCHANGE_TIMEOUT_SECONDS
    return { mode, config }
  }
  const issuer = settings.issuer as string
  const mode = 'oidc' as const
  try {
    const config = await client.discovery(
      new URL(issuer),
      clientId,
      metadata,
      clientAuth(provider, mode, clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        execute: isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [],
      },
    )
    config.timeout = EXCHANGE_TIMEOUT_SECONDS
    return { mode, config }
  } catch (error) {
    throw new ProviderUnavailableError(`OpenID discovery failed for ${provider}`, { cause: error })
  }
}

function providerClient(
  provider: SocialProvider,
  settings: SocialProviderSettings,
  mode: ProviderMode,
  config: client.Configuration,
): ProviderClient {
  const scope = (settings.scopes ?? defaultScopes(provider, mode)).join(' ')
  return {
    mode,
    authorizationUrl(redirectUri, checks) {
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope,
        state: checks.state,
        code_challenge: checks.codeChallenge,
        code_challenge_method: 'S256',
        ...reauthenticationParameters(provider, mode),
      }
      if (mode === 'oidc' && checks.nonce !== null) parameters.nonce = checks.nonce
      return client.buildAuthorizationUrl(config, parameters).href
    },
    async exchange(callbackUrl, checks) {
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          ...(mode === 'oidc' ? { expectedNonce: checks.nonce ?? undefined, idTokenExpected: true } : {}),
        })
        let claims: Record<string, unknown>
        if (mode === 'oidc') {
          const idToken = tokens.claims() as Record<string, unknown> | undefined
          if (!idToken) throw new SignInRefusedError('The provider sent no ID token')
          claims = idToken
          const hasProfile = ['email', 'name', 'preferred_username'].some((k) => typeof idToken[k] === 'string')
          if (!hasProfile && config.serverMetadata().userinfo_endpoint) {
            const info = await client.fetchUserInfo(config, tokens.access_token, String(idToken.sub))
            claims = { ...info, ...idToken }
          }
        } else {
          const url = new URL(config.serverMetadata().userinfo_endpoint as string)
          const response = await client.fetchProtectedResource(config, tokens.access_token, url, 'GET')
          if (!response.ok) throw response.status >= 500 ? response : new SignInRefusedError('User info refused')
          claims = (await response.json()) as Record<string, unknown>
        }
        const identity = identityFromClaims(provider, claims)
        if (!identity) throw new SignInRefusedError('The provider named no subject')
        return identity
      } catch (error) {
        if (error instanceof SignInRefusedError) throw error
        if (isUnavailable(error))
          throw new ProviderUnavailableError(`${provider} could not be reached`, { cause: error })
        throw new SignInRefusedError(`${provider} refused the sign-in`, { cause: error })
      }
    },
  }
}

/**
 * The clients of every project's providers, built on first use: a discovered configuration is kept for
 * `DISCOVERY_TTL_MS` (a failed discovery is not kept), keyed by project, provider and the settings themselves, so
 * changed credentials are never served from the cache. Bounded: at most `maxEntries` configurations.
 */
export function createProviderClients(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const cache = new LRUCache<string, Promise<ProviderClient>>({
    max: options.maxEntries ?? 500,
    ttl: options.ttlMs ?? DISCOVERY_TTL_MS,
  })
  return {
    get(projectId: string, provider: SocialProvider, settings: SocialProviderSettings): Promise<ProviderClient> {
      const key = `${projectId}\n${provider}\n${createHash('sha256').update(JSON.stringify(settings)).digest('hex')}`
      const hit = cache.get(key)
      if (hit) return hit
      const value = configurationFor(provider, settings).then(({ mode, config }) =>
        providerClient(provider, settings, mode, config),
      )
      cache.set(key, value)
      value.catch(() => cache.peek(key) === value && cache.delete(key))
      return value
    },
    get size() {
      return cache.size
    },
  }
}

export type ProviderClients = ReturnType<typeof createProviderClients>

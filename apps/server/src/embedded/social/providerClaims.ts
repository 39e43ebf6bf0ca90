/**
 * What each OAuth provider is asked for and how its answer reads as a `VerifiedIdentity`. OpenID providers (an
 * `issuer`) answer standard claims (`sub`, `email`, `email_verified`, `name`, `preferred_username`, `picture`);
 * providers without discovery answer their own user resource: GitHub `/user` (`id`, `login`, `avatar_url`), Discord
 * `/users/@me` (`id`, `username`, `global_name`, `avatar`, `verified`), X `/2/users/me` (`data.id`,
 * `data.username`, `data.profile_image_url`), Facebook `/me` (`id`, `name`, `picture.data.url`). Only a claim that
 * says so makes an email verified; the rest of what a provider says is a display hint.
 */
import type { SocialProvider } from '@foyer/core/protocol'
import { normalizeEmail } from '../emailAddress.ts'
import type { VerifiedIdentity } from './verifiedIdentity.ts'

/** How a provider is reached: OpenID discovery from an issuer, or OAuth 2.0 endpoints given one by one. */
export type ProviderMode = 'oidc' | 'oauth2'

/** The scopes asked for when the project's settings name none. */
export function defaultScopes(provider: SocialProvider, mode: ProviderMode): string[] {
  if (mode === 'oidc') return provider === 'apple' ? ['openid', 'email'] : ['openid', 'email', 'profile']
  switch (provider) {
    case 'github':
      return ['read:user', 'user:email']
    case 'discord':
      return ['identify', 'email']
    case 'x':
      return ['users.read', 'tweet.read']
    case 'facebook':
      return ['email', 'public_profile']
    default:
      return ['openid', 'email', 'profile']
  }
}

/**
 * The authorization request's parameter that makes the person sign in at the provider again rather than pass
 * through on the provider's own session (Foyer's sign-out forgets the provider, so the next sign-in asks anew):
 * OpenID's `prompt=login`; the OAuth-only providers' nearest equivalent.
 */
export function reauthenticationParameters(provider: SocialProvider, mode: ProviderMode): Record<string, string> {
  if (mode === 'oidc') return { prompt: 'login' }
  switch (provider) {
    case 'github':
      return { prompt: 'select_account' }
    case 'discord':
      return { prompt: 'consent' }
    case 'facebook':
      return { auth_type: 'reauthenticate' }
    default:
      return {}
  }
}

/** How the token endpoint authenticates the client when it has a secret: in the body for GitHub and Facebook. */
export function clientAuthMethod(provider: SocialProvider, mode: ProviderMode): 'basic' | 'post' {
  return mode === 'oauth2' && (provider === 'github' || provider === 'facebook') ? 'post' : 'basic'
}

type Claims = Record<string, unknown>

const text = (value: unknown, max: number): string | null => {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed.slice(0, max)
}

const imageUrl = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.length > 2000) return null
  try {
    const u = new URL(value)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null
  } catch {
    return null
  }
}

const first = <T>(...values: (T | null)[]): T | null => values.find((v) => v !== null) ?? null

const isTrue = (value: unknown) => value === true || value === 'true'

/** The identity in a provider's claims, or undefined when they name no subject. */
export function identityFromClaims(provider: SocialProvider, claims: Claims): VerifiedIdentity | undefined {
  // X wraps its user in `data`.
  const data = (typeof claims.data === 'object' && claims.data !== null ? claims.data : {}) as Claims
  const subject = first(text(claims.sub, 255), text(claims.id, 255), text(data.id, 255))
  if (subject === null) return undefined
  const rawEmail = text(claims.email, 320)
  const email = rawEmail === null ? null : (normalizeEmail(rawEmail.toLowerCase()) ?? null)
  // Discord says whether the account's email is verified in `verified`.
  const emailVerified =
    email !== null && (isTrue(claims.email_verified) || (provider === 'discord' && claims.verified === true))
  const picture = claims.picture
  const nestedPicture =
    typeof picture === 'object' && picture !== null ? ((picture as Claims).data as Claims | undefined)?.url : undefined
  const discordAvatar =
    provider === 'discord' && typeof claims.avatar === 'string' && /^[a-z0-9_]{1,64}$/i.test(claims.avatar)
      ? `https://cdn.discordapp.com/avatars/${encodeURIComponent(subject)}/${claims.avatar}.png`
      : null
  return {
    provider,
    subject,
    email,
    emailVerified,
    username: first(
      text(claims.preferred_username, 100),
      text(claims.login, 100),
      text(claims.username, 100),
      text(data.username, 100),
    ),
    displayName: first(text(claims.name, 200), text(claims.global_name, 200), text(data.name, 200)),
    avatarUrl: first(
      imageUrl(picture),
      imageUrl(nestedPicture),
      imageUrl(claims.avatar_url),
      imageUrl(data.profile_image_url),
      discordAvatar,
    ),
    fid: null,
  }
}

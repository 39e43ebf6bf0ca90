/**
 * The stand-in's test users: one fixed list, offered by every issuer that can represent them, each with a stable
 * subject per provider in that provider's own form (Google's 21 digits, GitHub's numeric id…), so a second sign-in
 * as the same user at the same provider is the same identity, and the same user at another provider is another.
 */
import { createHash } from 'node:crypto'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@foyer/core/protocol'

export interface StandInUser {
  /** The key tests name the user by: `signInWithStandIn(url, { user: 'ada' })`. */
  id: string
  name: string
  /** `preferred_username` where the provider gives one (x, github, discord). */
  username: string
  /** The address the provider gives, or null when the user has none (then no issuer sends `email`). */
  email: string | null
  /** What the provider says of the address: `email_verified`. */
  emailVerified: boolean
  /** The user's `sub` at each provider. */
  subjects: Readonly<Record<SocialProvider, string>>
}

/** Providers whose accounts always carry an email address: they do not offer a user without one. */
const EMAIL_ALWAYS: ReadonlySet<SocialProvider> = new Set(['google', 'apple'])

/** A decimal string of `length` digits (the first not 0) drawn from a hash of the seed: stable across runs. */
function digits(seed: string, length: number): string {
  let out = ''
  for (let round = 0; out.length < length; round++)
    out += BigInt(`0x${createHash('sha256').update(`${seed}#${round}`).digest('hex')}`).toString()
  return String((Number(out[0]) % 9) + 1) + out.slice(1, length)
}

function subjectFor(provider: SocialProvider, userId: string): string {
  const seed = `foyer-stand-in:${provider}:${userId}`
  switch (provider) {
    case 'google':
      return `1${digits(seed, 20)}`
    case 'x':
      return digits(seed, 19)
    case 'discord':
      return digits(seed, 18)
    case 'github':
      return digits(seed, 8)
    case 'facebook':
      return digits(seed, 16)
    case 'apple':
      return `000${digits(seed, 3)}.${createHash('sha256').update(seed).digest('hex').slice(0, 32)}.${digits(`${seed}.t`, 4)}`
  }
}

function user(id: string, name: string, username: string, email: string | null, emailVerified: boolean): StandInUser {
  const subjects = Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, subjectFor(p, id)])) as Record<
    SocialProvider,
    string
  >
  return Object.freeze({ id, name, username, email, emailVerified, subjects: Object.freeze(subjects) })
}

/**
 * ada and grace have verified addresses; mallory's address is NOT verified (an unverified address must never link
 * to an existing user); nemo has no address at all, so google and apple (whose accounts always have one) do not
 * offer nemo.
 */
export const STAND_IN_USERS = Object.freeze({
  ada: user('ada', 'Ada Lovelace', 'ada', 'ada@foyer.local', true),
  grace: user('grace', 'Grace Hopper', 'grace', 'grace@foyer.local', true),
  mallory: user('mallory', 'Mallory Malice', 'mallory', 'mallory@foyer.local', false),
  nemo: user('nemo', 'Nemo Nobody', 'nemo', null, false),
})

export type StandInUserId = keyof typeof STAND_IN_USERS

/** Whether the provider's stand-in offers the user (google and apple do not offer a user without an address). */
export function offersUser(provider: SocialProvider, user: StandInUser): boolean {
  return user.email !== null || !EMAIL_ALWAYS.has(provider)
}

/** The users the provider's sign-in page lists, in the list's order. */
export function standInUsersFor(provider: SocialProvider): StandInUser[] {
  return Object.values(STAND_IN_USERS).filter((u) => offersUser(provider, u))
}

/** The user whose subject at `provider` is `sub`, if any. */
export function userBySubject(provider: SocialProvider, sub: string): StandInUser | undefined {
  return Object.values(STAND_IN_USERS).find((u) => u.subjects[provider] === sub)
}

/**
 * The claims a real provider of that kind gives, before the scopes filter them: google name, picture, email;
 * apple email only; x a username and name, never an email; github login, name, avatar and email; discord username
 * and email; facebook name, email and picture.
 */
export function claimsFor(provider: SocialProvider, user: StandInUser, avatarUrl: string): Record<string, unknown> {
  const sub = user.subjects[provider]
  const email = user.email === null ? {} : { email: user.email, email_verified: user.emailVerified }
  switch (provider) {
    case 'google':
      return { sub, ...email, name: user.name, picture: avatarUrl }
    case 'apple':
      return { sub, ...email }
    case 'x':
      return { sub, preferred_username: user.username, name: user.name }
    case 'github':
      return { sub, preferred_username: user.username, name: user.name, picture: avatarUrl, ...email }
    case 'discord':
      return { sub, preferred_username: user.username, ...email }
    case 'facebook':
      return { sub, name: user.name, ...email, picture: avatarUrl }
  }
}

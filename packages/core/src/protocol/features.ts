/**
 * The feature switches the Foyer server serves per project, and their defaults: the one copy both sides use (the
 * server fills a project's absent switches from it; the client's `defaultFeatures` starts from it). No valibot
 * here, so the browser bundle may import the defaults.
 */

/**
 * The providers a visitor can sign in with through the secure frame besides email, in the modal's default order:
 * OAuth 2.0 / OpenID Connect providers, and Farcaster (Sign in with Farcaster over a Connect relay).
 */
export const LOGIN_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number]
/** The OAuth providers: every login provider but Farcaster. */
export type SocialProvider = Exclude<LoginProvider, 'farcaster'>
export const SOCIAL_PROVIDERS = LOGIN_PROVIDERS.filter((p): p is SocialProvider => p !== 'farcaster')

/** The switches that are on or off. */
export const BOOLEAN_FEATURES = ['swaps', 'onramp', 'analytics', 'names', 'history', 'email'] as const
export type BooleanFeature = (typeof BOOLEAN_FEATURES)[number]

/** Every server feature of a project, as `GET /v1/project` answers them. */
export type ServerFeatures = Record<BooleanFeature, boolean> & {
  /** Social login providers offered through the secure frame, e.g. `["google","github"]`. */
  socials: string[]
}

/**
 * Swaps, on-ramp and analytics are on, as are email login, names and history. No social
 * login provider is offered unless a project lists some: none is on by default and Foyer's server
 * serves no provider of its own, so a default list would show sign-in buttons nothing answers.
 */
export const DEFAULT_FEATURES: Readonly<ServerFeatures> = Object.freeze({
  swaps: true,
  onramp: true,
  analytics: true,
  names: true,
  history: true,
  email: true,
  socials: Object.freeze([]) as unknown as string[],
})

/**
 * `GET /v1/project`: the project the request names, with its effective features, and where it pays its visitors'
 * gas (`POST /v1/paymaster`): the chains, and the contracts every call of a sponsored operation must target.
 */
export type ProjectResponse = {
  id: string
  name: string
  features: ServerFeatures
  sponsorship: { chains: number[]; contracts: string[] }
}

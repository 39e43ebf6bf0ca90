import type { BooleanFeature, ServerFeatures } from '@foyer/core/protocol'
import { BOOLEAN_FEATURES, DEFAULT_FEATURES } from '@foyer/core/protocol'
import * as v from 'valibot'
import { objectMessage, url } from '../settings/fields.ts'
import { type SponsorshipPolicy, SponsorshipPolicySchema } from '../sponsorship/sponsorshipPolicy.ts'
import { SocialLoginSchema, type SocialLoginSettings } from './socialLogin.ts'

/**
 * Per-project switches for the server's feature groups. Absent keys take the defaults in `DEFAULT_FEATURES`
 * (`@foyer/core/protocol`, shared with the client); unknown keys are refused (they are almost always typos).
 */
export type ProjectFeatures = Partial<ServerFeatures>

export type EffectiveFeatures = ServerFeatures

export { DEFAULT_FEATURES }

export interface Project {
  id: string
  name: string
  /** Normalised origins (`scheme://host[:port]`) allowed to call the server for this project. */
  allowedOrigins: string[]
  features: ProjectFeatures
  /** Each social provider's client credentials ({} when none): server-side only, never answered or logged. */
  socialLogin: SocialLoginSettings
  /** Whose gas the project pays, and how much (sponsorship/); null: it sponsors nothing. */
  sponsorship: SponsorshipPolicy | null
  createdAt: Date
  updatedAt: Date
}

/** What an operator supplies (FOYER_PROJECTS, the demo seed, tests). */
export interface ProjectInput {
  id: string
  name: string
  allowedOrigins: string[]
  features: ProjectFeatures
  /** Social providers' client credentials; absent: none. */
  socialLogin?: SocialLoginSettings
  /** Gas sponsorship; absent: none. */
  sponsorship?: SponsorshipPolicy
}

export const PROJECT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
export const MAX_ORIGINS_PER_PROJECT = 100
const PROJECT_ID_EXPECTS = '1-64 characters: letters, digits, ".", "_" or "-", starting with a letter or digit'
const NAME_EXPECTS = 'a non-empty string of at most 200 characters'
const origin = url({
  protocols: ['http:', 'https:'],
  shape: 'origin',
  expects: 'an origin (http(s)://host[:port], no path)',
})
const boolean = v.boolean('true or false')

export function isValidProjectId(value: unknown): value is string {
  return typeof value === 'string' && PROJECT_ID_PATTERN.test(value)
}

export function effectiveFeatures(features: ProjectFeatures): EffectiveFeatures {
  return { ...DEFAULT_FEATURES, ...features, socials: [...(features.socials ?? DEFAULT_FEATURES.socials)] }
}

export { normalizeOrigin } from '../settings/fields.ts'

const FEATURE_NAMES = [...BOOLEAN_FEATURES, 'socials'] as const
const socialIds = 'an array of provider ids like ["google","github"]'

/** A project's feature switches: known names only (an unknown one is almost always a typo). */
export const ProjectFeaturesSchema = v.strictObject(
  {
    ...(Object.fromEntries(BOOLEAN_FEATURES.map((name) => [name, v.optional(boolean)])) as Record<
      BooleanFeature,
      v.OptionalSchema<typeof boolean, undefined>
    >),
    socials: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(socialIds), v.regex(/^[a-z0-9-]{1,32}$/, socialIds)), socialIds),
        v.maxLength(32, socialIds),
        v.transform((ids) => [...new Set(ids)]),
      ),
    ),
  },
  objectMessage('an object of feature switches', FEATURE_NAMES),
)

/** A project id (`PROJECT_ID_PATTERN`). */
export const ProjectIdSchema = v.pipe(v.string(PROJECT_ID_EXPECTS), v.regex(PROJECT_ID_PATTERN, PROJECT_ID_EXPECTS))

/** A project's display name, trimmed. */
export const ProjectNameSchema = v.pipe(
  v.string(NAME_EXPECTS),
  v.trim(),
  v.minLength(1, NAME_EXPECTS),
  v.maxLength(200, NAME_EXPECTS),
)

/** The origins allowed to call the server for a project: each normalised (`scheme://host[:port]`), repeats dropped. */
export const AllowedOriginsSchema = v.pipe(
  v.array(origin.schema, 'an array of origins like "https://my.site"'),
  v.maxLength(MAX_ORIGINS_PER_PROJECT, `at most ${MAX_ORIGINS_PER_PROJECT} origins`),
  v.transform((origins) => [...new Set(origins)]),
)

/** One project an operator defines (FOYER_PROJECTS): `name` defaults to the id, origins are normalised. */
export const ProjectInputSchema = v.pipe(
  v.strictObject(
    {
      id: ProjectIdSchema,
      name: v.optional(ProjectNameSchema),
      allowedOrigins: AllowedOriginsSchema,
      features: v.nullish(ProjectFeaturesSchema),
      socialLogin: v.nullish(SocialLoginSchema),
      sponsorship: v.nullish(SponsorshipPolicySchema),
    },
    objectMessage('an object like {"id":"my-site","allowedOrigins":["https://my.site"]}', [
      'id',
      'name',
      'allowedOrigins',
      'features',
      'socialLogin',
      'sponsorship',
    ]),
  ),
  v.transform(
    (p): ProjectInput => ({
      id: p.id,
      name: p.name ?? p.id,
      allowedOrigins: p.allowedOrigins,
      features: (p.features ?? {}) as ProjectFeatures,
      ...(p.socialLogin ? { socialLogin: p.socialLogin as SocialLoginSettings } : {}),
      ...(p.sponsorship ? { sponsorship: p.sponsorship } : {}),
    }),
  ),
)

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * The demo site's project. Seeded at start unless FOYER_SEED_DEMO=false, or unless FOYER_PROJECTS has an entry with
 * its id: that entry is then the demo project, whole (seed.ts).
 */
export const DEMO_PROJECT: ProjectInput = Object.freeze({
  id: 'foyer-demo',
  name: 'Foyer demo',
  allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
  features: {},
}) as ProjectInput

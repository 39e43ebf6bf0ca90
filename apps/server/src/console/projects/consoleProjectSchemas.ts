/**
 * What the console's project endpoints accept (contract.ts: ProjectCreate, ProjectPatch, SocialCredentialsInput),
 * built from the same pieces as a FOYER_PROJECTS entry, so a project reads the same whichever way it was written.
 */
import { SOCIAL_PROVIDERS } from '@foyer/core/protocol'
import * as v from 'valibot'
import {
  AllowedOriginsSchema,
  ProjectFeaturesSchema,
  ProjectIdSchema,
  ProjectNameSchema,
} from '../../projects/model.ts'
import { ProviderSettingsSchema } from '../../projects/socialLogin.ts'
import { objectMessage } from '../../settings/fields.ts'
import { SponsorshipPolicySchema } from '../../sponsorship/sponsorshipPolicy.ts'

/** POST /projects: `name` defaults to the id, `allowedOrigins` to none. */
export const ProjectCreateSchema = v.strictObject(
  { id: ProjectIdSchema, name: v.optional(ProjectNameSchema), allowedOrigins: v.optional(AllowedOriginsSchema) },
  objectMessage('an object like {"id":"my-site","allowedOrigins":["https://my.site"]}', [
    'id',
    'name',
    'allowedOrigins',
  ]),
)

/**
 * PATCH /projects/:id: any subset; `features` names the switches to change; `sponsorship` replaces the gas
 * sponsorship policy whole (null: none).
 */
export const ProjectPatchSchema = v.strictObject(
  {
    name: v.optional(ProjectNameSchema),
    allowedOrigins: v.optional(AllowedOriginsSchema),
    features: v.optional(ProjectFeaturesSchema),
    sponsorship: v.optional(v.nullable(SponsorshipPolicySchema)),
  },
  objectMessage('an object like {"features":{"swaps":false}}', ['name', 'allowedOrigins', 'features', 'sponsorship']),
)

/** PUT /projects/:id/social/:provider: the provider's client, as in FOYER_PROJECTS' `socialLogin`. */
export const SocialCredentialsSchema = ProviderSettingsSchema

const PROVIDER_EXPECTS = `one of ${SOCIAL_PROVIDERS.join(', ')}`

export const ProjectParamsSchema = v.object({ id: ProjectIdSchema })

export const ProviderParamsSchema = v.object({
  id: ProjectIdSchema,
  provider: v.picklist(SOCIAL_PROVIDERS, PROVIDER_EXPECTS),
})

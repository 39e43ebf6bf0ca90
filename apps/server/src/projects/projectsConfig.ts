import * as v from 'valibot'
import { json, uniqueBy } from '../settings/fields.ts'
import { type ProjectInput, ProjectInputSchema } from './model.ts'

/** FOYER_PROJECTS: a JSON array of extra projects to upsert at start; a repeated id is refused. */
export const projectsSetting = json(
  v.pipe(
    v.array(ProjectInputSchema, 'a JSON array of projects'),
    uniqueBy<ProjectInput>('id', 'a project id not used before in the list'),
  ),
  'a JSON array of projects [{"id", "name"?, "allowedOrigins", "features"?, "socialLogin"?}]',
)

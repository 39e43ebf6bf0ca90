import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { ProjectFeatures } from '../projects/model.ts'

/**
 * Row types of the Foyer schema (one schema for PGlite and Postgres). Keep in step with migrations/.
 * Value conventions on both backends: timestamptz → Date; int8, numeric → string; date → 'YYYY-MM-DD';
 * jsonb → parsed JSON (write it as a JSON string: `JSON.stringify(value)`); text[] → string[].
 */
export interface Database {
  projects: ProjectsTable
}

export interface ProjectsTable {
  id: string
  name: string
  allowed_origins: string[]
  /** jsonb; inserted/updated as a JSON string. */
  features: ColumnType<ProjectFeatures, string, string>
  /** jsonb: each social provider's credentials for this project (null: none configured). */
  social_login: ColumnType<unknown | null, string | null | undefined, string | null>
  /** SHA-256 (hex) of the FOYER_PROJECTS entry or built-in demo last written at a start; null: console-made. */
  config_digest: ColumnType<string | null, string | null | undefined, string | null>
  /** jsonb: the project's gas sponsorship policy (null: it sponsors nothing). */
  sponsorship: ColumnType<unknown | null, string | null | undefined, string | null>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export type ProjectRow = Selectable<ProjectsTable>
export type NewProjectRow = Insertable<ProjectsTable>
export type ProjectUpdate = Updateable<ProjectsTable>

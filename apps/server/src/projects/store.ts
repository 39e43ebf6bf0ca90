import type { SocialProvider } from '@foyer/core/protocol'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Database, ProjectRow } from '../db/schema.ts'
import { readSponsorshipPolicy, type SponsorshipPolicy } from '../sponsorship/sponsorshipPolicy.ts'
import type { Project, ProjectFeatures, ProjectInput } from './model.ts'
import { readSocialLogin, type SocialProviderSettings } from './socialLogin.ts'

export interface ProjectStoreOptions {
  /** How long a looked-up project (or its absence) is trusted before asking the database again. */
  ttlMs?: number
  /** Bound on cached lookups, so random ids cannot grow memory without limit. */
  maxEntries?: number
  now?: () => number
}

/** What a change of a project may name (console/projects): each given field replaces that field; features merge. */
export interface ProjectChange {
  name?: string
  allowedOrigins?: string[]
  /** Merged into the stored switches: a switch given replaces that switch only. */
  features?: ProjectFeatures
  /** Replaces the gas sponsorship policy whole; null: the project sponsors nothing. */
  sponsorship?: SponsorshipPolicy | null
}

/**
 * Projects in the database, with a short in-memory cache. Instances stay stateless: every instance
 * sees a change within `ttlMs`; the instance that makes a change (the methods below) forgets its cache at once.
 * Every change is one statement, so concurrent changes of one project all land (none reads, then writes back).
 */
export class ProjectStore {
  readonly #db: Kysely<Database>
  readonly #ttl: number
  readonly #now: () => number
  /** Found and missing projects alike (a missing one is a promise of undefined), LRU-bounded with expiry. */
  readonly #byId: LRUCache<string, Promise<Project | undefined>>
  #origins?: { at: number; value: Promise<Set<string>> }

  constructor(db: Kysely<Database>, options: ProjectStoreOptions = {}) {
    this.#db = db
    this.#ttl = options.ttlMs ?? 5_000
    this.#now = options.now ?? Date.now
    this.#byId = new LRUCache({
      max: options.maxEntries ?? 1_000,
      ttl: this.#ttl,
      perf: { now: this.#now },
      ttlResolution: 0,
    })
  }

  /** Cached lookup by id. */
  get(id: string): Promise<Project | undefined> {
    const hit = this.#byId.get(id)
    if (hit) return hit
    const value = this.#load(id)
    this.#byId.set(id, value)
    value.catch(() => this.#byId.peek(id) === value && this.#byId.delete(id)) // never cache failures
    return value
  }

  /** How many lookups are cached now (for tests). */
  get cachedLookups(): number {
    return this.#byId.size
  }

  /** Whether any project allows `origin` (used for preflights that name no project, and for error responses). */
  async isOriginKnown(origin: string): Promise<boolean> {
    const now = this.#now()
    if (!this.#origins || now - this.#origins.at >= this.#ttl) {
      const value = this.#db
        .selectFrom('projects')
        .select(sql<string>`unnest(allowed_origins)`.as('origin'))
        .execute()
        .then((rows) => new Set(rows.map((r) => r.origin)))
      this.#origins = { at: now, value }
      value.catch(() => (this.#origins = undefined))
    }
    return (await this.#origins.value).has(origin)
  }

  async list(): Promise<Project[]> {
    const rows = await this.#db.selectFrom('projects').selectAll().orderBy('id').execute()
    return rows.map(toProject)
  }

  /**
   * Insert or replace a project (its social-login credentials too: none when the input has none). Leaves the row
   * (and updated_at) untouched when nothing changed.
   */
  async upsert(input: ProjectInput): Promise<void> {
    await this.#write(
      input,
      null,
      sql`(projects.name, projects.allowed_origins, projects.features, projects.social_login, projects.sponsorship) is distinct from (excluded.name, excluded.allowed_origins, excluded.features, excluded.social_login, excluded.sponsorship)`,
    )
  }

  /**
   * Writes a FOYER_PROJECTS entry (or the built-in demo) at a start, whole, when its `digest` differs from the one
   * the row was last written with — a new entry, or one the operator edited — and leaves the row alone otherwise, so
   * what the console changed since survives a restart with the same settings. Resolves whether it wrote.
   */
  async applyConfigured(input: ProjectInput, digest: string): Promise<boolean> {
    return this.#write(input, digest, sql`projects.config_digest is distinct from excluded.config_digest`)
  }

  /** Inserts the project, or replaces an existing row whole when `replaceWhen` holds (one statement). */
  async #write(input: ProjectInput, digest: string | null, replaceWhen: RawBuilder<unknown>): Promise<boolean> {
    const social = input.socialLogin && Object.keys(input.socialLogin).length ? JSON.stringify(input.socialLogin) : null
    const written = await this.#db
      .insertInto('projects')
      .values({
        id: input.id,
        name: input.name,
        allowed_origins: input.allowedOrigins,
        features: JSON.stringify(input.features),
        social_login: social,
        sponsorship: input.sponsorship ? JSON.stringify(input.sponsorship) : null,
        config_digest: digest,
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            name: (eb) => eb.ref('excluded.name'),
            allowed_origins: (eb) => eb.ref('excluded.allowed_origins'),
            features: (eb) => eb.ref('excluded.features'),
            social_login: (eb) => eb.ref('excluded.social_login'),
            sponsorship: (eb) => eb.ref('excluded.sponsorship'),
            // upsert (digest null) leaves the digest of the configuration last applied
            config_digest: (eb) => eb.fn.coalesce('excluded.config_digest', 'projects.config_digest'),
            updated_at: sql`now()`,
          })
          .where(sql<boolean>`${replaceWhen}`),
      )
      .returning('id')
      .executeTakeFirst()
    this.invalidate()
    return written !== undefined
  }

  /** Adds a project unless its id is taken (one statement): the new project, or undefined when the id exists. */
  async create(input: Omit<ProjectInput, 'socialLogin' | 'sponsorship'>): Promise<Project | undefined> {
    const row = await this.#db
      .insertInto('projects')
      .values({
        id: input.id,
        name: input.name,
        allowed_origins: input.allowedOrigins,
        features: JSON.stringify(input.features),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) this.invalidate()
    return row ? toProject(row) : undefined
  }

  /** Changes a project in one statement (features merge in SQL, `jsonb ||`); undefined when there is no such project. */
  async change(id: string, change: ProjectChange): Promise<Project | undefined> {
    const row = await this.#db
      .updateTable('projects')
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.allowedOrigins !== undefined ? { allowed_origins: change.allowedOrigins } : {}),
        ...(change.features !== undefined
          ? { features: sql<string>`features || ${JSON.stringify(change.features)}::jsonb` }
          : {}),
        ...(change.sponsorship !== undefined
          ? { sponsorship: change.sponsorship === null ? null : JSON.stringify(change.sponsorship) }
          : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    this.invalidate()
    return row ? toProject(row) : undefined
  }

  /**
   * Sets one provider's client credentials. Without `clientSecret`, the secret stored for that provider (if any) is
   * kept: it is write-only, so a form that shows the rest can be saved without it. One statement.
   */
  async setSocialProvider(
    id: string,
    provider: SocialProvider,
    settings: SocialProviderSettings,
  ): Promise<Project | undefined> {
    const kept = sql`jsonb_strip_nulls(jsonb_build_object('clientSecret', social_login -> ${provider}::text -> 'clientSecret'))`
    const row = await this.#db
      .updateTable('projects')
      .set({
        social_login: sql<string>`coalesce(social_login, '{}'::jsonb) || jsonb_build_object(${provider}::text, ${kept} || ${JSON.stringify(settings)}::jsonb)`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    this.invalidate()
    return row ? toProject(row) : undefined
  }

  /** Removes one provider's credentials (none left: null). One statement; undefined when there is no such project. */
  async removeSocialProvider(id: string, provider: SocialProvider): Promise<Project | undefined> {
    const row = await this.#db
      .updateTable('projects')
      .set({
        social_login: sql<string | null>`nullif(coalesce(social_login, '{}'::jsonb) - ${provider}::text, '{}'::jsonb)`,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    this.invalidate()
    return row ? toProject(row) : undefined
  }

  /** Forgets every cached lookup: the next ones read the database. */
  invalidate(): void {
    this.#byId.clear()
    this.#origins = undefined
  }

  async #load(id: string): Promise<Project | undefined> {
    const row = await this.#db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toProject(row) : undefined
  }
}

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowed_origins,
    features: row.features,
    socialLogin: readSocialLogin(row.social_login),
    sponsorship: readSponsorshipPolicy(row.sponsorship),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

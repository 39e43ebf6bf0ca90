import { type Kysely, sql } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Database, ProjectRow } from '../db/schema.ts'
import type { Project, ProjectInput } from './model.ts'
import { readSocialLogin } from './socialLogin.ts'

export interface ProjectStoreOptions {
  /** How long a looked-up project (or its absence) is trusted before asking the database again. */
  ttlMs?: number
  /** Bound on cached lookups, so random ids cannot grow memory without limit. */
  maxEntries?: number
  now?: () => number
}

/**
 * Projects in the database, with a short in-memory cache. Instances stay stateless: every instance
 * sees a change within `ttlMs`.
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
    const features = JSON.stringify(input.features)
    const social = input.socialLogin && Object.keys(input.socialLogin).length ? JSON.stringify(input.socialLogin) : null
    await this.#db
      .insertInto('projects')
      .values({ id: input.id, name: input.name, allowed_origins: input.allowedOrigins, features, social_login: social })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            name: (eb) => eb.ref('excluded.name'),
            allowed_origins: (eb) => eb.ref('excluded.allowed_origins'),
            features: (eb) => eb.ref('excluded.features'),
            social_login: (eb) => eb.ref('excluded.social_login'),
            updated_at: sql`now()`,
          })
          .where(
            sql<boolean>`(projects.name, projects.allowed_origins, projects.features, projects.social_login) is distinct from (excluded.name, excluded.allowed_origins, excluded.features, excluded.social_login)`,
          ),
      )
      .execute()
    this.invalidate()
  }

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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

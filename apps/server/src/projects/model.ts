import { BOOLEAN_FEATURES, DEFAULT_FEATURES, type ServerFeatures } from '@foyer/core/protocol'
import type { Issue } from '../http/errors.ts'

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
  createdAt: Date
  updatedAt: Date
}

/** What an operator supplies (FOYER_PROJECTS, the demo seed, tests). */
export interface ProjectInput {
  id: string
  name: string
  allowedOrigins: string[]
  features: ProjectFeatures
}

export const PROJECT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
export const MAX_ORIGINS_PER_PROJECT = 100

export function isValidProjectId(value: unknown): value is string {
  return typeof value === 'string' && PROJECT_ID_PATTERN.test(value)
}

export function effectiveFeatures(features: ProjectFeatures): EffectiveFeatures {
  return { ...DEFAULT_FEATURES, ...features, socials: [...(features.socials ?? DEFAULT_FEATURES.socials)] }
}

/**
 * Normalises a web origin: `HTTP://LocalHost:5173/` → `http://localhost:5173`. Only http(s) origins
 * without credentials, path, query or fragment are accepted. Returns undefined when invalid.
 */
export function normalizeOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username || url.password || url.search || url.hash) return undefined
  if (url.pathname !== '/' && url.pathname !== '') return undefined
  // `new URL('http://a/')` has pathname '/' whether or not the slash was written; refuse any other path
  const trimmed = value.endsWith('/') ? value.slice(0, -1) : value
  if (trimmed.slice(url.protocol.length + 2).includes('/')) return undefined
  return url.origin
}

/** Validates one project definition. Pushes problems to `issues` (prefixed with `path`); returns the cleaned value. */
export function parseProjectInput(value: unknown, path: string, issues: Issue[]): ProjectInput | undefined {
  const before = issues.length
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be an object like {"id":"my-site","allowedOrigins":["https://my.site"]}' })
    return undefined
  }
  for (const key of Object.keys(value)) {
    if (!['id', 'name', 'allowedOrigins', 'features'].includes(key)) {
      issues.push({ path: `${path}.${key}`, message: 'unknown field (expected id, name, allowedOrigins, features)' })
    }
  }
  const id = value.id
  if (!isValidProjectId(id)) {
    issues.push({
      path: `${path}.id`,
      message: 'must be 1-64 characters: letters, digits, ".", "_" or "-", starting with a letter or digit',
    })
  }
  let name = typeof id === 'string' ? id : ''
  if (value.name !== undefined) {
    if (typeof value.name !== 'string' || value.name.trim().length === 0 || value.name.length > 200) {
      issues.push({ path: `${path}.name`, message: 'must be a non-empty string of at most 200 characters' })
    } else name = value.name.trim()
  }
  const origins: string[] = []
  if (!Array.isArray(value.allowedOrigins)) {
    issues.push({ path: `${path}.allowedOrigins`, message: 'must be an array of origins like "https://my.site"' })
  } else if (value.allowedOrigins.length > MAX_ORIGINS_PER_PROJECT) {
    issues.push({ path: `${path}.allowedOrigins`, message: `must list at most ${MAX_ORIGINS_PER_PROJECT} origins` })
  } else {
    value.allowedOrigins.forEach((o, i) => {
      const normalized = normalizeOrigin(o)
      if (!normalized) {
        issues.push({
          path: `${path}.allowedOrigins[${i}]`,
          message: `${JSON.stringify(o)} is not an origin (expected http(s)://host[:port], no path)`,
        })
      } else if (!origins.includes(normalized)) origins.push(normalized)
    })
  }
  const features = parseFeatures(value.features ?? {}, `${path}.features`, issues)
  if (issues.length > before) return undefined
  return { id: id as string, name, allowedOrigins: origins, features: features ?? {} }
}

export function parseFeatures(value: unknown, path: string, issues: Issue[]): ProjectFeatures | undefined {
  if (!isPlainObject(value)) {
    issues.push({ path, message: 'must be an object of feature switches' })
    return undefined
  }
  const out: ProjectFeatures = {}
  for (const [key, v] of Object.entries(value)) {
    if ((BOOLEAN_FEATURES as readonly string[]).includes(key)) {
      if (typeof v !== 'boolean') issues.push({ path: `${path}.${key}`, message: 'must be true or false' })
      else out[key as (typeof BOOLEAN_FEATURES)[number]] = v
    } else if (key === 'socials') {
      if (!Array.isArray(v) || v.length > 32 || !v.every((s) => typeof s === 'string' && /^[a-z0-9-]{1,32}$/.test(s))) {
        issues.push({ path: `${path}.socials`, message: 'must be an array of provider ids like ["google","github"]' })
      } else out.socials = [...new Set(v as string[])]
    } else {
      issues.push({
        path: `${path}.${key}`,
        message: `unknown feature (known: ${[...BOOLEAN_FEATURES, 'socials'].join(', ')})`,
      })
    }
  }
  return out
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** The demo site's project (`foyer-demo`, allowed from the demo's origin). Seeded at start unless FOYER_SEED_DEMO=false. */
export const DEMO_PROJECT: ProjectInput = Object.freeze({
  id: 'foyer-demo',
  name: 'Foyer demo',
  allowedOrigins: ['http://127.0.0.1:5173', 'http://localhost:5173'],
  features: {},
}) as ProjectInput

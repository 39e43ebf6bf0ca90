import { type Features, isFeatureAvailable, type ResolvedOptions } from '../options/options.ts'
import { BOOLEAN_FEATURES, type BooleanFeature, DEFAULT_FEATURES, type ServerFeatures } from '../protocol/features.ts'
import type { QueryState } from '../query/queryCache.ts'
import { type ProjectSettings, type ProjectSettingsClient, projectSettingsQueryKey } from './fetchProjectSettings.ts'

/**
 * What the modal knows of the server's switches for its project: the project's features, `'loading'` until the
 * first answer, `'unavailable'` when there is none to wait for (no `apiUrl`, or the request failed).
 */
export type ProjectFeatures = ServerFeatures | 'loading' | 'unavailable'

/**
 * The features in a query state of `GET /v1/project`. A failure stays `'unavailable'` while a new request runs, so
 * an entry point shown on the site's options does not vanish and come back during the retry.
 */
export function projectFeaturesOf(state: QueryState<ProjectSettings>): ProjectFeatures {
  // An answer without features (a proxy's page, not the Foyer server's) is no answer: the site's options decide.
  if (state.data)
    return typeof state.data.features === 'object' && state.data.features ? state.data.features : 'unavailable'
  if (state.error !== undefined) return 'unavailable'
  return 'loading'
}

/** The client's project features as its query cache holds them now (see `loadProjectSettings`). */
export function readProjectFeatures(client: ProjectSettingsClient): ProjectFeatures {
  if (!client.api) return 'unavailable'
  return projectFeaturesOf(client.queries.getState<ProjectSettings>(projectSettingsQueryKey(client)))
}

const SERVER_FEATURES: readonly string[] = [...BOOLEAN_FEATURES, 'socials']

/**
 * A feature is on when the site enabled it (`isFeatureAvailable`: with an `apiUrl` for a server feature) and, for
 * a server feature, the project has it on. While the project's answer is `'loading'` a server feature is off (its
 * entry point stays hidden rather than showing and then going); `'unavailable'` leaves the site's options alone.
 */
export function isFeatureEnabled(options: ResolvedOptions, feature: keyof Features, project: ProjectFeatures): boolean {
  if (!isFeatureAvailable(options, feature)) return false
  if (!SERVER_FEATURES.includes(feature) || project === 'unavailable') return true
  if (project === 'loading') return false
  if (feature === 'socials') return offeredSocials(options, project).length > 0
  const name = feature as BooleanFeature
  return (project[name] ?? DEFAULT_FEATURES[name]) === true
}

/** The social login providers offered: those the site lists that the project also lists, in the site's order. */
export function offeredSocials(options: ResolvedOptions, project: ProjectFeatures): string[] {
  const site = isFeatureAvailable(options, 'socials') ? [...(options.features.socials || [])] : []
  if (project === 'unavailable') return site
  if (project === 'loading') return []
  return site.filter((provider) => (project.socials ?? []).includes(provider))
}

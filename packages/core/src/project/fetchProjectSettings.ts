import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import type { Logger } from '../logger.ts'
import { project } from '../protocol/endpoints/service.ts'
import type { ProjectResponse } from '../protocol/features.ts'
import type { QueryCache } from '../query/queryCache.ts'

/** `GET /v1/project`, as `@foyer/core/protocol` defines it: the project's id, name and effective server features. */
export type ProjectSettings = ProjectResponse

/**
 * How long (ms) an answer of `GET /v1/project` is used before it is asked again. The views that read the features
 * ask for them when they mount, that is at each opening of the modal: an answer older than this is shown at once and
 * asked again behind it (stale-while-revalidate, so an open never waits), and the new one replaces it when it comes.
 * With the server's own project cache (5 s), an operator's change — swaps turned off in the console — shows in an
 * open page within about ten seconds, without a reload; opening the modal again and again within this time costs no
 * request.
 */
export const PROJECT_SETTINGS_STALE_MS = 5_000

/** The project the client names, as the Foyer server has it (`GET /v1/project`): which server features are on. */
export async function fetchProjectSettings(
  client: { api?: ApiClient },
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProjectSettings> {
  return requireApi(client, 'the project’s settings').call(project, undefined, { signal })
}

/** One entry per project: a client names one, so its views share one answer. */
export function projectSettingsQueryKey(client: { options: { projectId?: string } }) {
  return ['foyer', 'project', client.options.projectId ?? null] as const
}

export type ProjectSettingsClient = {
  api?: ApiClient
  queries: QueryCache
  options: { projectId?: string }
  logger: Pick<Logger, 'debug'>
}

/**
 * The project's settings through the client's query cache: one request however many callers ask at once, the
 * answer kept `PROJECT_SETTINGS_STALE_MS`; an older answer stays in the cache (what `readProjectFeatures` reads)
 * while the new request runs. Undefined without an `apiUrl` or when the server cannot answer (down, an
 * unknown project): the site's options alone decide then, and a feature the server refuses reports its own error
 * when used. The failure is logged at debug level only, for that reason.
 */
export function loadProjectSettings(client: ProjectSettingsClient): Promise<ProjectSettings | undefined> {
  if (!client.api) return Promise.resolve(undefined)
  return client.queries
    .fetch(projectSettingsQueryKey(client), ({ signal }) => fetchProjectSettings(client, { signal }), {
      staleTime: PROJECT_SETTINGS_STALE_MS,
    })
    .catch((error: unknown) => {
      client.logger.debug('project settings unavailable, the site’s options decide the features', error)
      return undefined
    })
}

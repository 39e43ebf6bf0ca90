import { SDK_TYPE, SDK_VERSION } from '../constants.ts'
import { HttpRequestError } from '../errors/errors.ts'

export type QueryParameters = Record<string, string | number | boolean | undefined | null | readonly string[]>

/** Talks to the site's Foyer server: project id and SDK headers on every call, typed errors on failure. */
export type ApiClient = {
  readonly baseUrl: string
  get<result>(path: string, query?: QueryParameters, init?: { signal?: AbortSignal }): Promise<result>
  post<result>(path: string, body: Record<string, unknown>, init?: { signal?: AbortSignal }): Promise<result>
  /** The URL of a GET (images, links), with the project id in the query. */
  url(path: string, query?: QueryParameters): string
}

export type CreateApiClientParameters = {
  apiUrl: string
  projectId?: string
  fetch?: typeof globalThis.fetch
}

export function createApiClient({ apiUrl, projectId, fetch: fetchImpl }: CreateApiClientParameters): ApiClient {
  const baseUrl = apiUrl.replace(/\/$/, '')
  const headers: Record<string, string> = { 'x-sdk-type': SDK_TYPE, 'x-sdk-version': SDK_VERSION }
  if (projectId) headers['x-project-id'] = projectId

  function url(path: string, query: QueryParameters = {}) {
    const target = new URL(`${baseUrl}${path.startsWith('/') ? path : `/${path}`}`)
    for (const [name, value] of Object.entries({ projectId, ...query })) {
      if (value === undefined || value === null) continue
      target.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value))
    }
    return target.toString()
  }

  async function request<result>(
    method: 'GET' | 'POST',
    target: string,
    body?: Record<string, unknown>,
    signal?: AbortSignal,
  ) {
    const response = await (fetchImpl ?? globalThis.fetch)(target, {
      method,
      signal,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: body ? JSON.stringify({ projectId, ...body }) : undefined,
    })
    if (!response.ok) {
      const reason = await response.json().then(
        (json: { error?: { message?: string } }) => json?.error?.message,
        () => undefined,
      )
      throw new HttpRequestError({ status: response.status, url: target, details: reason })
    }
    return (await response.json()) as result
  }

  return {
    baseUrl,
    url,
    get: (path, query, init) => request('GET', url(path, query), undefined, init?.signal),
    post: (path, body, init) => request('POST', url(path), body, init?.signal),
  }
}

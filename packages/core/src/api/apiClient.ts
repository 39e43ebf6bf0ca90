import { SDK_TYPE, SDK_VERSION } from '../constants.ts'
import { HttpRequestError } from '../errors/errors.ts'

export type QueryParameters = Record<string, string | number | boolean | undefined | null | readonly string[]>

/** Talks to the site's Foyer server: project id and SDK headers on every call, typed errors on failure. */
export type ApiClient = {
  readonly baseUrl: string
  get<result>(path: string, query?: QueryParameters, init?: RequestOptions): Promise<result>
  post<result>(path: string, body: Record<string, unknown>, init?: RequestOptions): Promise<result>
  /** The URL of a GET (images, links), with the project id in the query. */
  url(path: string, query?: QueryParameters): string
}

/** Per request: an abort signal, extra headers (`authorization` for the sign-in routes). */
export type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> }

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
    init: RequestOptions = {},
  ) {
    const response = await (fetchImpl ?? globalThis.fetch)(target, {
      method,
      signal: init.signal,
      headers: { ...init.headers, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify({ projectId, ...body }) : undefined,
    })
    if (!response.ok) {
      const reason = await response.json().then(
        (json: { error?: { code?: unknown; message?: string } }) => json?.error,
        () => undefined,
      )
      throw new HttpRequestError({
        status: response.status,
        url: target,
        details: reason?.message,
        code: typeof reason?.code === 'string' ? reason.code : undefined,
      })
    }
    return (await response.json()) as result
  }

  return {
    baseUrl,
    url,
    get: (path, query, init) => request('GET', url(path, query), undefined, init),
    post: (path, body, init) => request('POST', url(path), body, init),
  }
}

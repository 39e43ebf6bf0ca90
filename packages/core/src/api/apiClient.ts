import { SDK_TYPE, SDK_VERSION } from '../constants.ts'
import { HttpRequestError } from '../errors/errors.ts'
import { fillPath } from '../protocol/endpoint.ts'
import type { Endpoint, RouteName } from '../protocol/endpoints.ts'
import type { ApiErrorBody } from '../protocol/errors.ts'
import type { AnswerOf, QueryValue, RouteInput, Routes } from '../protocol/routes.ts'

export type QueryParameters = Readonly<Record<string, QueryValue>>

/** The arguments of a call to route `name`: its input (optional when the route reads none) and request options. */
export type CallArguments<name extends RouteName> =
  Record<never, never> extends RouteInput<Routes[name]>
    ? [input?: RouteInput<Routes[name]>, init?: RequestOptions]
    : [input: RouteInput<Routes[name]>, init?: RequestOptions]

/** A route's endpoint (`swapTokens` in `@foyer/core/protocol`'s endpoints.ts): its name, method and path. */
export type RouteEndpoint<name extends RouteName = RouteName> = Endpoint & { readonly name: name }

/**
 * Talks to the site's Foyer server through the route table of `@foyer/core/protocol`: a call names a route by its
 * endpoint, its input and answer are that route's types. Project id and SDK headers on every call, typed errors on
 * failure.
 */
export type ApiClient = {
  readonly baseUrl: string
  /** Calls a route (`api.call(swapTokens, { query: { chainId: 1 } })`) and returns its JSON answer. */
  call<name extends RouteName>(
    endpoint: RouteEndpoint<name>,
    ...args: CallArguments<name>
  ): Promise<AnswerOf<Routes[name]>>
  /** The URL of a GET route (an image, a link), with the project id in the query. */
  routeUrl<name extends RouteName>(endpoint: RouteEndpoint<name>, input?: RouteInput<Routes[name]>): string
  /** A server-relative URL the server answered with (`/public/getTokenImage/ETH`), on this server, with the project id. */
  url(path: string, query?: QueryParameters): string
}

/** Per request: an abort signal, extra headers (`authorization` for the sign-in routes). */
export type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> }

export type CreateApiClientParameters = {
  apiUrl: string
  projectId?: string
  fetch?: typeof globalThis.fetch
}

type AnyInput = { params?: Record<string, string>; query?: QueryParameters; body?: unknown }

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

  const targetOf = (endpoint: Endpoint, input: AnyInput = {}) => url(fillPath(endpoint.path, input.params), input.query)

  async function call(endpoint: Endpoint, input: AnyInput = {}, init: RequestOptions = {}): Promise<unknown> {
    const target = targetOf(endpoint, input)
    const body = endpoint.method === 'POST' ? { projectId, ...(input.body as object | undefined) } : undefined
    const response = await (fetchImpl ?? globalThis.fetch)(target, {
      method: endpoint.method,
      signal: init.signal,
      headers: { ...init.headers, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!response.ok) {
      const reason = await response.json().then(
        (json: Partial<ApiErrorBody> | null) => json?.error,
        () => undefined,
      )
      throw new HttpRequestError({
        status: response.status,
        url: target,
        details: reason?.message,
        code: typeof reason?.code === 'string' ? reason.code : undefined,
      })
    }
    return response.json()
  }

  return {
    baseUrl,
    url,
    routeUrl: (endpoint, input) => targetOf(endpoint, input as AnyInput | undefined),
    call: ((endpoint: Endpoint, input?: AnyInput, init?: RequestOptions) =>
      call(endpoint, input, init)) as ApiClient['call'],
  }
}

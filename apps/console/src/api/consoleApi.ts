/**
 * The console API's client: one function per endpoint of apps/server/src/console/contract.ts, same origin, the
 * session cookie sent by the browser and the session's CSRF token on every request that changes something.
 */
import type { ApiErrorBody } from '@foyer/core/protocol'
import {
  type AnalyticsRange,
  type AnalyticsReport,
  CONSOLE_API_PATH,
  CONSOLE_CSRF_HEADER,
  type ConsoleChains,
  type ConsoleProject,
  type ConsoleSession,
  type PasswordSignIn,
  type ProjectCreate,
  type ProjectPatch,
  type SocialCredentialsInput,
} from '../../../server/src/console/contract.ts'

/** A request the server refused (its error envelope's code and message), or one that never got an answer. */
export class ConsoleApiError extends Error {
  override name = 'ConsoleApiError' as const
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number
  /** The envelope's code (`bad_credentials`, `csrf_failed` …), or `network_error` / `bad_response`. */
  readonly code: string
  /** The envelope's `details` (e.g. `{ retryAfterSeconds }` with `operator_locked`). */
  readonly details: unknown
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
  }
}

export interface ConsoleApi {
  getSession(): Promise<ConsoleSession>
  signIn(input: PasswordSignIn): Promise<ConsoleSession>
  requestLink(email: string): Promise<void>
  signInWithLink(token: string): Promise<ConsoleSession>
  signOut(): Promise<void>
  listProjects(): Promise<ConsoleProject[]>
  createProject(input: ProjectCreate): Promise<ConsoleProject>
  updateProject(id: string, patch: ProjectPatch): Promise<ConsoleProject>
  setSocialCredentials(id: string, provider: string, input: SocialCredentialsInput): Promise<ConsoleProject>
  removeSocialCredentials(id: string, provider: string): Promise<ConsoleProject>
  analytics(id: string, range: AnalyticsRange): Promise<AnalyticsReport>
  listChains(): Promise<ConsoleChains>
}

export interface ConsoleApiOptions {
  fetch?: typeof fetch
  /** Where the API answers (default `/console/api`, same origin). */
  baseUrl?: string
}

const CHANGING = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

export function createConsoleApi({
  fetch: doFetch = globalThis.fetch.bind(globalThis),
  baseUrl = CONSOLE_API_PATH,
}: ConsoleApiOptions = {}): ConsoleApi {
  let csrfToken: string | undefined

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (CHANGING.has(method) && csrfToken) headers[CONSOLE_CSRF_HEADER] = csrfToken
    let response: Response
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
      })
    } catch (e) {
      throw new ConsoleApiError(0, 'network_error', e instanceof Error ? e.message : String(e))
    }
    if (response.status === 204) return undefined as T
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : {}
    } catch {
      throw new ConsoleApiError(response.status, 'bad_response', `Not JSON (HTTP ${response.status})`)
    }
    if (!response.ok) {
      const error = (parsed as Partial<ApiErrorBody>).error
      throw new ConsoleApiError(
        response.status,
        error?.code ?? 'bad_response',
        error?.message ?? `HTTP ${response.status}`,
        error?.details,
      )
    }
    return parsed as T
  }

  const keepSession = (session: ConsoleSession) => {
    csrfToken = session.csrfToken
    return session
  }
  const project = (id: string) => `/projects/${encodeURIComponent(id)}`

  return {
    getSession: () => request<ConsoleSession>('GET', '/session').then(keepSession),
    signIn: (input) => request<ConsoleSession>('POST', '/session', input).then(keepSession),
    requestLink: (email) => request<unknown>('POST', '/session/link', { email }).then(() => undefined),
    signInWithLink: (token) => request<ConsoleSession>('POST', '/session/link/use', { token }).then(keepSession),
    signOut: async () => {
      await request<void>('DELETE', '/session')
      csrfToken = undefined
    },
    listProjects: () => request<{ projects: ConsoleProject[] }>('GET', '/projects').then((r) => r.projects),
    createProject: (input) => request<ConsoleProject>('POST', '/projects', input),
    updateProject: (id, patch) => request<ConsoleProject>('PATCH', project(id), patch),
    setSocialCredentials: (id, provider, input) =>
      request<ConsoleProject>('PUT', `${project(id)}/social/${encodeURIComponent(provider)}`, input),
    removeSocialCredentials: (id, provider) =>
      request<ConsoleProject>('DELETE', `${project(id)}/social/${encodeURIComponent(provider)}`),
    analytics: (id, range) =>
      request<AnalyticsReport>('GET', `${project(id)}/analytics?range=${encodeURIComponent(range)}`),
    listChains: () => request<ConsoleChains>('GET', '/chains'),
  }
}

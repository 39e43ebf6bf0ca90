import type { MiddlewareHandler } from 'hono'
import { isPlainObject, isValidProjectId, normalizeOrigin } from '../projects/model.ts'
import type { ProjectStore } from '../projects/store.ts'
import { readJsonBody } from './body.ts'
import type { AppEnv } from './context.ts'
import { badRequest, forbidden, unauthorized } from './errors.ts'

const SDK_HEADER_RE = /^[A-Za-z0-9._+\-@/:]{1,64}$/

/**
 * Resolves the calling project and enforces its allowed origins. Put it in front of every route that
 * belongs to a project: `route(app, routes.x, requireProject(store), handler)`; then use `c.get('project')`,
 * `c.get('body')` (parsed JSON body) and `c.get('sdk')`.
 *
 * The project id comes from the `x-project-id` header, the `projectId` query parameter or a
 * `projectId` field of a JSON body; when several are sent they must agree.
 */
export function requireProject(store: ProjectStore): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = await readJsonBody(c) // 400 invalid_json before anything else
    const sources: Array<[string, unknown]> = []
    const header = c.req.header('x-project-id')
    if (header !== undefined) sources.push(['x-project-id header', header])
    const query = c.req.query('projectId')
    if (query !== undefined) sources.push(['projectId query parameter', query])
    if (isPlainObject(body) && body.projectId !== undefined) sources.push(['projectId body field', body.projectId])

    if (sources.length === 0 || sources.every(([, v]) => v === '')) {
      throw unauthorized(
        'missing_project_id',
        'A project id is required: send the x-project-id header or a projectId parameter',
      )
    }
    for (const [where, value] of sources) {
      if (!isValidProjectId(value)) {
        throw badRequest('invalid_project_id', `The ${where} is not a valid project id`)
      }
    }
    const id = sources[0]![1] as string
    if (sources.some(([, v]) => v !== id)) {
      throw badRequest('project_id_mismatch', 'The project ids sent in the header, query and body differ')
    }

    const project = await store.get(id)
    if (!project) throw forbidden('unknown_project', `Unknown project "${id}"`)

    const rawOrigin = c.req.header('origin')
    if (rawOrigin !== undefined) {
      const origin = normalizeOrigin(rawOrigin)
      if (!origin || !project.allowedOrigins.includes(origin)) {
        c.set('cors', 'refused')
        throw forbidden('origin_not_allowed', `This origin is not allowed for project "${id}"`)
      }
      c.set('cors', 'allowed')
    }

    const sdk: { type?: string; version?: string } = {}
    for (const [name, key] of [
      ['x-sdk-type', 'type'],
      ['x-sdk-version', 'version'],
    ] as const) {
      const v = c.req.header(name)
      if (v === undefined) continue
      if (!SDK_HEADER_RE.test(v)) throw badRequest('invalid_header', `The ${name} header is malformed`)
      sdk[key] = v
    }
    c.set('sdk', sdk)
    c.set('project', project)
    await next()
  }
}

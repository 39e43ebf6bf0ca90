/**
 * The console's project management (contract.ts), paths relative to `/console/api`:
 *
 *   GET    /projects                          → { projects: ConsoleProject[] }
 *   POST   /projects                          → 201 ConsoleProject, 409 project_exists
 *   PATCH  /projects/:id                      → ConsoleProject, 404 unknown_project
 *   PUT    /projects/:id/social/:provider     → ConsoleProject, 404 unknown_project
 *   DELETE /projects/:id/social/:provider     → ConsoleProject, 404 unknown_project
 *
 * Mounted by registerConsoleRoutes (consoleRouters.ts) behind the operator's session and the CSRF checks, which also
 * make every answer `Cache-Control: no-store`: this app trusts its caller. Bad input is 400 `invalid_request` before
 * anything is written; each change is one statement (ProjectStore), after which this instance's project cache is
 * cleared and the others' expires within its TTL (5 s).
 */
import { type Context, Hono } from 'hono'
import { ApiError, apiErrorResponse, classifyError, errorResponse } from '../../http/errors.ts'
import { parseRequest } from '../../http/validate.ts'
import { type Logger, silentLogger } from '../../log.ts'
import type { Project } from '../../projects/model.ts'
import type { ProjectStore } from '../../projects/store.ts'
import { consoleBody } from '../consoleBody.ts'
import type { ConsoleEnv } from '../consoleContext.ts'
import { toConsoleProject } from './consoleProject.ts'
import {
  ProjectCreateSchema,
  ProjectParamsSchema,
  ProjectPatchSchema,
  ProviderParamsSchema,
  SocialCredentialsSchema,
} from './consoleProjectSchemas.ts'

export interface ConsoleProjectRoutesDeps {
  projects: ProjectStore
  logger?: Logger
}

export function createConsoleProjectRoutes({
  projects,
  logger = silentLogger,
}: ConsoleProjectRoutesDeps): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>()

  /** The project a change answered, or 404 `unknown_project`; the change logged with the operator (never a secret). */
  const changed = (c: Context<ConsoleEnv>, id: string, project: Project | undefined, what: string) => {
    if (!project) throw new ApiError(404, 'unknown_project', `No project "${id}"`)
    logger.info('console: project changed', { project: id, change: what, operator: c.get('operator')?.email })
    return c.json(toConsoleProject(project))
  }

  app.get('/projects', async (c) => {
    const list = await projects.list()
    return c.json({ projects: list.map(toConsoleProject) })
  })

  app.post('/projects', async (c) => {
    const input = await consoleBody(c, ProjectCreateSchema)
    const created = await projects.create({
      id: input.id,
      name: input.name ?? input.id,
      allowedOrigins: input.allowedOrigins ?? [],
      features: {},
    })
    if (!created) throw new ApiError(409, 'project_exists', `A project "${input.id}" exists already`)
    logger.info('console: project created', { project: input.id, operator: c.get('operator')?.email })
    return c.json(toConsoleProject(created), 201)
  })

  app.patch('/projects/:id', async (c) => {
    const { id } = parseRequest(ProjectParamsSchema, c.req.param())
    const patch = await consoleBody(c, ProjectPatchSchema)
    return changed(c, id, await projects.change(id, patch), Object.keys(patch).join(',') || 'nothing')
  })

  app.put('/projects/:id/social/:provider', async (c) => {
    const { id, provider } = parseRequest(ProviderParamsSchema, c.req.param())
    const settings = await consoleBody(c, SocialCredentialsSchema)
    return changed(c, id, await projects.setSocialProvider(id, provider, settings), `socialLogin.${provider} set`)
  })

  app.delete('/projects/:id/social/:provider', async (c) => {
    const { id, provider } = parseRequest(ProviderParamsSchema, c.req.param())
    return changed(c, id, await projects.removeSocialProvider(id, provider), `socialLogin.${provider} removed`)
  })

  // The same envelope as the rest of the server; a database complaint never leaks its text.
  app.onError((err, c) => {
    const known = classifyError(err)
    if (known && known.status < 500) return apiErrorResponse(c, known)
    logger.error('console: project request failed', { method: c.req.method, path: c.req.path, error: err })
    return known ? apiErrorResponse(c, known) : errorResponse(c, 500, 'internal_error', 'Internal server error')
  })

  return app
}

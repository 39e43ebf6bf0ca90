import type { JsonAnswer, ParsedBody, ParsedParams, ParsedQuery, Route } from '@foyer/core/protocol'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { readJsonBody } from './body.ts'
import type { AppEnv } from './context.ts'
import { parseRequest } from './validate.ts'

/**
 * A request's input as its route entry's schemas read it, each part on demand, so a handler checks what comes first
 * (a session, a switched-off feature) before it reads the request. A problem answers 400 `invalid_request`, or the
 * entry's own code for that parameter (`codes`).
 */
export type RouteRequest<R extends Route> = (R['params'] extends object ? { params(): ParsedParams<R> } : unknown) &
  (R['query'] extends object ? { query(): ParsedQuery<R> } : unknown) &
  (R['body'] extends object
    ? {
        /**
         * The JSON body checked against the entry's schema. `require`: a body that is not JSON is 415 (or, empty,
         * 400 `invalid_json`) rather than no body.
         */
        body(options?: { require?: boolean }): Promise<ParsedBody<R>>
      }
    : unknown)

/** An answer already written as JSON text (a cached one), typed as the value it was written from. */
export class JsonText<T> {
  declare readonly value?: T
  constructor(readonly text: string) {}
  static of<T>(value: T): JsonText<T> {
    return new JsonText<T>(JSON.stringify(value))
  }
}

/** What a handler returns: the route's JSON answer (or its text), or the Response of a route that answers no JSON. */
export type RouteResult<R extends Route> = R['answer'] extends JsonAnswer<infer T> ? T | JsonText<T> : Response

export type RouteHandler<R extends Route> = (
  c: Context<AppEnv>,
  request: RouteRequest<R>,
) => RouteResult<R> | Promise<RouteResult<R>>

/**
 * Registers the route `entry` of the route table (`routes` in `@foyer/core/protocol`) on `app`: its method and path
 * from the entry, then the middlewares, then `handler`, whose input is read with the entry's schemas and whose
 * answer must be the entry's answer type. A JSON answer is sent with the status set by `c.status` (200 unless set).
 */
export function route<R extends Route>(app: Hono<AppEnv>, entry: R, handler: NoInfer<RouteHandler<R>>): void
export function route<R extends Route>(
  app: Hono<AppEnv>,
  entry: R,
  a: Middleware,
  handler: NoInfer<RouteHandler<R>>,
): void
export function route<R extends Route>(
  app: Hono<AppEnv>,
  entry: R,
  a: Middleware,
  b: Middleware,
  handler: NoInfer<RouteHandler<R>>,
): void
export function route<R extends Route>(app: Hono<AppEnv>, entry: R, ...handlers: unknown[]): void {
  const handler = handlers.at(-1) as RouteHandler<R>
  const middlewares = handlers.slice(0, -1) as Middleware[]
  const final = async (c: Context<AppEnv>) => {
    const result: unknown = await handler(c, requestOf(c, entry))
    if (entry.answer.type !== 'json') return result as Response
    if (result instanceof JsonText) {
      c.header('Content-Type', 'application/json')
      return c.body(result.text)
    }
    return c.json(result as object)
  }
  const on = app.on.bind(app) as (method: string, path: string, ...handlers: Middleware[]) => unknown
  on(entry.method, entry.path, ...middlewares, final as Middleware)
}

type Middleware = MiddlewareHandler<AppEnv>

function requestOf<R extends Route>(c: Context<AppEnv>, entry: R): RouteRequest<R> {
  const request = {
    params: () => parseRequest(entry.params!, c.req.param(), entry.codes),
    query: () => parseRequest(entry.query!, c.req.query(), entry.codes),
    body: async (options: { require?: boolean } = {}) =>
      parseRequest(entry.body!, await readJsonBody(c, options), entry.codes),
  }
  return request as unknown as RouteRequest<R>
}

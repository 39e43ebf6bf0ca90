import type { Context } from 'hono'
import type * as v from 'valibot'
import { readJsonBody } from '../http/body.ts'
import type { AppEnv } from '../http/context.ts'
import { parseRequest } from '../http/validate.ts'
import type { ConsoleEnv } from './consoleContext.ts'

/**
 * A console request's JSON body checked against `schema`: 400 `invalid_request` with every issue when it does not fit,
 * 415 when it is not JSON.
 */
export async function consoleBody<S extends v.GenericSchema>(c: Context<ConsoleEnv>, schema: S) {
  // readJsonBody only caches the body on the context, a variable both environments have.
  const json = await readJsonBody(c as unknown as Context<AppEnv>, { require: true })
  return parseRequest(schema, json) as v.InferOutput<S>
}

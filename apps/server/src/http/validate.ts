import * as v from 'valibot'
import { type Issue, invalidRequest } from './errors.ts'

/**
 * Checks a request's query or body against its schema from `@foyer/core/protocol` and returns the parsed value, or
 * throws 400 `invalid_request` with every problem in `details.issues` (`path` is the dotted path, '' for the whole).
 */
export function parseRequest<const Schema extends v.GenericSchema>(
  schema: Schema,
  input: unknown,
): v.InferOutput<Schema> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  throw invalidRequest(toIssues(result.issues))
}

/** Valibot's issues as the API's `{ path, message }` list: one per path, the first message for it. */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  const seen = new Map<string, string>()
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? ''
    if (!seen.has(path)) seen.set(path, issue.message)
  }
  return [...seen].map(([path, message]) => ({ path, message }))
}

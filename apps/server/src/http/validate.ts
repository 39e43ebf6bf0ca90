import type { ApiErrorCode } from '@foyer/core/protocol'
import * as v from 'valibot'
import { badRequest, type Issue, invalidRequest } from './errors.ts'

/**
 * Checks a request's path parameters, query or body against its schema from `@foyer/core/protocol` and returns the
 * parsed value, or throws 400 `invalid_request` with every problem in `details.issues` (`path` is the dotted path,
 * array items as `[i]`, '' for the whole).
 *
 * `codes` names the parameters whose problem has an error code of its own (`{ address: 'invalid_address' }`): when
 * one of them is wrong the answer is that code alone, with the message `The <path> <message>`.
 */
export function parseRequest<const Schema extends v.GenericSchema>(
  schema: Schema,
  input: unknown,
  codes?: Readonly<Record<string, ApiErrorCode>>,
): v.InferOutput<Schema> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issues = toIssues(result.issues)
  const coded = codes && issues.find((issue) => codes[issue.path] !== undefined)
  if (coded) throw badRequest(codes[coded.path]!, `The ${coded.path} ${coded.message}`)
  throw invalidRequest(issues)
}

/** Valibot's issues as the API's `{ path, message }` list: one per path, the first message for it. */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): Issue[] {
  const seen = new Map<string, string>()
  for (const issue of issues) {
    const path = pathOf(issue)
    if (!seen.has(path)) seen.set(path, issue.message)
  }
  return [...seen].map(([path, message]) => ({ path, message }))
}

/** `addresses[2]`, `eip155.slippage`, '' for the whole value. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  let path = ''
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key
    if (typeof key === 'number') path += `[${key}]`
    else if (typeof key === 'string') path += path ? `.${key}` : key
    else return path
  }
  return path
}

import type { Context } from 'hono'
import { type ConsoleDeps, consoleDb } from '../consoleContext.ts'
import type { ConsoleSession } from '../contract.ts'
import type { Operator } from '../operators/operatorStore.ts'
import { csrfTokenFor } from './csrf.ts'
import { setSessionCookie } from './sessionCookie.ts'
import { createSession } from './sessionStore.ts'

/** The session as the console reads it: who is signed in and the CSRF token of its changing requests. */
export const consoleSession = (operator: Operator, token: string): ConsoleSession => ({
  operator: { email: operator.email },
  csrfToken: csrfTokenFor(token),
})

/** Starts a session for the operator and sets its cookie on the answer. */
export async function startSession(c: Context, deps: ConsoleDeps, operator: Operator, now: Date) {
  const token = await createSession(consoleDb(deps), operator.id, now)
  setSessionCookie(c, token, deps.config.embedded.publicUrl)
  return consoleSession(operator, token)
}

/**
 * Signing in to the console (no session yet, so no CSRF token; the same-origin Origin is required):
 *   POST /session            { email, password } → ConsoleSession   401 bad_credentials, 429 operator_locked
 *   POST /session/link       { email }           → 202 {}           (the same answer for any address)
 *   POST /session/link/use   { token }           → ConsoleSession   400 login_link_invalid
 * Each counts against the client address's sign-in limit first (signInLimit.ts).
 */
import { EMAIL_MESSAGE } from '@foyer/core/protocol'
import { Hono } from 'hono'
import * as v from 'valibot'
import { ApiError, badRequest, invalidRequest, unauthorized } from '../../http/errors.ts'
import { consoleBody } from '../consoleBody.ts'
import { type ConsoleDeps, type ConsoleEnv, consoleDb } from '../consoleContext.ts'
import type { LinkRequest, LinkUse, PasswordSignIn } from '../contract.ts'
import {
  clearAttempts,
  operatorEmail,
  releaseLinkSendSlot,
  takeLinkSendSlot,
  takePasswordAttempt,
} from '../operators/operatorStore.ts'
import { MAX_PASSWORD_LENGTH, verifyPassword } from '../operators/password.ts'
import {
  createLink,
  deleteLink,
  LINK_RESEND_MS,
  signInLinkMail,
  signInLinkUrl,
  spendLink,
} from '../signInLink/signInLinks.ts'
import { requireSameOrigin } from './csrf.ts'
import { signInLimit } from './signInLimit.ts'
import { startSession } from './startSession.ts'

const Email = v.pipe(v.string('a string'), v.maxLength(320, EMAIL_MESSAGE))
const PasswordSignInSchema = v.strictObject({
  email: Email,
  password: v.pipe(
    v.string('a string'),
    v.minLength(1, 'a password'),
    v.maxLength(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`),
  ),
}) satisfies v.GenericSchema<unknown, PasswordSignIn>
const LinkRequestSchema = v.strictObject({ email: Email }) satisfies v.GenericSchema<unknown, LinkRequest>
const LinkUseSchema = v.strictObject({
  token: v.pipe(v.string('a string'), v.maxLength(100)),
}) satisfies v.GenericSchema<unknown, LinkUse>

function addressOf(input: string): string {
  const email = operatorEmail(input)
  if (email === undefined) throw invalidRequest([{ path: 'email', message: EMAIL_MESSAGE }])
  return email
}

const badCredentials = () => unauthorized('bad_credentials', 'The email address or the password is not right')

function lockedError(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  return new ApiError(
    429,
    'operator_locked',
    `Too many wrong passwords; try again in ${Math.ceil(seconds / 60)} minutes or sign in with an email link`,
    {
      details: { retryAfterSeconds: seconds },
      headers: { 'Retry-After': String(seconds) },
    },
  )
}

export function signInRoutes(deps: ConsoleDeps): Hono<ConsoleEnv> {
  const db = consoleDb(deps)
  const now = deps.now ?? (() => new Date())
  const { publicUrl } = deps.config.embedded
  const sameOrigin = requireSameOrigin(publicUrl)
  const limited = signInLimit(deps)
  const app = new Hono<ConsoleEnv>()

  // The attempt is taken (and counted) before the password is compared. An unknown address compares against a
  // dummy hash, so it costs the same scrypt as a wrong password and answers the same 401.
  app.post('/session', sameOrigin, limited, async (c) => {
    const input = await consoleBody(c, PasswordSignInSchema)
    const email = addressOf(input.email)
    const at = now()
    const attempt = await takePasswordAttempt(db, email, at)
    if (attempt.kind === 'locked') throw lockedError(attempt.until, at)
    const right = await verifyPassword(input.password, attempt.kind === 'attempt' ? attempt.passwordHash : null)
    if (attempt.kind !== 'attempt' || !right) {
      deps.logger.info('console: sign-in refused', { reason: attempt.kind === 'attempt' ? 'password' : 'unknown' })
      throw badCredentials()
    }
    await clearAttempts(db, attempt.operator.id)
    deps.logger.info('console: operator signed in', { method: 'password' })
    return c.json(await startSession(c, deps, attempt.operator, at))
  })

  // Always 202 after the same database statement, and the mail goes out after the answer: neither the status nor
  // the time taken tells whether the address is an operator's. A failed send is logged and gives the slot back.
  app.post('/session/link', sameOrigin, limited, async (c) => {
    const email = addressOf((await consoleBody(c, LinkRequestSchema)).email)
    const at = now()
    const operator = await takeLinkSendSlot(db, email, at, LINK_RESEND_MS)
    if (operator) {
      const token = await createLink(db, operator.id, at)
      void deps.mailer
        .send(signInLinkMail(operator.email, signInLinkUrl(publicUrl, token)))
        .then(() => deps.logger.info('console: sign-in link sent'))
        .catch(async (error: Error) => {
          deps.logger.error('console: could not send the sign-in link', { error: error.message })
          await Promise.all([deleteLink(db, token), releaseLinkSendSlot(db, operator.id, at)]).catch(() => {})
        })
    }
    return c.json({}, 202)
  })

  app.post('/session/link/use', sameOrigin, limited, async (c) => {
    const { token } = await consoleBody(c, LinkUseSchema)
    const at = now()
    const operatorId = await spendLink(db, token, at)
    if (!operatorId)
      throw badRequest(
        'login_link_invalid',
        'This sign-in link is not valid: it was used, has expired or never existed',
      )
    const operator = await db
      .selectFrom('operators')
      .select(['id', 'email'])
      .where('id', '=', operatorId)
      .executeTakeFirst()
    if (!operator) throw badRequest('login_link_invalid', 'This sign-in link is not valid: its operator was removed')
    // Having the mailbox proves as much as the password: the count of wrong passwords starts over.
    await clearAttempts(db, operator.id)
    deps.logger.info('console: operator signed in', { method: 'link' })
    return c.json(await startSession(c, deps, operator, at))
  })

  return app
}

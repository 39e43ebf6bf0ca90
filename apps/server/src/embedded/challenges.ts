/**
 * One-time challenges (login codes, email-change codes, device links): issuing them under the send limits, and
 * checking codes so that every limit holds under parallel requests — an attempt is taken in one conditional update
 * BEFORE the code is compared, and a right code is consumed by exactly one request.
 */
import type { Context } from 'hono'
import { clientAddress } from '../http/clientAddress.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import type { ChallengePurpose, EmbeddedContext } from './embeddedContext.ts'
import type { EmbeddedTables } from './embeddedTables.ts'
import type { Mail } from './mailer.ts'
import { codeHash, newId, sameHash, sha256 } from './secrets.ts'
import { countSend, takeSendLock } from './sendLimits.ts'

/** Wrong-or-right checks of one code before it is burnt. */
export const CODE_ATTEMPTS_LIMIT = 5
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
/** Code checks per email address per window (counted before comparing, so they bound failures under any burst). */
export const FAILURES_PER_EMAIL_LIMIT = 10
/** Code checks per client address per window. */
export const FAILURES_PER_CLIENT_LIMIT = 30

type NewChallenge = Pick<
  EmbeddedTables['embedded_challenges'],
  'purpose' | 'email' | 'user_id' | 'device_hash' | 'new_email'
>

export interface IssueOptions {
  challenge: NewChallenge
  ttlMs: number
  secret: string
  mail: (secret: string) => Mail
  /**
   * `client`: a request anyone can make — the recipient's 30 s lock (per flow) and the client's and global quotas apply.
   * `followUp`: mail that follows a one-time link from the recipient's own mailbox — the global quota only.
   */
  limits: { kind: 'client'; c: Context<AppEnv> } | { kind: 'followUp' }
}

/**
 * Creates a challenge and mails it; when the mail cannot be sent, removes the challenge, gives the send back to the
 * quotas and releases the lock (nothing half-written, nothing used up by a mail that never left).
 */
export async function issueChallenge(ctx: EmbeddedContext, { challenge, ttlMs, secret, mail, limits }: IssueOptions) {
  const flow = challenge.purpose === 'login' || challenge.purpose === 'device' ? 'login' : 'update'
  const release = limits.kind === 'client' ? await takeSendLock(ctx, flow, challenge.email) : async () => {}
  const id = newId()
  let refund = async () => {}
  try {
    refund = await countSend(ctx, limits.kind === 'client' ? clientAddress(limits.c, ctx.config) : undefined)
    await ctx.db
      .insertInto('embedded_challenges')
      .values({
        ...challenge,
        id,
        secret_hash: challenge.purpose === 'device' ? sha256(secret) : codeHash(id, secret),
        expires_at: new Date(ctx.now().getTime() + ttlMs),
        created_at: ctx.now(),
      })
      .execute()
    await ctx.mailer.send(mail(secret)).catch((error: Error) => {
      ctx.logger.error('embedded: could not send mail', { purpose: challenge.purpose, error: error.message })
      throw new ApiError(503, 'mail_unavailable', 'The email could not be sent; try again shortly')
    })
  } catch (error) {
    await ctx.db.deleteFrom('embedded_challenges').where('id', '=', id).execute()
    // Best effort: a counter store that fails here must not hide why the send failed.
    await refund().catch((e: Error) => ctx.logger.warn('embedded: could not give a send back', { error: e.message }))
    await release()
    throw error
  }
  ctx.logger.info('embedded: mail sent', { purpose: challenge.purpose })
}

export interface CodeTarget {
  purpose: ChallengePurpose
  /** The challenge's address (login) or its user (email change). */
  email?: string
  userId?: string
  /** The device the code was issued to: another device's guesses never touch this challenge. */
  deviceHash: string
  /** The address whose per-email check limit counts this attempt. */
  limitEmail: string
}

const tooManyForCode = () =>
  new ApiError(429, 'too_many_attempts', 'Too many wrong codes for this code; request a new one')
const codeExpired = () => badRequest('code_expired', 'The code has expired; request a new one')
const invalidCode = () => badRequest('invalid_code', 'The code is not right')

async function hitLimit(ctx: EmbeddedContext, key: string, limit: number) {
  const { count, resetAt } = await ctx.counters.hit(key, FAILURE_WINDOW_MS)
  if (count > limit) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - ctx.now().getTime()) / 1000))
    throw new ApiError(429, 'too_many_attempts', 'Too many wrong codes; try again later', {
      headers: { 'Retry-After': String(seconds) },
    })
  }
}

/**
 * Checks a code against the latest challenge issued to this device; returns the challenge once this request has
 * consumed it. A device that holds no challenge for the target gets `invalid_code` — the same answer as a wrong
 * guess — and its guess counts only against its client address, so a stranger can neither burn the owner's code
 * nor use up the owner's per-email limit.
 */
export async function checkCode(ctx: EmbeddedContext, c: Context<AppEnv>, target: CodeTarget, otp: string) {
  const { db, now } = ctx
  await hitLimit(ctx, `embedded-code:client:${clientAddress(c, ctx.config)}`, FAILURES_PER_CLIENT_LIMIT)
  let query = db
    .selectFrom('embedded_challenges')
    .selectAll()
    .where('purpose', '=', target.purpose)
    .where('device_hash', '=', target.deviceHash)
  if (target.email !== undefined) query = query.where('email', '=', target.email)
  if (target.userId !== undefined) query = query.where('user_id', '=', target.userId)
  const challenge = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst()
  if (!challenge) throw invalidCode()
  await hitLimit(ctx, `embedded-code:email:${target.limitEmail}`, FAILURES_PER_EMAIL_LIMIT)

  const taken = await db
    .updateTable('embedded_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challenge.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', CODE_ATTEMPTS_LIMIT)
    .where('expires_at', '>', now())
    .returning(['attempts', 'secret_hash'])
    .executeTakeFirst()
  // Used, expired or burnt (the request that took the last attempt with a wrong code answered 429): ask for a new one.
  if (!taken) throw codeExpired()
  if (!sameHash(taken.secret_hash, codeHash(challenge.id, otp)))
    throw taken.attempts >= CODE_ATTEMPTS_LIMIT ? tooManyForCode() : invalidCode()

  const consumed = await db
    .updateTable('embedded_challenges')
    .set({ consumed_at: now() })
    .where('id', '=', challenge.id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  if (!consumed) throw codeExpired()
  return challenge
}

/** Gives a consumed challenge back (its follow-up mail could not be sent): the person may enter the same code again. */
export async function unconsume(ctx: EmbeddedContext, challengeId: string) {
  await ctx.db.updateTable('embedded_challenges').set({ consumed_at: null }).where('id', '=', challengeId).execute()
}

/**
 * Changing the email: a code to the current address, then one to the new address, then the change. Whether the
 * new address is taken is told only at the last step, after the person has proved both mailboxes — earlier it
 * would be an oracle for which emails have wallets. A completed change signs out every other session and tells
 * the old address.
 */
import { routes } from '@foyer/core/protocol'
import type { Hono, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { checkCode, issueChallenge, unconsume } from './challenges.ts'
import { type EmbeddedContext, requireSession, type SessionRow, withMailerEmail } from './embeddedContext.ts'
import { emailChangedMail, updateEmailCodeMail } from './mailer.ts'
import { newCode } from './secrets.ts'

const emailTaken = () => new ApiError(409, 'email_taken', 'This email is already in use')

export function registerEmailUpdateRoutes(
  app: Hono<AppEnv>,
  ctx: EmbeddedContext,
  frameProject: MiddlewareHandler<AppEnv>,
) {
  const { db, now } = ctx
  const { codeTtlMs } = ctx.config.embedded

  route(app, routes.embeddedEmailUpdate, frameProject, async (c, request) => {
    const row = withEmail(await requireSession(ctx, c))
    const { email } = withMailerEmail(await request.body())
    if (email === row.email) throw badRequest('invalid_request', 'The new email is the current one')
    await issueChallenge(ctx, {
      challenge: {
        purpose: 'update_primary',
        email: row.email,
        user_id: row.id,
        device_hash: row.device_hash,
        new_email: email,
      },
      ttlMs: codeTtlMs,
      secret: newCode(),
      mail: (code) => updateEmailCodeMail(row.email, code, 'current'),
      limits: { kind: 'client', c },
    })
    return { action: 'VERIFY_PRIMARY_OTP' }
  })

  route(app, routes.embeddedEmailUpdatePrimary, frameProject, async (c, request) => {
    const row = withEmail(await requireSession(ctx, c))
    const { otp } = await request.body()
    const challenge = await checkCode(
      ctx,
      c,
      {
        purpose: 'update_primary',
        email: row.email,
        userId: row.id,
        deviceHash: row.device_hash,
        limitEmail: row.email,
      },
      otp,
    )
    const newEmail = challenge.new_email!
    try {
      await issueChallenge(ctx, {
        challenge: {
          purpose: 'update_secondary',
          email: newEmail,
          user_id: row.id,
          device_hash: row.device_hash,
          new_email: newEmail,
        },
        ttlMs: codeTtlMs,
        secret: newCode(),
        mail: (code) => updateEmailCodeMail(newEmail, code, 'new'),
        limits: { kind: 'client', c },
      })
    } catch (error) {
      await unconsume(ctx, challenge.id) // the second code never went out: the first one may be entered again
      throw error
    }
    return { action: 'VERIFY_SECONDARY_OTP' }
  })

  route(app, routes.embeddedEmailUpdateSecondary, frameProject, async (c, request) => {
    const row = withEmail(await requireSession(ctx, c))
    const { otp } = await request.body()
    const challenge = await checkCode(
      ctx,
      c,
      { purpose: 'update_secondary', userId: row.id, deviceHash: row.device_hash, limitEmail: row.email },
      otp,
    )
    const email = challenge.new_email!
    const changed = await db
      .transaction()
      .execute(async (trx) => {
        if (await trx.selectFrom('embedded_users').select('id').where('email', '=', email).executeTakeFirst())
          return false
        const updated = await trx
          .updateTable('embedded_users')
          .set({ email, updated_at: now() })
          .where('id', '=', row.id)
          .where('email', '=', row.email)
          .returning('id')
          .executeTakeFirst()
        if (!updated) return false
        await trx
          .updateTable('embedded_sessions')
          .set({ revoked_at: now() })
          .where('user_id', '=', row.id)
          .where('token_hash', '!=', row.token_hash)
          .where('revoked_at', 'is', null)
          .execute()
        return true
      })
      // Two changes to the same address at once meet on the unique email.
      .catch((error: { code?: string }) => {
        if (error.code === '23505') return false
        throw error
      })
    if (!changed) throw emailTaken()
    await ctx.mailer
      .send(emailChangedMail(row.email, email))
      .catch((error: Error) =>
        ctx.logger.warn('embedded: could not mail the old address about the change', { error: error.message }),
      )
    return { email }
  })
}

/**
 * The session's user, who has an email: a person who signed in only with a provider that gave none has no address
 * to change (400 `invalid_request`).
 */
function withEmail<Row extends SessionRow>(row: Row): Row & { email: string } {
  if (row.email === null) throw badRequest('invalid_request', 'This account has no email address to change')
  return row as Row & { email: string }
}

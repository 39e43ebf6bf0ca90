/**
 * Email login: /email/start mails a code (or, for a known email on a device it has not approved, a device-approval
 * link whose approval mails the code), /email/verify. /email/start answers the same
 * `{ action: 'VERIFY_OTP' }` after the same database work whether the email is unknown, known on this device or
 * known on a new device, so it does not tell anyone which emails have wallets.
 */
import { routes } from '@foyer/core/protocol'
import type { Hono, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../http/context.ts'
import { route } from '../http/route.ts'
import { checkCode, issueChallenge } from './challenges.ts'
import { approveDevice, type EmbeddedContext, userOut, withMailerEmail } from './embeddedContext.ts'
import { deviceApprovalMail, loginCodeMail } from './mailer.ts'
import { newCode, newId, newToken, sha256 } from './secrets.ts'

export const DEVICE_LINK_TTL_MS = 15 * 60 * 1000

/** The user with this email and whether this device is approved for them and not expired (one query, known or not). */
async function userAndDevice(ctx: EmbeddedContext, email: string, deviceHash: string) {
  const row = await ctx.db
    .selectFrom('embedded_users')
    .leftJoin('embedded_devices', (join) =>
      join
        .onRef('embedded_devices.user_id', '=', 'embedded_users.id')
        .on('embedded_devices.device_hash', '=', deviceHash)
        .on('embedded_devices.expires_at', '>', ctx.now()),
    )
    .select(['embedded_users.id', 'embedded_devices.device_hash'])
    .where('embedded_users.email', '=', email)
    .executeTakeFirst()
  return { userId: row?.id, approved: Boolean(row?.device_hash) }
}

export function registerLoginRoutes(app: Hono<AppEnv>, ctx: EmbeddedContext, frameProject: MiddlewareHandler<AppEnv>) {
  const { codeTtlMs, sessionTtlMs, publicUrl } = ctx.config.embedded
  const minutes = Math.round(codeTtlMs / 60_000)

  route(app, routes.embeddedEmailStart, frameProject, async (c, request) => {
    const { email, deviceId } = withMailerEmail(await request.body())
    const deviceHash = sha256(deviceId)
    const { userId, approved } = await userAndDevice(ctx, email, deviceHash)
    if (userId !== undefined && !approved) {
      await issueChallenge(ctx, {
        challenge: { purpose: 'device', email, user_id: userId, device_hash: deviceHash, new_email: null },
        ttlMs: DEVICE_LINK_TTL_MS,
        secret: newToken(),
        mail: (token) => deviceApprovalMail(email, `${publicUrl}/v1/embedded/device/approve?token=${token}`),
        limits: { kind: 'client', c },
      })
    } else {
      await issueChallenge(ctx, {
        challenge: { purpose: 'login', email, user_id: userId ?? null, device_hash: deviceHash, new_email: null },
        ttlMs: codeTtlMs,
        secret: newCode(),
        mail: (code) => loginCodeMail(email, code, minutes),
        limits: { kind: 'client', c },
      })
    }
    return { action: 'VERIFY_OTP' }
  })

  route(app, routes.embeddedEmailVerify, frameProject, async (c, request) => {
    const { email, deviceId, otp } = withMailerEmail(await request.body())
    const deviceHash = sha256(deviceId)
    await checkCode(ctx, c, { purpose: 'login', email, deviceHash, limitEmail: email }, otp)
    const token = newToken()
    const expiresAt = new Date(ctx.now().getTime() + sessionTtlMs)
    const user = await ctx.db.transaction().execute(async (trx) => {
      // A first sign-in creates the user; two first sign-ins at once (two devices) meet on the unique email.
      await trx
        .insertInto('embedded_users')
        .values({ id: newId(), email, address: null, auth_share: null })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute()
      const row = await trx
        .selectFrom('embedded_users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      await approveDevice(trx, ctx, row.id, deviceHash)
      await trx
        .insertInto('embedded_sessions')
        .values({
          token_hash: sha256(token),
          user_id: row.id,
          device_hash: deviceHash,
          project_id: c.get('project').id,
          expires_at: expiresAt,
          revoked_at: null,
          created_at: ctx.now(),
        })
        .execute()
      return row
    })
    ctx.logger.info('embedded: signed in')
    return { sessionToken: token, expiresAt: expiresAt.toISOString(), user: userOut(user) }
  })
}

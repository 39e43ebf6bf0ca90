/**
 * A signed-in person's account: the session, linking the wallet (with proof of the key), signing out (here or
 * everywhere), and listing and revoking approved devices. Revoking a device ends its sessions at once.
 */
import { routes } from '@foyer/core/protocol'
import type { Hono, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest, notFound } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { type EmbeddedContext, requireSession, userOut } from './embeddedContext.ts'
import { isWalletLinkSigned } from './walletProof.ts'

export function registerAccountRoutes(
  app: Hono<AppEnv>,
  ctx: EmbeddedContext,
  frameProject: MiddlewareHandler<AppEnv>,
) {
  const { db, now } = ctx

  route(app, routes.embeddedSession, frameProject, async (c) => {
    const row = await requireSession(ctx, c)
    c.header('Cache-Control', 'no-store')
    return { user: userOut(row) }
  })

  route(app, routes.embeddedWallet, frameProject, async (c, request) => {
    const row = await requireSession(ctx, c)
    const { address, authShare, signature } = await request.body()
    if (!(await isWalletLinkSigned(address, row.id, authShare, signature)))
      throw badRequest('invalid_signature', 'The signature is not a personal_sign of the link message by this address')
    const updated = await db
      .updateTable('embedded_users')
      .set({ address: address.toLowerCase(), auth_share: authShare, updated_at: now() })
      .where('id', '=', row.id)
      .where('address', 'is', null)
      .returningAll()
      .executeTakeFirst()
    if (!updated) throw new ApiError(409, 'wallet_exists', 'This user already has a wallet')
    await fundNewWallet(ctx, address)
    return { user: userOut({ ...row, ...updated }) }
  })

  // `{}` ends this session; `{ everywhere: true }` ends every session of the user and forgets every device.
  route(app, routes.embeddedSignOut, frameProject, async (c, request) => {
    const row = await requireSession(ctx, c)
    // No body at all is a plain sign-out, as before the `everywhere` option.
    const everywhere = (await request.body())?.everywhere === true
    await db.transaction().execute(async (trx) => {
      let sessions = trx.updateTable('embedded_sessions').set({ revoked_at: now() }).where('revoked_at', 'is', null)
      sessions = everywhere ? sessions.where('user_id', '=', row.id) : sessions.where('token_hash', '=', row.token_hash)
      await sessions.execute()
      if (everywhere) await trx.deleteFrom('embedded_devices').where('user_id', '=', row.id).execute()
    })
    return { ok: true }
  })

  route(app, routes.embeddedDevices, frameProject, async (c) => {
    const row = await requireSession(ctx, c)
    const devices = await db
      .selectFrom('embedded_devices')
      .select(['device_hash', 'approved_at', 'last_used_at', 'expires_at'])
      .where('user_id', '=', row.id)
      .where('expires_at', '>', now())
      .orderBy('last_used_at', 'desc')
      .execute()
    c.header('Cache-Control', 'no-store')
    return {
      devices: devices.map((d) => ({
        id: d.device_hash,
        current: d.device_hash === row.device_hash,
        approvedAt: d.approved_at.toISOString(),
        lastUsedAt: d.last_used_at.toISOString(),
        expiresAt: d.expires_at.toISOString(),
      })),
    }
  })

  route(app, routes.embeddedDeviceRevoke, frameProject, async (c, request) => {
    const row = await requireSession(ctx, c)
    const { id } = await request.body()
    const revoked = await db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('embedded_devices')
        .where('user_id', '=', row.id)
        .where('device_hash', '=', id)
        .returning('device_hash')
        .executeTakeFirst()
      if (gone)
        await trx
          .updateTable('embedded_sessions')
          .set({ revoked_at: now() })
          .where('user_id', '=', row.id)
          .where('device_hash', '=', id)
          .where('revoked_at', 'is', null)
          .execute()
      return Boolean(gone)
    })
    if (!revoked) throw notFound('device_not_found', 'No such device for this user')
    return { ok: true }
  })
}

async function fundNewWallet(ctx: EmbeddedContext, address: string) {
  const { faucetUrl } = ctx.config.embedded
  if (!faucetUrl) return
  try {
    const response = await fetch(faucetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) ctx.logger.warn('embedded: faucet refused', { status: response.status })
  } catch (error) {
    ctx.logger.warn('embedded: faucet not reachable', { error: (error as Error).message })
  }
}

/**
 * The device-approval link in the email: GET shows a button (mail scanners that prefetch links approve nothing),
 * POST approves once — the token is consumed in one conditional update — and mails the login code.
 */
import { routes } from '@foyer/core/protocol'
import type { Hono } from 'hono'
import type { AppEnv } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { issueChallenge } from './challenges.ts'
import { approveDevice, type EmbeddedContext } from './embeddedContext.ts'
import { loginCodeMail } from './mailer.ts'
import { newCode, sha256 } from './secrets.ts'

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/

export function registerDeviceApproval(app: Hono<AppEnv>, ctx: EmbeddedContext) {
  const { codeTtlMs } = ctx.config.embedded

  route(app, routes.embeddedDeviceApprovePage, (c) => {
    const token = c.req.query('token') ?? ''
    if (!TOKEN_RE.test(token)) return c.html(page('This link is not valid.'), 400)
    return c.html(
      page(
        'Approve the new device that is signing in to your Foyer wallet?',
        `<form method="post" action="/v1/embedded/device/approve"><input type="hidden" name="token" value="${token}"><button type="submit" data-testid="approve-device">Approve device</button></form>`,
      ),
    )
  })

  route(app, routes.embeddedDeviceApprove, async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const token = typeof form.token === 'string' ? form.token : ''
    if (!TOKEN_RE.test(token)) return c.html(page('This link is not valid.'), 400)
    const challenge = await ctx.db
      .updateTable('embedded_challenges')
      .set({ consumed_at: ctx.now() })
      .where('purpose', '=', 'device')
      .where('secret_hash', '=', sha256(token))
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', ctx.now())
      .returningAll()
      .executeTakeFirst()
    if (!challenge?.user_id || !challenge.device_hash)
      return c.html(page('This link has expired or was already used. Start the sign-in again.'), 400)
    const { user_id: userId, device_hash: deviceHash, email } = challenge
    await approveDevice(ctx.db, ctx, userId, deviceHash)
    // The device is approved: the login code follows by email (it answers a link from this mailbox, so no resend lock).
    try {
      await issueChallenge(ctx, {
        challenge: { purpose: 'login', email, user_id: userId, device_hash: deviceHash, new_email: null },
        ttlMs: codeTtlMs,
        secret: newCode(),
        mail: (code) => loginCodeMail(email, code, Math.round(codeTtlMs / 60_000)),
        limits: { kind: 'followUp' },
      })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error // a mail failure or the global quota: say so on the page
      return c.html(
        page('Device approved, but the login code could not be sent. Go back to the site and ask for a new code.'),
        error.status === 429 ? 429 : 503,
      )
    }
    return c.html(page('Device approved. Go back to the site and enter the code we just emailed you.'))
  })
}

function page(message: string, extra = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Foyer</title><style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}button{font:inherit;padding:.6rem 1.2rem;border-radius:999px;border:0;background:#3b5bdb;color:#fff}</style></head><body><h1>Foyer</h1><p data-testid="device-message">${message}</p>${extra}</body></html>`
}

/**
 * Limits on what the embedded routes mail out, each enforced in one statement so they hold when the same request
 * arrives 100 times at once:
 * - the 30 s resend lock per recipient mailbox and flow: a conditional upsert that only the first request wins. The
 *   mailbox is the address as its inbox receives it (`mailboxKey`: the tag after `+` dropped, case-folded), so
 *   `x+0@…` … `x+99@…` share one lock. The flows lock apart (`login:` for sign-in codes and device links, `update:`
 *   for email-change codes), so changing the email right after signing in is not refused; the row key is
 *   `<flow>:<mailbox>`;
 * - per client address and global hourly send quotas: counter-store hits (one upsert each).
 */
import { EMAIL_RESEND_LOCK_MS } from '@foyer/core/internal'
import { ApiError } from '../http/errors.ts'
import { mailboxKey } from './emailAddress.ts'
import type { EmbeddedContext } from './embeddedContext.ts'

const HOUR_MS = 60 * 60 * 1000

export type MailFlow = 'login' | 'update'

/** Takes the address's mailbox's resend lock for the flow (or throws 429 with the seconds left); returns a release for when nothing was sent. */
export async function takeSendLock(
  ctx: EmbeddedContext,
  flow: MailFlow,
  address: string,
): Promise<() => Promise<void>> {
  const email = `${flow}:${mailboxKey(address)}`
  const at = ctx.now()
  const won = await ctx.db
    .insertInto('embedded_email_locks')
    .values({ email, last_sent_at: at })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ last_sent_at: at })
        .where('embedded_email_locks.last_sent_at', '<=', new Date(at.getTime() - EMAIL_RESEND_LOCK_MS)),
    )
    .returning('last_sent_at')
    .executeTakeFirst()
  if (!won) {
    const held = await ctx.db
      .selectFrom('embedded_email_locks')
      .select('last_sent_at')
      .where('email', '=', email)
      .executeTakeFirst()
    const left = held ? held.last_sent_at.getTime() + EMAIL_RESEND_LOCK_MS - at.getTime() : EMAIL_RESEND_LOCK_MS
    const seconds = Math.max(1, Math.ceil(left / 1000))
    throw new ApiError(429, 'email_rate_limited', `Please try again after ${seconds} seconds`, {
      details: { retryAfterSeconds: seconds },
      headers: { 'Retry-After': String(seconds) },
    })
  }
  // Taking the lock proved the last mail was over 30 s ago, so dropping our row restores "may send now".
  return async () => {
    await ctx.db.deleteFrom('embedded_email_locks').where('email', '=', email).where('last_sent_at', '=', at).execute()
  }
}

/**
 * Counts one mail against the client's and the server's hourly quotas (client first); 429 `send_quota_exceeded` when
 * over. Returns the refund for when the mail is then not sent: a mail server that is down uses up no one's quota.
 */
export async function countSend(ctx: EmbeddedContext, client: string | undefined): Promise<() => Promise<void>> {
  const { emailSendsPerClientPerHour, emailSendsPerHour } = ctx.config.embedded
  const quotas: [string, number][] = [
    ...(client === undefined
      ? []
      : [[`embedded-mail:client:${client}`, emailSendsPerClientPerHour] as [string, number]]),
    ['embedded-mail:all', emailSendsPerHour],
  ]
  const counted: { key: string; window: Date }[] = []
  for (const [key, limit] of quotas) {
    const { count, resetAt } = await ctx.counters.hit(key, HOUR_MS)
    counted.push({ key, window: new Date(resetAt.getTime() - HOUR_MS) })
    if (count > limit) {
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - ctx.now().getTime()) / 1000))
      throw new ApiError(429, 'send_quota_exceeded', 'Too many emails were requested; try again later', {
        details: { retryAfterSeconds: seconds },
        headers: { 'Retry-After': String(seconds) },
      })
    }
  }
  return async () => {
    for (const { key, window } of counted) await ctx.counters.unhit(key, HOUR_MS, window)
  }
}

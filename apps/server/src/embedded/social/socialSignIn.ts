/**
 * The database side of a social sign-in, from the provider's answer to the session:
 * - `claimFlow`: pending → exchanging in one conditional update, so however many callbacks carry one code (or
 *   Farcaster polls see one verified channel) exactly one request turns it into an identity;
 * - `settleIdentity`: the identity decides the flow's end, in one transaction — an identity already bound signs in
 *   its user (`done`); a new identity whose VERIFIED email an existing user has waits for the person's yes (`link`,
 *   nothing created); otherwise a new user (with that email when verified and free) and the identity bound to it;
 * - `consumeFlow`: a `done` flow (or a `link` flow with the person's yes) becomes a session ONCE — the flow row is
 *   deleted in the statement that takes it, so a second finish finds nothing.
 */
import type { Context } from 'hono'
import type { Selectable } from 'kysely'
import type { AppEnv } from '../../http/context.ts'
import { badRequest } from '../../http/errors.ts'
import { approveDevice, type EmbeddedContext, type EmbeddedDb, userOut } from '../embeddedContext.ts'
import type { EmbeddedTables } from '../embeddedTables.ts'
import { newId, newToken, sha256 } from '../secrets.ts'
import type { VerifiedIdentity } from './verifiedIdentity.ts'

export type FlowRow = Selectable<EmbeddedTables['embedded_social_flows']>

/** How long a flow waits for the provider, and then for the frame to collect its end (session or link answer). */
export const FLOW_TTL_MS = 10 * 60 * 1000

/** Takes a pending, unexpired flow for this request alone; undefined when it is not (any more) pending. */
export async function claimFlow(ctx: EmbeddedContext, flowId: string): Promise<FlowRow | undefined> {
  return ctx.db
    .updateTable('embedded_social_flows')
    .set({ status: 'exchanging' })
    .where('id', '=', flowId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', ctx.now())
    .returningAll()
    .executeTakeFirst()
}

/** Gives a claimed flow back (its provider has no answer yet): pending again, for the next poll. */
export async function releaseFlow(ctx: EmbeddedContext, flowId: string) {
  await ctx.db
    .updateTable('embedded_social_flows')
    .set({ status: 'pending' })
    .where('id', '=', flowId)
    .where('status', '=', 'exchanging')
    .execute()
}

/** Ends a flow this request claimed as failed (`error`: the API error code the frame gets from /social/finish). */
export async function failFlow(ctx: EmbeddedContext, flowId: string, error: string, from: 'pending' | 'exchanging') {
  return ctx.db
    .updateTable('embedded_social_flows')
    .set({ status: 'failed', error, finished_at: ctx.now() })
    .where('id', '=', flowId)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst()
}

/** A parallel sign-in wrote first (the same identity or the same email): decide again on what it wrote. */
class Raced extends Error {}

const identityColumns = (identity: VerifiedIdentity) => ({
  email: identity.email,
  email_verified: identity.emailVerified,
  username: identity.username,
  display_name: identity.displayName,
  avatar_url: identity.avatarUrl,
})

/** Binds the identity to `userId`; undefined when another request bound it first (the primary key decides). */
function insertIdentity(trx: EmbeddedDb, identity: VerifiedIdentity, userId: string) {
  return trx
    .insertInto('embedded_identities')
    .values({ provider: identity.provider, subject: identity.subject, user_id: userId, ...identityColumns(identity) })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
}

/**
 * Decides a claimed (`exchanging`) flow's end from the identity the provider vouched for; returns the new status.
 * Every write is in one transaction with the flow's own move, so a failure leaves nothing half-made.
 */
export async function settleIdentity(
  ctx: EmbeddedContext,
  flow: FlowRow,
  identity: VerifiedIdentity,
): Promise<'done' | 'link'> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const end = async (status: 'done' | 'link', userId: string) => {
          const moved = await trx
            .updateTable('embedded_social_flows')
            .set({
              status,
              identity: JSON.stringify(identity),
              user_id: userId,
              finished_at: ctx.now(),
              // From here the frame has the flow's full time again to collect the session or answer the link offer.
              expires_at: new Date(ctx.now().getTime() + FLOW_TTL_MS),
            })
            .where('id', '=', flow.id)
            .where('status', '=', 'exchanging')
            .returning('id')
            .executeTakeFirst()
          if (!moved) throw new Error('social flow left the exchanging state while its exchange ran')
          return status
        }

        const bound = await trx
          .updateTable('embedded_identities')
          .set({ ...identityColumns(identity), updated_at: ctx.now() })
          .where('provider', '=', identity.provider)
          .where('subject', '=', identity.subject)
          .returning('user_id')
          .executeTakeFirst()
        if (bound) return end('done', bound.user_id)

        if (identity.email !== null && identity.emailVerified) {
          const owner = await trx
            .selectFrom('embedded_users')
            .select('id')
            .where('email', '=', identity.email)
            .executeTakeFirst()
          if (owner) {
            // A parallel first sign-in of this same identity may have made that account and bound the identity
            // after the update above looked: then this sign-in is that account's, not a link offer.
            const boundSince = await identityOwner(trx, identity)
            if (boundSince) return end('done', boundSince)
            return end('link', owner.id)
          }
        }

        // A new person: the verified email becomes the account's (no one has it: checked just above; a parallel
        // sign-in that takes it first makes this insert do nothing, and the next round offers the link).
        const userId = newId()
        const created = await trx
          .insertInto('embedded_users')
          .values({
            id: userId,
            email: identity.emailVerified ? identity.email : null,
            address: null,
            auth_share: null,
          })
          .onConflict((oc) => oc.column('email').doNothing())
          .returning('id')
          .executeTakeFirst()
        if (!created) throw new Raced()
        const identityRow = await insertIdentity(trx, identity, userId)
        if (!identityRow) throw new Raced()
        return end('done', userId)
      })
    } catch (error) {
      if (!(error instanceof Raced) || attempt >= 2) throw error
    }
  }
}

const notFound = () => ({ kind: 'not_found' }) as const

/**
 * The session a finished flow makes, for the flow's device, once: the flow row is deleted by the statement that
 * takes it (a second finish finds nothing). For a `link` flow (the person said yes), the identity is bound to the
 * account with its email first — in the same transaction. Undefined when another request took the flow first.
 */
export async function consumeFlow(
  ctx: EmbeddedContext,
  c: Context<AppEnv>,
  flow: FlowRow,
  from: 'done' | 'link',
): Promise<
  | { kind: 'signed_in'; sessionToken: string; expiresAt: string; user: ReturnType<typeof userOut> }
  | { kind: 'not_found' }
> {
  const token = newToken()
  const expiresAt = new Date(ctx.now().getTime() + ctx.config.embedded.sessionTtlMs)
  return ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .deleteFrom('embedded_social_flows')
      .where('id', '=', flow.id)
      .where('status', '=', from)
      .where('expires_at', '>', ctx.now())
      .returningAll()
      .executeTakeFirst()
    if (!taken?.user_id || !taken.identity) return notFound()
    const identity = (
      typeof taken.identity === 'string' ? JSON.parse(taken.identity) : taken.identity
    ) as VerifiedIdentity
    let userId = taken.user_id
    if (from === 'link') userId = await bindIdentity(trx, identity, userId)
    await approveDevice(trx, ctx, userId, taken.device_hash)
    await trx
      .insertInto('embedded_sessions')
      .values({
        token_hash: sha256(token),
        user_id: userId,
        device_hash: taken.device_hash,
        project_id: c.get('project').id,
        expires_at: expiresAt,
        revoked_at: null,
        created_at: ctx.now(),
        login_provider: identity.provider,
        login_subject: identity.subject,
      })
      .execute()
    const user = await trx.selectFrom('embedded_users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
    return {
      kind: 'signed_in',
      sessionToken: token,
      expiresAt: expiresAt.toISOString(),
      user: userOut({
        ...user,
        login_provider: identity.provider,
        login_subject: identity.subject,
        login_username: identity.username,
        login_display_name: identity.displayName,
        login_avatar_url: identity.avatarUrl,
      }),
    }
  })
}

/**
 * Binds the identity to the account that has its verified email (the person said yes). The account must still have
 * that email; if the identity was bound meanwhile (the same person finished another flow), that binding stands.
 */
async function bindIdentity(trx: EmbeddedDb, identity: VerifiedIdentity, userId: string): Promise<string> {
  const owner = await trx
    .selectFrom('embedded_users')
    .select('id')
    .where('id', '=', userId)
    .where('email', '=', identity.email)
    .executeTakeFirst()
  if (!owner) throw badRequest('login_failed', 'The account with this email has changed; sign in again')
  const bound = await insertIdentity(trx, identity, userId)
  if (bound) return bound.user_id
  const existing = await identityOwner(trx, identity)
  if (!existing) throw new Error('social identity neither inserted nor found')
  return existing
}

/** The user the provider's identity is bound to, if any. */
async function identityOwner(trx: EmbeddedDb, identity: VerifiedIdentity): Promise<string | undefined> {
  const row = await trx
    .selectFrom('embedded_identities')
    .select('user_id')
    .where('provider', '=', identity.provider)
    .where('subject', '=', identity.subject)
    .executeTakeFirst()
  return row?.user_id
}

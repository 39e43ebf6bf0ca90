import type { OnrampPurchase, OnrampStatus, OnrampWebhookEvent } from '@foyer/core/protocol'
import type { Insertable, Selectable } from 'kysely'
import type { OnrampDb, OnrampTables } from './onrampTables.ts'

export type QuoteRow = Selectable<OnrampTables['onramp_quotes']>
export type PurchaseRow = Selectable<OnrampTables['onramp_purchases']>

/**
 * The statuses a purchase may be in for an event to move it to `status` (created → pending → paid → completed;
 * failed from any but completed). A failed payment leaves the purchase payable: the next attempt's `pending` or
 * `paid` moves it on again, so a declined card (anyone's) never ends its owner's purchase.
 */
export const STATUSES_BEFORE: Record<Exclude<OnrampStatus, 'created'>, OnrampStatus[]> = {
  pending: ['created', 'failed'],
  paid: ['created', 'pending', 'failed'],
  completed: ['created', 'pending', 'paid'],
  failed: ['created', 'pending', 'paid'],
}

/** The outcome of one webhook event. */
export type EventOutcome =
  | { kind: 'duplicate'; status: OnrampStatus }
  | { kind: 'recorded'; applied: boolean; status: OnrampStatus }
  | { kind: 'not_found' }

/** A purchase as the API answers it. */
export function toOnrampPurchase(row: PurchaseRow): OnrampPurchase {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    address: row.address,
    network: row.network as `eip155:${number}`,
    purchaseCurrency: row.purchase_currency,
    purchaseAmount: row.purchase_amount,
    paymentCurrency: row.payment_currency,
    paymentMethod: row.payment_method,
    total: row.total,
    ...(row.tx_hash ? { txHash: row.tx_hash } : {}),
    ...(row.failure_reason ? { failureReason: row.failure_reason } : {}),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }
}

/** Quotes, purchases and webhook events (migration 0007_onramp). */
export class OnrampStore {
  readonly #db: OnrampDb

  constructor(db: OnrampDb) {
    this.#db = db
  }

  async insertQuote(row: Insertable<OnrampTables['onramp_quotes']>): Promise<void> {
    await this.#db.insertInto('onramp_quotes').values(row).execute()
  }

  findQuote(id: string): Promise<QuoteRow | undefined> {
    return this.#db.selectFrom('onramp_quotes').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /**
   * Stores a purchase made with the project's quote `quoteId`, claiming the quote in the same transaction: the
   * claim is one statement that only matches an unused quote that has not expired at `now`, so of any number of
   * concurrent uses exactly one stores its purchase (the others get undefined), and a purchase that fails to store
   * leaves the quote unused.
   */
  async insertPurchaseWithQuote(
    row: Insertable<OnrampTables['onramp_purchases']>,
    { quoteId, projectId, now }: { quoteId: string; projectId: string; now: Date },
  ): Promise<PurchaseRow | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('onramp_quotes')
        .set({ used_at: now })
        .where('id', '=', quoteId)
        .where('project_id', '=', projectId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst()
      if (!spent) return undefined
      return trx.insertInto('onramp_purchases').values(row).returningAll().executeTakeFirstOrThrow()
    })
  }

  /** Drops quotes that expired before `before` (they can no longer be used). */
  async deleteExpiredQuotes(before: Date): Promise<void> {
    await this.#db.deleteFrom('onramp_quotes').where('expires_at', '<', before).execute()
  }

  async insertPurchase(row: Insertable<OnrampTables['onramp_purchases']>): Promise<PurchaseRow> {
    return this.#db.insertInto('onramp_purchases').values(row).returningAll().executeTakeFirstOrThrow()
  }

  /** The project's purchase `id` (another project's is not found). */
  findPurchase(id: string, projectId: string): Promise<PurchaseRow | undefined> {
    return this.#db
      .selectFrom('onramp_purchases')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst()
  }

  /**
   * The project's purchases to `address` through `provider` (on `network`) whose secret hash is among
   * `secretHashes`, newest first, created before `beforeSeq`. No hashes, no purchases.
   */
  async purchasesOf(
    {
      projectId,
      address,
      provider,
      secretHashes,
    }: { projectId: string; address: string; provider: string; secretHashes: readonly string[] },
    limit: number,
    beforeSeq?: string,
    network?: string,
  ): Promise<PurchaseRow[]> {
    if (secretHashes.length === 0) return []
    let query = this.#db
      .selectFrom('onramp_purchases')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('secret_hash', 'in', secretHashes)
      .where('address', '=', address)
      .where('provider', '=', provider)
    if (network !== undefined) query = query.where('network', '=', network)
    if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq)
    return query.orderBy('seq', 'desc').limit(limit).execute()
  }

  /**
   * Applies one (verified) webhook event in one transaction: the event id is recorded first (a replay, even a
   * concurrent one, finds it and changes nothing), then the purchase moves to the event's status in one statement
   * that only matches a purchase whose status is before it, so statuses only move forward whatever the order of
   * arrival. An event for an unknown purchase (or another provider's) records nothing.
   */
  async applyEvent(provider: string, event: OnrampWebhookEvent): Promise<EventOutcome> {
    return this.#db.transaction().execute(async (trx) => {
      const purchase = await trx
        .selectFrom('onramp_purchases')
        .select(['id', 'status'])
        .where('id', '=', event.purchaseId)
        .where('provider', '=', provider)
        .executeTakeFirst()
      if (!purchase) return { kind: 'not_found' } as const
      const inserted = await trx
        .insertInto('onramp_webhook_events')
        .values({
          provider,
          event_id: event.eventId,
          purchase_id: event.purchaseId,
          status: event.status,
          applied: false,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('event_id')
        .executeTakeFirst()
      if (!inserted) {
        const now = await trx
          .selectFrom('onramp_purchases')
          .select('status')
          .where('id', '=', event.purchaseId)
          .executeTakeFirstOrThrow()
        return { kind: 'duplicate', status: now.status } as const
      }
      const moved = await trx
        .updateTable('onramp_purchases')
        .set((eb) => ({
          status: event.status,
          tx_hash: event.txHash ? event.txHash.toLowerCase() : eb.ref('tx_hash'),
          failure_reason: event.status === 'failed' ? (event.failureReason ?? 'payment failed') : null,
          updated_at: new Date(),
        }))
        .where('id', '=', event.purchaseId)
        .where('status', 'in', STATUSES_BEFORE[event.status])
        .returning('status')
        .executeTakeFirst()
      if (moved)
        await trx
          .updateTable('onramp_webhook_events')
          .set({ applied: true })
          .where('provider', '=', provider)
          .where('event_id', '=', event.eventId)
          .execute()
      const status =
        moved?.status ??
        (
          await trx
            .selectFrom('onramp_purchases')
            .select('status')
            .where('id', '=', event.purchaseId)
            .executeTakeFirstOrThrow()
        ).status
      return { kind: 'recorded', applied: moved !== undefined, status } as const
    })
  }
}

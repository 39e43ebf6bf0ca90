import { type Kysely, sql } from 'kysely'

// The on-ramp (apps/server/src/onramp): quotes (kept until they expire, so a checkout URL can use one), purchases
// (one per checkout URL, with the status the provider's webhooks move forward) and every webhook event received,
// whose (provider, event_id) key makes a replayed event change nothing. Money is text: fiat with exactly two
// decimals, token amounts as exact decimal strings (never floats). Ids are random UUIDs made by the server.

const FIAT = `'^[0-9]{1,12}\\.[0-9]{2}$'`
const TOKEN = `'^[0-9]{1,40}(\\.[0-9]{1,36})?$'`

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('onramp_quotes')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('purchase_currency', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('payment_currency', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'text', (c) => c.notNull())
    .addColumn('provider_fee', 'text', (c) => c.notNull())
    .addColumn('network_fee', 'text', (c) => c.notNull())
    .addColumn('total', 'text', (c) => c.notNull())
    .addColumn('purchase_amount', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'onramp_quotes_money',
      sql`subtotal ~ ${sql.raw(FIAT)} and provider_fee ~ ${sql.raw(FIAT)} and network_fee ~ ${sql.raw(FIAT)} and total ~ ${sql.raw(FIAT)} and purchase_amount ~ ${sql.raw(TOKEN)}`,
    )
    .execute()
  await db.schema.createIndex('onramp_quotes_expires_idx').on('onramp_quotes').column('expires_at').execute()

  await db.schema
    .createTable('onramp_purchases')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    /** Creation order, for history pages (ids are random). */
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('quote_id', 'uuid')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('purchase_currency', 'text', (c) => c.notNull())
    .addColumn('token_address', 'text', (c) => c.notNull())
    .addColumn('token_decimals', 'integer', (c) => c.notNull())
    .addColumn('purchase_amount', 'text', (c) => c.notNull())
    .addColumn('payment_currency', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('subtotal', 'text', (c) => c.notNull())
    .addColumn('fees', 'text', (c) => c.notNull())
    .addColumn('total', 'text', (c) => c.notNull())
    .addColumn('partner_user_id', 'text')
    .addColumn('tx_hash', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('onramp_purchases_status', sql`status in ('created', 'pending', 'paid', 'completed', 'failed')`)
    .addCheckConstraint('onramp_purchases_address_format', sql`address ~ '^0x[0-9a-f]{40}$'`)
    .addCheckConstraint(
      'onramp_purchases_money',
      sql`subtotal ~ ${sql.raw(FIAT)} and fees ~ ${sql.raw(FIAT)} and total ~ ${sql.raw(FIAT)} and purchase_amount ~ ${sql.raw(TOKEN)}`,
    )
    .execute()
  await db.schema
    .createIndex('onramp_purchases_address_idx')
    .on('onramp_purchases')
    .columns(['address', 'provider', 'seq'])
    .execute()

  await db.schema
    .createTable('onramp_webhook_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('purchase_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    /** Whether the event moved the purchase (false: its status was already as far or further). */
    .addColumn('applied', 'boolean', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('onramp_webhook_events_pkey', ['provider', 'event_id'])
    .execute()
  await db.schema
    .createIndex('onramp_webhook_events_purchase_idx')
    .on('onramp_webhook_events')
    .column('purchase_id')
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('onramp_webhook_events').execute()
  await db.schema.dropTable('onramp_purchases').execute()
  await db.schema.dropTable('onramp_quotes').execute()
}

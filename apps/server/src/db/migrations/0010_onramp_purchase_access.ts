import type { Kysely } from 'kysely'

// On-ramp purchases are read only by whoever holds the purchase's secret: the URL generator hands the creating page
// a random secret and stores its SHA-256 (hex) here; reads and history match a purchase by that hash together with
// the request's project. Purchases made before this column existed have no hash and no request matches them.
// A quote is spent by the first purchase made with it: `used_at` is set in the one statement that claims it, so a
// quote priced once buys once.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('onramp_purchases').addColumn('secret_hash', 'text').execute()
  await db.schema.alterTable('onramp_quotes').addColumn('used_at', 'timestamptz').execute()
  await db.schema
    .createIndex('onramp_purchases_secret_idx')
    .on('onramp_purchases')
    .columns(['project_id', 'secret_hash'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('onramp_purchases_secret_idx').execute()
  await db.schema.alterTable('onramp_quotes').dropColumn('used_at').execute()
  await db.schema.alterTable('onramp_purchases').dropColumn('secret_hash').execute()
}

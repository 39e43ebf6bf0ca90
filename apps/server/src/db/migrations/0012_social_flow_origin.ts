import type { Kysely } from 'kysely'

// The site a sign-in flow was started for (`origin` of /social/:provider/start, one of the project's allowed
// origins). Sign in with Farcaster names that site's host as the message's domain and its origin as the URI, so the
// check at /social/finish needs it again; an OAuth flow records it too.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embedded_social_flows').addColumn('site_origin', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embedded_social_flows').dropColumn('site_origin').execute()
}

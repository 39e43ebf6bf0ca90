/**
 * Copies every table of one Foyer database into another — the way an installation moves from the embedded PGlite
 * folder to Postgres. Both sides are brought to the same schema by the migrations first; the rows go over in
 * foreign-key order inside ONE transaction on the target (a failure leaves it as it was), serial sequences are moved
 * past the copied ids, and each table's row count and checksum are compared on both sides before the transaction
 * commits.
 */
import { type Kysely, sql } from 'kysely'
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE } from '../migrate.ts'

/** Rows per SELECT and INSERT: small enough for PGlite's memory, large enough to keep round trips few. */
const BATCH_ROWS = 500

export type TableReport = { table: string; rows: number; checksum: string }
export type CopyReport = { tables: TableReport[]; rows: number }

export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError'
  constructor(readonly tables: string[]) {
    super(
      `The target database already holds data (${tables.join(', ')}); copy into an empty database, or pass --replace to empty it first`,
    )
  }
}

export class CopyMismatchError extends Error {
  override name = 'CopyMismatchError'
}

type Column = { name: string; json: boolean }

/** Any Foyer database: the copy reads its tables from the catalogue, not from the typed schema. */
type Db = Kysely<object>

const ident = (name: string) => sql.id(name)

/** The application's tables (the migrations' own bookkeeping excepted), parents before the tables that refer to them. */
export async function tablesInCopyOrder(db: Db): Promise<string[]> {
  const tables = (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
      order by table_name`.execute(db)
  ).rows
    .map((row) => row.name)
    .filter((name) => name !== MIGRATION_TABLE && name !== MIGRATION_LOCK_TABLE)
  const edges = (
    await sql<{ child: string; parent: string }>`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public'`.execute(db)
  ).rows
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return
    visiting.add(table)
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent)
    ordered.push(table)
  }
  for (const table of tables) visit(table)
  return ordered
}

async function columnsOf(db: Db, table: string): Promise<Column[]> {
  const rows = (
    await sql<{ name: string; type: string }>`
      select column_name as name, data_type as type from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`.execute(db)
  ).rows
  return rows.map((row) => ({ name: row.name, json: row.type === 'json' || row.type === 'jsonb' }))
}

/** The primary key's columns (every column when a table has none), for a stable order across batches. */
async function orderColumns(db: Db, table: string, columns: Column[]): Promise<string[]> {
  const rows = (
    await sql<{ name: string }>`
      select a.attname as name
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join lateral unnest(i.indkey) with ordinality as k(attnum, pos) on true
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
      where i.indisprimary and n.nspname = 'public' and c.relname = ${table}
      order by k.pos`.execute(db)
  ).rows
  return rows.length > 0 ? rows.map((row) => row.name) : columns.filter((c) => !c.json).map((c) => c.name)
}

/**
 * A table's row count and a checksum of its rows' text forms, independent of row order. The text of a timestamp
 * depends on the session's time zone, so the caller sets UTC on both sides first.
 */
export async function tableChecksum(db: Db, table: string): Promise<TableReport> {
  const row = (
    await sql<{ rows: string | number; checksum: string | null }>`
      select count(*) as rows, md5(string_agg(md5(t::text), '' order by md5(t::text))) as checksum
      from ${ident(table)} as t`.execute(db)
  ).rows[0]!
  return { table, rows: Number(row.rows), checksum: row.checksum ?? '' }
}

async function rowCount(db: Db, table: string): Promise<number> {
  const row = (await sql<{ n: string | number }>`select count(*) as n from ${ident(table)}`.execute(db)).rows[0]!
  return Number(row.n)
}

/** Moves each serial column's sequence past the largest copied value, so new rows do not collide. */
async function advanceSequences(db: Db, table: string) {
  const serials = (
    await sql<{ column: string; sequence: string }>`
      select column_name as column, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
      from information_schema.columns
      where table_schema = 'public' and table_name = ${table}
        and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(db)
  ).rows
  for (const { column, sequence } of serials)
    await sql`select setval(${sequence}::regclass, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`.execute(
      db,
    )
}

/**
 * Copies `source` into `target` (both already migrated to the same schema). Refuses a target that holds any row
 * unless `replace`, which empties its tables first — in the same transaction as the copy.
 */
export async function copyDatabase(
  source: Db,
  target: Db,
  options: { replace?: boolean; onTable?: (report: TableReport) => void } = {},
): Promise<CopyReport> {
  const tables = await tablesInCopyOrder(source)
  const targetTables = await tablesInCopyOrder(target)
  const missing = tables.filter((table) => !targetTables.includes(table))
  if (missing.length > 0)
    throw new CopyMismatchError(`The target lacks tables the source has (${missing.join(', ')}): is it older?`)

  await sql`set time zone 'UTC'`.execute(source)
  const reports: TableReport[] = []
  await target.transaction().execute(async (trx) => {
    await sql`set local time zone 'UTC'`.execute(trx)
    const filled: string[] = []
    for (const table of targetTables) if ((await rowCount(trx, table)) > 0) filled.push(table)
    if (filled.length > 0) {
      if (!options.replace) throw new TargetNotEmptyError(filled)
      await sql`truncate ${sql.join(filled.map(ident))} restart identity cascade`.execute(trx)
    }
    for (const table of tables) {
      const columns = await columnsOf(source, table)
      const order = await orderColumns(source, table, columns)
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const rows = (
          await sql<Record<string, unknown>>`
            select ${sql.join(columns.map((c) => ident(c.name)))} from ${ident(table)}
            order by ${sql.join(order.map(ident))} limit ${BATCH_ROWS} offset ${offset}`.execute(source)
        ).rows
        if (rows.length === 0) break
        const values = rows.map(
          (row) =>
            sql`(${sql.join(columns.map((c) => (c.json && row[c.name] !== null ? JSON.stringify(row[c.name]) : row[c.name])))})`,
        )
        await sql`insert into ${ident(table)} (${sql.join(columns.map((c) => ident(c.name)))}) values ${sql.join(values)}`.execute(
          trx,
        )
        if (rows.length < BATCH_ROWS) break
      }
      await advanceSequences(trx, table)
      const [from, to] = [await tableChecksum(source, table), await tableChecksum(trx, table)]
      if (from.rows !== to.rows || from.checksum !== to.checksum)
        throw new CopyMismatchError(
          `Table ${table} differs after the copy (source ${from.rows} rows, target ${to.rows}); nothing was written`,
        )
      reports.push(to)
      options.onTable?.(to)
    }
  })
  return { tables: reports, rows: reports.reduce((sum, r) => sum + r.rows, 0) }
}

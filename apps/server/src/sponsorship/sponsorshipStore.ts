import { type ColumnType, type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

/** Row type of migration 0017's usage table (added to the shared `Database` type with `withTables`). */
export type SponsorshipTables = {
  sponsorship_usage: {
    project_id: string
    chain_id: ColumnType<string, number, number>
    /** Lower-case 0x address of the account (the operation's sender). */
    account: string
    /** The UTC day, 'YYYY-MM-DD'. */
    day: ColumnType<string, string, string>
    operations: number
    /** numeric: wei, read back as a decimal string. */
    gas_wei: ColumnType<string, string, string>
    updated_at: ColumnType<Date, Date | undefined, Date>
  }
}

export interface SponsorshipLimits {
  maxOperations: number
  maxGasWei: bigint
}

export type GrantResult =
  | { granted: true; operations: number; gasWei: bigint }
  | { granted: false; reason: 'daily_operations_exceeded' | 'daily_gas_exceeded'; operations: number; gasWei: bigint }

/**
 * What each account has been granted per project, chain and UTC day. A grant is one statement — insert the day's
 * row, or add to it only while it stays within both limits — so any number of concurrent grants for one account
 * never passes its limits: the row's lock orders them, and each sees the count the one before it left.
 */
export class SponsorshipStore {
  readonly #db: Kysely<Database & SponsorshipTables>

  constructor(db: Kysely<Database>) {
    this.#db = db.withTables<SponsorshipTables>()
  }

  /** Counts one operation of at most `gasWei` for the account's day, when both limits allow it. */
  async grant(
    key: { projectId: string; chainId: number; account: string; day: string },
    gasWei: bigint,
    limits: SponsorshipLimits,
  ): Promise<GrantResult> {
    const account = key.account.toLowerCase()
    // A first operation is inserted without the conflict's condition: it must fit on its own.
    if (limits.maxOperations < 1)
      return { granted: false, reason: 'daily_operations_exceeded', operations: 0, gasWei: 0n }
    if (gasWei > limits.maxGasWei) return { granted: false, reason: 'daily_gas_exceeded', operations: 0, gasWei: 0n }
    const row = await this.#db
      .insertInto('sponsorship_usage')
      .values({
        project_id: key.projectId,
        chain_id: key.chainId,
        account,
        day: key.day,
        operations: 1,
        gas_wei: gasWei.toString(),
      })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'chain_id', 'account', 'day'])
          .doUpdateSet({
            operations: sql`sponsorship_usage.operations + 1`,
            gas_wei: sql`sponsorship_usage.gas_wei + excluded.gas_wei`,
            updated_at: sql`now()`,
          })
          .where(sql<boolean>`sponsorship_usage.operations < ${limits.maxOperations}`)
          .where(sql<boolean>`sponsorship_usage.gas_wei + excluded.gas_wei <= ${limits.maxGasWei.toString()}::numeric`),
      )
      .returning(['operations', 'gas_wei'])
      .executeTakeFirst()
    if (row) return { granted: true, operations: row.operations, gasWei: BigInt(row.gas_wei) }
    // Refused: say which limit (read after the refusal, for the message only).
    const used = await this.usage(key)
    return {
      granted: false,
      reason: used.operations >= limits.maxOperations ? 'daily_operations_exceeded' : 'daily_gas_exceeded',
      ...used,
    }
  }

  /** What the account has been granted on its day so far. */
  async usage(key: {
    projectId: string
    chainId: number
    account: string
    day: string
  }): Promise<{ operations: number; gasWei: bigint }> {
    const row = await this.#db
      .selectFrom('sponsorship_usage')
      .select(['operations', 'gas_wei'])
      .where('project_id', '=', key.projectId)
      .where('chain_id', '=', String(key.chainId))
      .where('account', '=', key.account.toLowerCase())
      .where('day', '=', key.day)
      .executeTakeFirst()
    return { operations: row?.operations ?? 0, gasWei: BigInt(row?.gas_wei ?? '0') }
  }

  /** Deletes the days before `day` ('YYYY-MM-DD'); resolves how many rows went. */
  async purgeBefore(day: string): Promise<number> {
    const result = await this.#db.deleteFrom('sponsorship_usage').where('day', '<', day).executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}

/** The UTC day of `ms` as 'YYYY-MM-DD'. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

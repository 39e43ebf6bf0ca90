import type { IdentityResponse, NameAttributes, NameRecord } from '@foyer/core/protocol'
import type { Selectable } from 'kysely'
import { getAddress } from 'viem'
import { ApiError, badRequest } from '../http/errors.ts'
import type { NamesDb, NameTables } from './nameTables.ts'

type NameRow = Selectable<NameTables['account_names']>

/** The most names `GET /v1/profile/reverse/{address}` lists (newest first). */
export const MAX_REVERSE_NAMES = 100

/** A stored name as the API answers it. */
export function toNameRecord(row: NameRow): NameRecord {
  const attributes: NameAttributes = {}
  if (row.attributes.avatar !== undefined) attributes.avatar = row.attributes.avatar
  if (row.attributes.bio !== undefined) attributes.bio = row.attributes.bio
  return {
    name: row.name,
    addresses: { [String(row.coin_type)]: { address: getAddress(row.address) } },
    attributes,
    createdAt: row.created_at.toISOString(),
  }
}

export interface NameRegistration {
  name: string
  /** Lower-case. */
  address: string
  coinType: number
  attributes: NameAttributes
  signedAt: Date
  message: string
  signature: string
  projectId: string
}

/** The names table: reads, and registration in one transaction with its history row. */
export class NameStore {
  readonly #db: NamesDb

  constructor(db: NamesDb) {
    this.#db = db
  }

  async find(name: string): Promise<NameRow | undefined> {
    return this.#db.selectFrom('account_names').selectAll().where('name', '=', name).executeTakeFirst()
  }

  /** An address's names, the primary (newest registered) first. */
  async ofAddress(address: string, limit = MAX_REVERSE_NAMES): Promise<NameRow[]> {
    return this.#db
      .selectFrom('account_names')
      .selectAll()
      .where('address', '=', address)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  /** Which of `names` are registered. */
  async registeredAmong(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set()
    const rows = await this.#db.selectFrom('account_names').select('name').where('name', 'in', names).execute()
    return new Set(rows.map((r) => r.name))
  }

  /** `GET /v1/identity/{address}`: the primary name and its avatar. */
  async identity(address: string): Promise<IdentityResponse> {
    const [primary] = await this.ofAddress(address.toLowerCase(), 1)
    return { name: primary?.name ?? null, avatar: primary?.attributes.avatar ?? null }
  }

  /**
   * Registers a name, or updates its attributes when `address` already owns it and signed later than the last
   * change. The insert is `on conflict do nothing`: of concurrent registrations of one name the unique constraint
   * lets exactly one in, the others find it taken (409 `name_taken`). The history row is written in the same
   * transaction, so history and names never disagree.
   */
  async register(r: NameRegistration): Promise<NameRow> {
    return this.#db.transaction().execute(async (trx) => {
      const history = (action: 'register' | 'update') =>
        trx
          .insertInto('account_name_history')
          .values({
            name: r.name,
            action,
            address: r.address,
            coin_type: r.coinType,
            attributes: JSON.stringify(r.attributes),
            message: r.message,
            signature: r.signature,
            project_id: r.projectId,
          })
          .execute()
      const inserted = await trx
        .insertInto('account_names')
        .values({
          name: r.name,
          address: r.address,
          coin_type: r.coinType,
          attributes: JSON.stringify(r.attributes),
          signed_at: r.signedAt,
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .returningAll()
        .executeTakeFirst()
      if (inserted) {
        await history('register')
        return inserted
      }
      const updated = await trx
        .updateTable('account_names')
        .set({
          coin_type: r.coinType,
          attributes: JSON.stringify(r.attributes),
          signed_at: r.signedAt,
          updated_at: new Date(),
        })
        .where('name', '=', r.name)
        .where('address', '=', r.address)
        .where('signed_at', '<', r.signedAt)
        .returningAll()
        .executeTakeFirst()
      if (updated) {
        await history('update')
        return updated
      }
      const owner = await trx
        .selectFrom('account_names')
        .select('address')
        .where('name', '=', r.name)
        .executeTakeFirst()
      if (owner?.address === r.address)
        throw badRequest(
          'stale_message',
          'This address changed the name with a message signed at the same time or later; sign a new message',
        )
      throw new ApiError(409, 'name_taken', `${r.name} is registered to another address`)
    })
  }
}

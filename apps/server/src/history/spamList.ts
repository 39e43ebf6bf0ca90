import type { ChainConfig } from '../config.ts'
import type { AccountHistoryDb } from '../indexer/tables.ts'

/**
 * The editable list of spam NFT collections (table `nft_spam_list`). At start the server adds the collections the
 * chain configuration flags (`nfts[].spam`) and FOYER_SPAM_NFTS lists, without touching rows that exist: an
 * operator can add rows, or set `is_spam = false` to clear a flag, and it sticks. The flag is applied when history
 * is read, so an edit changes past entries too.
 */
export async function seedSpamList(
  db: AccountHistoryDb,
  chains: readonly ChainConfig[],
  extra: readonly { chainId: number; address: string }[] = [],
): Promise<void> {
  const rows = [
    ...chains.flatMap((c) =>
      c.nfts
        .filter((n) => n.spam)
        .map((n) => ({
          chain_id: c.id,
          address: n.address.toLowerCase(),
          source: 'chain-config',
          note: n.name || null,
        })),
    ),
    ...extra.map((e) => ({
      chain_id: e.chainId,
      address: e.address.toLowerCase(),
      source: 'FOYER_SPAM_NFTS',
      note: null,
    })),
  ]
  if (rows.length === 0) return
  await db
    .insertInto('nft_spam_list')
    .values(rows.map((r) => ({ ...r, is_spam: true })))
    .onConflict((oc) => oc.columns(['chain_id', 'address']).doNothing())
    .execute()
}

/** Reads the spam list, kept in memory for `ttlMs` (default 5 s) so edits show up quickly without a query per request. */
export class SpamList {
  readonly #db: AccountHistoryDb
  readonly #ttlMs: number
  #cache: { expires: number; set: Promise<Set<string>> } | undefined

  constructor(db: AccountHistoryDb, { ttlMs = 5_000 } = {}) {
    this.#db = db
    this.#ttlMs = ttlMs
  }

  async isSpam(chainId: number, address: string): Promise<boolean> {
    return (await this.#set()).has(`${chainId}:${address.toLowerCase()}`)
  }

  async snapshot(): Promise<(chainId: number, address: string) => boolean> {
    const set = await this.#set()
    return (chainId, address) => set.has(`${chainId}:${address.toLowerCase()}`)
  }

  #set(): Promise<Set<string>> {
    if (this.#cache && this.#cache.expires > Date.now()) return this.#cache.set
    const set = this.#db
      .selectFrom('nft_spam_list')
      .select(['chain_id', 'address'])
      .where('is_spam', '=', true)
      .execute()
      .then((rows) => new Set(rows.map((r) => `${r.chain_id}:${r.address}`)))
    this.#cache = { expires: Date.now() + this.#ttlMs, set }
    set.catch(() => (this.#cache = undefined))
    return set
  }
}

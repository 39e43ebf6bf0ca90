import * as v from 'valibot'

/** The wallet catalogue's query, `GET /getWallets`, as the server validates it. */

/** The most wallets one page may hold (a search page), and the most items a list parameter may name. */
export const MAX_WALLET_ENTRIES = 100
export const MAX_LIST_ITEMS = 100
const MAX_PAGE = 100_000
const MAX_SEARCH_LENGTH = 100

/** A 1-based position or size: 1 to 6 digits, from 1 to `max`; absent means `fallback`. */
const positiveInteger = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(`must be an integer between 1 and ${max}`),
      v.regex(/^[0-9]{1,6}$/, `must be an integer between 1 and ${max}`),
      v.transform(Number),
      v.minValue(1, `must be an integer between 1 and ${max}`),
      v.maxValue(max, `must be an integer between 1 and ${max}`),
    ),
    String(fallback),
  )

/** A comma-separated list (spaces around items ignored); empty means not given. */
const idList = (pattern: RegExp, what: string, map: (item: string) => string = (item) => item) =>
  v.optional(
    v.pipe(
      v.string('must be a comma-separated list'),
      v.transform((raw) =>
        raw
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.maxLength(MAX_LIST_ITEMS, `lists at most ${MAX_LIST_ITEMS} items`),
      v.rawCheck(({ dataset, addIssue }) => {
        const bad = dataset.typed ? dataset.value.find((item) => !pattern.test(item)) : undefined
        if (bad !== undefined) addIssue({ message: `"${bad.slice(0, 80)}" is not a valid ${what}` })
      }),
      v.transform((items) => (items.length ? items.map(map) : undefined)),
    ),
  )

const WALLET_ID = /^[a-z0-9][a-z0-9-]{0,63}$/

/** `GET /getWallets` query. `chains` are namespaces (`eip155`) or CAIP-2 ids; the output keeps the namespaces. */
export const GetWalletsQuery = v.object({
  page: positiveInteger(1, MAX_PAGE),
  entries: positiveInteger(40, MAX_WALLET_ENTRIES),
  chains: idList(
    /^([-a-z0-9]{3,8})(:[-_a-zA-Z0-9]{1,32})?$/,
    'chain (namespace or namespace:reference)',
    (chain) => chain.split(':')[0]!,
  ),
  include: idList(WALLET_ID, 'wallet id'),
  exclude: idList(WALLET_ID, 'wallet id'),
  search: v.optional(
    v.pipe(v.string(), v.maxLength(MAX_SEARCH_LENGTH, `must be at most ${MAX_SEARCH_LENGTH} characters`)),
  ),
})

export type GetWalletsQueryInput = v.InferInput<typeof GetWalletsQuery>

/** One wallet of `GET /getWallets`, with the field names the modal reads. `image_url` is this server's image URL. */
export type WalletListing = {
  id: string
  name: string
  homepage: string
  image_id: string
  image_url: string
  rdns: string | null
  chains: string[]
  mobile_link: string | null
  mobile_universal_link: string | null
  desktop_link: string | null
  desktop_universal_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  order: number
}

/** `GET /getWallets`: one page of the matching wallets and how many match in all. */
export type GetWalletsResponse = { count: number; data: WalletListing[] }

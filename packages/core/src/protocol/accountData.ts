import * as v from 'valibot'
import {
  type CaipChainId,
  ChainIdParam,
  type Hex,
  isSolanaAddress,
  LooseEvmAddress,
  objectMessage,
  optionalParam,
  SOLANA_CAIP_CHAIN_ID_PATTERN,
  type SolanaCaipChainId,
  toEvmAddress,
} from './primitives.ts'

/**
 * The account-data API: balances, prices, identity and history. Each request as the server validates it, each
 * response as a schema (the server's answers are typed against them with `satisfies`, tests parse live answers
 * with them) and its type, which the client's actions return.
 */

/** History entries per page when the request names no `limit`, and the most a request may ask for. */
export const HISTORY_PAGE_SIZE = 20
export const MAX_HISTORY_PAGE_SIZE = 50
/** The most token ids one `POST /v1/fungible/price` may price. */
export const MAX_PRICE_ADDRESSES = 50

const CURRENCY_MESSAGE = 'must be "usd", the only currency supported'
const caipChainId = v.custom<CaipChainId>(
  (value) => typeof value === 'string' && /^eip155:[1-9][0-9]{0,15}$/.test(value),
  'must be a CAIP-2 chain id such as eip155:1',
)
const solanaCaipChainId = v.custom<SolanaCaipChainId>(
  (value) => typeof value === 'string' && SOLANA_CAIP_CHAIN_ID_PATTERN.test(value),
  'must be a CAIP-2 chain id such as solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
)

/** `currency`: only `usd` (any case); absent, null or empty mean `usd`. */
export const Currency = v.optional(
  v.union(
    [
      v.pipe(
        v.union([v.null(), v.literal('')]),
        v.transform(() => 'usd' as const),
      ),
      v.pipe(
        v.string(),
        v.check((text) => text.toLowerCase() === 'usd', CURRENCY_MESSAGE),
        v.transform(() => 'usd' as const),
      ),
    ],
    CURRENCY_MESSAGE,
  ),
  'usd',
)

/** `GET /v1/account/{address}/balance` and `GET /v1/identity/{address}` path. */
export const AccountAddressParams = v.object({ address: LooseEvmAddress })
const EVM_ADDRESS_MESSAGE = 'must be an EVM address: 40 hex characters with an optional 0x prefix'
const ANY_ADDRESS_MESSAGE =
  'must be an EVM address (40 hex characters, 0x optional) or a Solana address (base58 of a 32-byte key, 32 to 44 characters)'

/**
 * The balance route's account: an EVM address (`0x` optional, any case) or a Solana address (base58 of a 32-byte
 * key), as both readings: text that is both (40 hex digits that also decode to 32 bytes) has both, and the chain
 * picks. A problem is told as an EVM one for hex-looking text, else naming both kinds.
 */
export const BalanceAccountAddress = v.pipe(
  v.string(EVM_ADDRESS_MESSAGE),
  v.rawTransform(({ dataset, addIssue, NEVER }): { evm?: Hex; solana?: string } => {
    const text = dataset.value
    const evm = toEvmAddress(text)
    const solana = isSolanaAddress(text) ? text : undefined
    if (evm || solana) return { ...(evm ? { evm } : {}), ...(solana ? { solana } : {}) }
    addIssue({ message: /^(?:0x)?[0-9a-f]*$/i.test(text) ? EVM_ADDRESS_MESSAGE : ANY_ADDRESS_MESSAGE })
    return NEVER
  }),
)

/** `GET /v1/account/{address}/balance` path: an EVM or a Solana address. */
export const AccountBalanceParams = v.object({ address: BalanceAccountAddress })

const BALANCE_CHAIN_ID_MESSAGE = 'must be a chain id like 31337 or eip155:31337'
const SOLANA_CHAIN_ID_MESSAGE = 'must be a Solana CAIP-2 chain id: solana: and 32 base58 characters'

/**
 * The balance route's `chainId`: an EVM chain as `ChainIdParam` reads it (the number), or a Solana CAIP-2 id
 * (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`, kept as text).
 */
export const BalanceChainId = v.pipe(
  v.union([v.string(), v.number()], BALANCE_CHAIN_ID_MESSAGE),
  v.rawTransform(({ dataset, addIssue, NEVER }): number | SolanaCaipChainId => {
    const value = dataset.value
    if (typeof value === 'string' && value.trim().startsWith('solana:')) {
      if (SOLANA_CAIP_CHAIN_ID_PATTERN.test(value.trim())) return value.trim() as SolanaCaipChainId
      addIssue({ message: SOLANA_CHAIN_ID_MESSAGE })
      return NEVER
    }
    const evm = v.safeParse(ChainIdParam, value)
    if (evm.success) return evm.output
    addIssue({ message: BALANCE_CHAIN_ID_MESSAGE })
    return NEVER
  }),
)

/** `GET /v1/account/{account}/history` path: an EVM or a Solana address, read as the balance route reads it. */
export const AccountHistoryParams = v.object({ account: BalanceAccountAddress })

const FORCE_UPDATE_MESSAGE = 'must be true, false or a token address'

/**
 * `forceUpdate`: `true`/`1` skips the price cache; a token address (CAIP-10 or bare) also reads that ERC-20;
 * absent, empty, `false` or `0` is neither.
 */
export const ForceUpdate = v.optional(
  v.pipe(
    v.string(FORCE_UPDATE_MESSAGE),
    v.check(
      (text) => ['', 'false', '0', 'true', '1'].includes(text) || toEvmAddress(text.split(':').at(-1)) !== undefined,
      FORCE_UPDATE_MESSAGE,
    ),
    v.transform((text): { fresh: boolean; token?: Hex } =>
      text === '' || text === 'false' || text === '0'
        ? { fresh: false }
        : text === 'true' || text === '1'
          ? { fresh: true }
          : { fresh: true, token: toEvmAddress(text.split(':').at(-1))! },
    ),
  ),
  '',
)

/** `GET /v1/account/{address}/balance` query. `chainId` picks one chain (default: every chain the server serves). */
export const AccountBalanceQuery = v.object({
  currency: Currency,
  chainId: optionalParam(BalanceChainId, BALANCE_CHAIN_ID_MESSAGE),
  forceUpdate: ForceUpdate,
})

const LIMIT_MESSAGE = `must be an integer from 1 to ${MAX_HISTORY_PAGE_SIZE}`
const ONRAMP_MESSAGE = 'must be an on-ramp provider id (lower-case letters, digits, hyphen)'

/** `GET /v1/account/{account}/history` query. `cursor` is the previous page's `next`, opaque to clients. */
export const AccountHistoryQuery = v.object({
  chainId: optionalParam(BalanceChainId, BALANCE_CHAIN_ID_MESSAGE),
  cursor: optionalParam(v.string(), 'must be the `next` of the previous page'),
  onramp: optionalParam(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,32}$/, ONRAMP_MESSAGE)), ONRAMP_MESSAGE),
  limit: v.optional(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform(() => HISTORY_PAGE_SIZE),
        ),
        v.pipe(
          v.string(),
          v.regex(/^[0-9]{1,3}$/, LIMIT_MESSAGE),
          v.transform(Number),
          v.minValue(1, LIMIT_MESSAGE),
          v.maxValue(MAX_HISTORY_PAGE_SIZE, LIMIT_MESSAGE),
        ),
      ],
      LIMIT_MESSAGE,
    ),
    '',
  ),
})

const TOKEN_ID_MESSAGE = 'must be eip155:<chainId>:0x<40 hex> or an address with chainId set'

/** A token to price: CAIP-10 (`eip155:31337:0x…`) or a bare address (the body's `chainId` then names the chain). */
export const PriceTokenId = v.pipe(
  v.string(TOKEN_ID_MESSAGE),
  v.rawTransform(({ dataset, addIssue, NEVER }): { chainId?: number; address: Hex } => {
    const parts = dataset.value.split(':')
    const address = toEvmAddress(parts.at(-1))
    const chainId = parts.length === 3 && parts[0] === 'eip155' ? v.safeParse(ChainIdParam, parts[1]) : undefined
    if (address && parts.length === 1) return { address }
    if (address && chainId?.success) return { chainId: chainId.output, address }
    addIssue({ message: TOKEN_ID_MESSAGE })
    return NEVER
  }),
)

const ADDRESSES_MESSAGE = `must be an array of 1 to ${MAX_PRICE_ADDRESSES} token addresses`

const fungiblePriceEntries = {
  currency: Currency,
  chainId: v.optional(ChainIdParam),
  addresses: v.pipe(
    v.array(PriceTokenId, ADDRESSES_MESSAGE),
    v.minLength(1, ADDRESSES_MESSAGE),
    v.maxLength(MAX_PRICE_ADDRESSES, ADDRESSES_MESSAGE),
  ),
}

/** `POST /v1/fungible/price` body; the native currency is `NATIVE_TOKEN_ADDRESS_EVM` (0xeeee…). */
export const FungiblePriceBody = v.object(
  fungiblePriceEntries,
  objectMessage(fungiblePriceEntries, 'send a JSON body {projectId, currency, addresses}'),
)

export type AccountBalanceQueryInput = v.InferInput<typeof AccountBalanceQuery>
export type AccountHistoryQueryInput = v.InferInput<typeof AccountHistoryQuery>
export type FungiblePriceBodyInput = v.InferInput<typeof FungiblePriceBody>

/** One holding: name, symbol, chain, price, quantity and icon, plus the network and the exact amount in base units. */
export const AccountBalance = v.object({
  name: v.string(),
  symbol: v.string(),
  /** CAIP-2 network id, `eip155:31337` or `solana:<genesis hash, 32 characters>`. */
  chainId: v.union([caipChainId, solanaCaipChainId]),
  /**
   * The token as a CAIP-10 id, what clients match tokens on: the ERC-20, `eip155:31337:0x…` (lower-case), or the
   * SPL mint, `solana:<reference>:<mint>` (base58, its case kept); absent for the chain's native currency.
   */
  address: v.optional(
    v.union([
      v.custom<`eip155:${number}:0x${string}`>(
        (value) => typeof value === 'string' && /^eip155:[0-9]+:0x[0-9a-f]{40}$/.test(value),
        'must be a CAIP-10 address such as eip155:31337:0x…',
      ),
      v.custom<`solana:${string}:${string}`>(
        (value) =>
          typeof value === 'string' &&
          /^solana:[1-9A-HJ-NP-Za-km-z]{32}:[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value) &&
          isSolanaAddress(value.split(':')[2]),
        'must be a CAIP-10 address such as solana:<reference>:<mint>',
      ),
    ]),
  ),
  decimals: v.number(),
  /** `decimals` as text and `numeric`, the exact decimal amount (`"10000.5"`). */
  quantity: v.object({ decimals: v.string(), numeric: v.string() }),
  /** The amount in base units as an integer string (use it for sends). */
  raw: v.string(),
  /** USD per whole token; 0 when no pool prices it (`priced` is then false). */
  price: v.number(),
  priced: v.boolean(),
  /** `price × amount` in USD. */
  value: v.number(),
  iconUrl: v.nullable(v.string()),
})
export type AccountBalance = v.InferOutput<typeof AccountBalance>

/** `GET /v1/account/{address}/balance`: each chain's native currency (no `address`) first, then by USD value. */
export const AccountBalanceResponse = v.object({ balances: v.array(AccountBalance) })
export type AccountBalanceResponse = v.InferOutput<typeof AccountBalanceResponse>

/** One priced token; the nulls when the address is not an ERC-20 or no pool prices it. */
export const Fungible = v.object({
  /** CAIP-10, `eip155:31337:0x…`. */
  address: v.string(),
  chainId: caipChainId,
  name: v.nullable(v.string()),
  symbol: v.nullable(v.string()),
  decimals: v.nullable(v.number()),
  /** USD per whole token. */
  price: v.nullable(v.number()),
  iconUrl: v.nullable(v.string()),
})
export type Fungible = v.InferOutput<typeof Fungible>

/** `POST /v1/fungible/price`: one per address, in the order asked. */
export const FungiblePriceResponse = v.object({ fungibles: v.array(Fungible) })
export type FungiblePriceResponse = v.InferOutput<typeof FungiblePriceResponse>

/** `GET /v1/identity/{address}`: the account's primary Foyer name and its avatar, each null when there is none. */
export const IdentityResponse = v.object({ name: v.nullable(v.string()), avatar: v.nullable(v.string()) })
export type IdentityResponse = v.InferOutput<typeof IdentityResponse>

export const OperationType = v.picklist(['send', 'receive', 'trade', 'approve', 'mint', 'execute', 'deploy'])
export type OperationType = v.InferOutput<typeof OperationType>

/**
 * A value movement in or out of the account within one transaction. On Solana, `native` is SOL (its
 * `fungible_info.address` is `NATIVE_TOKEN_ADDRESS_SOLANA`) and `spl` a Token or Token-2022 transfer (the address is
 * the mint); sender and recipient are the owners of the token accounts.
 */
export const HistoryTransfer = v.object({
  standard: v.picklist(['native', 'erc20', 'erc721', 'erc1155', 'spl']),
  direction: v.picklist(['in', 'out', 'self']),
  sender: v.string(),
  recipient: v.string(),
  /** The exact decimal amount (`numeric`) and base units (`raw`). */
  quantity: v.object({ numeric: v.string(), raw: v.string() }),
  fungible_info: v.optional(
    v.object({
      address: v.string(),
      name: v.nullable(v.string()),
      symbol: v.nullable(v.string()),
      decimals: v.nullable(v.number()),
      iconUrl: v.nullable(v.string()),
    }),
  ),
  nft_info: v.optional(
    v.object({
      address: v.string(),
      tokenId: v.string(),
      name: v.nullable(v.string()),
      symbol: v.nullable(v.string()),
      flags: v.object({ is_spam: v.boolean() }),
    }),
  ),
})
export type HistoryTransfer = v.InferOutput<typeof HistoryTransfer>

/** One transaction as the account saw it: its id, metadata and transfers. */
export const HistoryEntry = v.object({
  /** `eip155:<chainId>:<tx hash>`, or `solana:<reference>:<signature>`. */
  id: v.string(),
  metadata: v.object({
    operationType: OperationType,
    /** The transaction hash; on Solana the transaction's signature. */
    hash: v.string(),
    /** ISO 8601, from the block's timestamp. */
    minedAt: v.string(),
    /** CAIP-2, `eip155:31337` or `solana:<reference>`. */
    chain: v.union([caipChainId, solanaCaipChainId]),
    /** The block number; on Solana the slot. */
    blockNumber: v.number(),
    sentFrom: v.string(),
    sentTo: v.nullable(v.string()),
    /** `pending` only for an on-ramp purchase whose token is not sent yet (`history?onramp=`). */
    status: v.picklist(['confirmed', 'failed', 'pending']),
    /** The sender's nonce; 0 on Solana, which has none. */
    nonce: v.number(),
  }),
  /** Only the movements in or out of this account. */
  transfers: v.array(HistoryTransfer),
  /** Only in `history?onramp=<provider>`: the purchase behind the entry and its own status. */
  onramp: v.optional(
    v.object({
      provider: v.string(),
      purchaseId: v.string(),
      status: v.picklist(['created', 'pending', 'paid', 'completed', 'failed']),
      paymentCurrency: v.string(),
      /** What the visitor paid, fees included, `"100.00"`. */
      total: v.string(),
    }),
  ),
})
export type HistoryEntry = v.InferOutput<typeof HistoryEntry>

/** `GET /v1/account/{account}/history`: newest first; `next` is the cursor of the following page, null on the last. */
export const AccountHistoryResponse = v.object({ data: v.array(HistoryEntry), next: v.nullable(v.string()) })
export type AccountHistoryResponse = v.InferOutput<typeof AccountHistoryResponse>

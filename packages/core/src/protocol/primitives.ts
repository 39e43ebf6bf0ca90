import * as v from 'valibot'
import { EVM_ADDRESS_PATTERN } from './patterns.ts'

export { EVM_ADDRESS_PATTERN }

/**
 * The pieces every request and response of the Foyer server's API is made of. Each schema carries the message the
 * server answers with in `details.issues` when a value does not fit it.
 */

/** The largest integer a uint256 holds. */
export const MAX_UINT256 = 2n ** 256n - 1n

/** `0x` and 40 hex digits, any case. */
export const EvmAddress = v.pipe(
  v.string('must be an address (0x and 40 hex digits)'),
  v.regex(EVM_ADDRESS_PATTERN, 'must be an address (0x and 40 hex digits)'),
)

/** An EVM chain id, `eip155:1` or `1`; the output is the number. */
export const EvmChainId = v.pipe(
  v.string('must be an EVM chain id such as eip155:1 or 1'),
  v.regex(/^(?:eip155:)?[1-9][0-9]{0,15}$/, 'must be an EVM chain id such as eip155:1 or 1'),
  v.transform((text) => Number(text.replace('eip155:', ''))),
)

/** A CAIP-10 account or token id, `eip155:<chainId>:0x<40 hex>`; the output is `{ chainId, address }`. */
export const CaipAccountId = v.pipe(
  v.string('must be a CAIP-10 token id such as eip155:1:0x…'),
  v.regex(
    new RegExp(`^eip155:[1-9][0-9]{0,15}:${EVM_ADDRESS_PATTERN.source.slice(1)}`),
    'must be a CAIP-10 token id such as eip155:1:0x…',
  ),
  v.transform((text) => {
    const [, chainId, address] = text.split(':')
    return { chainId: Number(chainId), address: address as `0x${string}` }
  }),
)

/** A positive integer amount in a token's smallest unit, as text (or a safe integer); the output is a bigint. */
export const PositiveAmount = v.pipe(
  v.union(
    [v.string(), v.pipe(v.number(), v.safeInteger('must be a positive integer amount in the token’s smallest unit'))],
    'must be a positive integer amount in the token’s smallest unit',
  ),
  v.transform((amount: string | number) => String(amount)),
  v.regex(/^[0-9]{1,78}$/, 'must be a positive integer amount in the token’s smallest unit'),
  v.transform((text: string) => BigInt(text)),
  v.check(
    (amount: bigint) => amount > 0n && amount <= MAX_UINT256,
    'must be a positive integer amount in the token’s smallest unit',
  ),
)

/** An integer amount of wei, as text. */
export const WeiAmount = v.pipe(v.string(), v.regex(/^[0-9]{1,78}$/, 'must be an integer amount of wei'))

/** `0x`-prefixed hex data. */
export type Hex = `0x${string}`

/** A CAIP-2 EVM network id, `eip155:31337`. */
export type CaipChainId = `eip155:${number}`

/** A CAIP-2 Solana network id: `solana:` and the first 32 characters of the cluster's genesis hash. */
export type SolanaCaipChainId = `solana:${string}`

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** base58 text, 32 to 44 characters: the shape of a Solana address. */
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** How many bytes base58 `text` decodes to (leading `1`s are zero bytes); undefined when it is not base58. */
export function base58ByteLength(text: string): number | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const zeros = text.length - text.replace(/^1+/, '').length
  return zeros + (value === 0n ? 0 : Math.ceil(value.toString(16).length / 2))
}

/** A Solana address: base58 of 32 to 44 characters that decodes to a 32-byte key. */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && SOLANA_ADDRESS_PATTERN.test(value) && base58ByteLength(value) === 32
}

/** `solana:` and 32 base58 characters (a genesis hash's first 32). */
export const SOLANA_CAIP_CHAIN_ID_PATTERN = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/

/**
 * An address as the account-data API reads it (the spec's rule: 40 hex digits, the `0x` optional, any case),
 * lower-cased; undefined when it is not one.
 */
export function toEvmAddress(value: unknown): Hex | undefined {
  if (typeof value !== 'string') return undefined
  const withPrefix = /^0x/i.test(value) ? `0x${value.slice(2)}` : `0x${value}`
  return EVM_ADDRESS_PATTERN.test(withPrefix) ? (withPrefix.toLowerCase() as Hex) : undefined
}

/** An address path or query parameter of the account-data API: `0x` optional; the output is lower-case. */
export const LooseEvmAddress = v.pipe(
  v.string('must be an EVM address: 40 hex characters with an optional 0x prefix'),
  v.check(
    (text) => toEvmAddress(text) !== undefined,
    'must be an EVM address: 40 hex characters with an optional 0x prefix',
  ),
  v.transform((text) => toEvmAddress(text)!),
)

const CHAIN_ID_MESSAGE = 'must be a chain id like 31337 or eip155:31337'

/**
 * A chain id as the account-data API reads it: `31337` or `eip155:31337` (spaces around ignored), or a positive
 * safe integer in a JSON body; the output is the number.
 */
export const ChainIdParam = v.pipe(
  v.union(
    [
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^(?:eip155:)?[1-9][0-9]{0,15}$/, CHAIN_ID_MESSAGE),
        v.transform((text) => Number(text.replace('eip155:', ''))),
      ),
      v.number(),
    ],
    CHAIN_ID_MESSAGE,
  ),
  v.check((id) => Number.isSafeInteger(id) && id > 0, CHAIN_ID_MESSAGE),
)

/**
 * An optional query parameter: absent or empty means not given (`undefined`); anything else must fit `schema`.
 * `message` answers a value of the wrong type (a number where text is wanted, in a body).
 */
export function optionalParam<const Schema extends v.GenericSchema>(schema: Schema, message: string) {
  return v.optional(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform(() => undefined),
        ),
        schema,
      ],
      message,
    ),
  )
}

/**
 * The message of a request object: `message` when the value is not an object, and for a missing field the message
 * that field's own schema gives (so `{}` lists `email: must be one plain email address…`, not a generic complaint).
 */
export function objectMessage(entries: v.ObjectEntries, message: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    const key = (issue.path?.[0] as { key?: unknown } | undefined)?.key
    const field = typeof key === 'string' && Object.hasOwn(entries, key) ? entries[key] : undefined
    return (field && v.safeParse(field, undefined).issues?.[0]?.message) || message
  }
}

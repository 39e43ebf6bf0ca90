import * as v from 'valibot'

/**
 * The pieces every request and response of the Foyer server's API is made of. Each schema carries the message the
 * server answers with in `details.issues` when a value does not fit it.
 */

/** The largest integer a uint256 holds. */
export const MAX_UINT256 = 2n ** 256n - 1n

/** `0x` and 40 hex digits, any case. */
export const EvmAddress = v.pipe(
  v.string('must be an address (0x and 40 hex digits)'),
  v.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address (0x and 40 hex digits)'),
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
  v.regex(/^eip155:[1-9][0-9]{0,15}:0x[0-9a-fA-F]{40}$/, 'must be a CAIP-10 token id such as eip155:1:0x…'),
  v.transform((text) => {
    const [, chainId, address] = text.split(':')
    return { chainId: Number(chainId), address: address as `0x${string}` }
  }),
)

/** A positive integer amount in a token's smallest unit, as text (or a safe integer); the output is a bigint. */
export const PositiveAmount = v.pipe(
  v.union(
    [v.string(), v.pipe(v.number(), v.safeInteger())],
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

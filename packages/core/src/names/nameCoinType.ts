import { UnsupportedChainError } from '../errors/errors.ts'
import { chainIdOfNameCoinType, NAME_COIN_TYPE_FLAG } from '../protocol/nameRules.ts'

/**
 * The coin type a name's address is kept under for an EVM chain (ENSIP-11): `(0x80000000 | chainId) >>> 0`, so
 * 31337 → 2147514985. Throws `UnsupportedChainError` for a chain id that is not a positive integer below
 * 2147483648.
 */
export function nameCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId <= 0 || chainId >= NAME_COIN_TYPE_FLAG)
    throw new UnsupportedChainError({
      chainId,
      details: `Chain ${chainId} has no name coin type: the chain id must be a positive integer below 2147483648`,
    })
  return (NAME_COIN_TYPE_FLAG | chainId) >>> 0
}

/** The EVM chain id of a name coin type (2147514985 → 31337); undefined when it is not one. */
export { chainIdOfNameCoinType }

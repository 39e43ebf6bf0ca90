import { NAME_COIN_TYPE_CHAIN_ID_LIMIT } from '../constants.ts'
import { isValidNameLabel } from '../protocol/nameRules.ts'
import { EVM_ADDRESS_PATTERN } from '../protocol/patterns.ts'

/** 40 hex characters with an optional `0x` prefix (the API's pattern, `EVM_ADDRESS_PATTERN`). */
export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS_PATTERN.test(value.startsWith('0x') ? value : `0x${value}`)
}

/** base58 (no 0, O, I, l), 32 to 44 characters. */
export function isSolanaAddress(value: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)
}

/** `0x` and 64 hex characters. */
export function isTransactionHash(value: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(value)
}

/** An account name's label, by the one rule the server's schemas use too (`isValidNameLabel`, nameRules.ts). */
export function isValidAccountName(value: string): boolean {
  return isValidNameLabel(value)
}

/** The chain id that a name's coin type is derived from must stay below 2^31. */
export function isValidNameCoinTypeChainId(chainId: number): boolean {
  return Number.isInteger(chainId) && chainId >= 0 && chainId < NAME_COIN_TYPE_CHAIN_ID_LIMIT
}

/** Positive decimal amount as typed in a field ("1", "0.5", ".5"). */
export function isPositiveAmount(value: string): boolean {
  return /^(\d+\.?\d*|\.\d+)$/.test(value) && Number(value) > 0
}

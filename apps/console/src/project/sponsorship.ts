/**
 * The gas sponsorship policy as the console's form edits it: text fields checked with the server's own bounds
 * (apps/server/src/sponsorship/sponsorshipPolicy.ts), so a policy the form sends is one the server takes whole.
 */
import { EVM_ADDRESS_PATTERN } from '@foyer/core/protocol'
import type { ConsoleSponsorshipPolicy } from '../../../server/src/console/contract.ts'

/** The most operations a policy may grant an account per chain and day. */
export const MAX_OPERATIONS_PER_DAY = 1_000_000
/** The most wei a policy may grant an account per chain and day. */
export const MAX_GAS_WEI = 10n ** 30n
/** The most contracts a policy may name. */
export const MAX_CONTRACTS = 1000

/** The form's fields: the limits as typed, so a half-typed number is kept as it is until the operator saves. */
export interface SponsorshipDraft {
  chains: number[]
  contracts: string[]
  maxOperationsPerAccountPerDay: string
  maxGasWeiPerAccountPerDay: string
}

/** The field a draft fails on, first in the form's order. */
export type SponsorshipField = 'maxOperationsPerAccountPerDay' | 'maxGasWeiPerAccountPerDay' | 'contracts'

export function draftOf(policy: ConsoleSponsorshipPolicy | null): SponsorshipDraft {
  return {
    chains: policy ? [...policy.chains] : [],
    contracts: policy ? [...policy.contracts] : [],
    maxOperationsPerAccountPerDay: policy ? String(policy.maxOperationsPerAccountPerDay) : '',
    maxGasWeiPerAccountPerDay: policy?.maxGasWeiPerAccountPerDay ?? '',
  }
}

/** A contract address as the server stores it (lower-case), or null when `input` is not 0x and 40 hex digits. */
export function normalizeContract(input: string): string | null {
  const trimmed = input.trim()
  return EVM_ADDRESS_PATTERN.test(trimmed) ? trimmed.toLowerCase() : null
}

/** Operations per account and day: a whole number from 0 to 1,000,000, else null. */
export function parseOperations(input: string): number | null {
  const trimmed = input.trim()
  if (!/^\d{1,7}$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value <= MAX_OPERATIONS_PER_DAY ? value : null
}

/** Wei per account and day: a whole number from 0 to 10^30, written without leading zeros, else null. */
export function parseGasWei(input: string): string | null {
  const trimmed = input.trim()
  if (!/^\d{1,31}$/.test(trimmed)) return null
  const value = BigInt(trimmed)
  return value <= MAX_GAS_WEI ? value.toString() : null
}

/** Wei in whole coins of 18 decimals (`50000000000000000` → `0.05`), for the hint beside the wei field. */
export function weiToCoins(wei: string): string {
  const value = BigInt(wei)
  const whole = value / 10n ** 18n
  const fraction = (value % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}

/** The policy the draft describes, or the first field that does not read. Chains in the order the form lists them. */
export function policyOf(
  draft: SponsorshipDraft,
): { policy: ConsoleSponsorshipPolicy; invalid?: undefined } | { policy?: undefined; invalid: SponsorshipField } {
  if (draft.contracts.length > MAX_CONTRACTS) return { invalid: 'contracts' }
  const maxOperationsPerAccountPerDay = parseOperations(draft.maxOperationsPerAccountPerDay)
  if (maxOperationsPerAccountPerDay === null) return { invalid: 'maxOperationsPerAccountPerDay' }
  const maxGasWeiPerAccountPerDay = parseGasWei(draft.maxGasWeiPerAccountPerDay)
  if (maxGasWeiPerAccountPerDay === null) return { invalid: 'maxGasWeiPerAccountPerDay' }
  return {
    policy: {
      chains: [...new Set(draft.chains)],
      contracts: [...new Set(draft.contracts)],
      maxOperationsPerAccountPerDay,
      maxGasWeiPerAccountPerDay,
    },
  }
}

/** Whether the draft says something other than the stored policy (null: none). */
export function draftChanged(draft: SponsorshipDraft, policy: ConsoleSponsorshipPolicy | null): boolean {
  const stored = draftOf(policy)
  return (
    [...draft.chains].sort((a, b) => a - b).join() !== [...stored.chains].sort((a, b) => a - b).join() ||
    draft.contracts.join() !== stored.contracts.join() ||
    draft.maxOperationsPerAccountPerDay.trim() !== stored.maxOperationsPerAccountPerDay ||
    draft.maxGasWeiPerAccountPerDay.trim() !== stored.maxGasWeiPerAccountPerDay
  )
}

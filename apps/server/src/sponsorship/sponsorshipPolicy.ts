/**
 * A project's gas sponsorship policy: the chains it sponsors, the contracts a sponsored operation may call, and
 * what one account may be granted per chain and UTC day. Written by FOYER_PROJECTS' `sponsorship` and the console's
 * project PATCH, stored in `projects.sponsorship`.
 */
import { EVM_ADDRESS_PATTERN } from '@foyer/core/protocol'
import * as v from 'valibot'
import { objectMessage } from '../settings/fields.ts'

export interface SponsorshipPolicy {
  /** Chain ids whose operations the project sponsors. */
  chains: number[]
  /** Lower-case addresses: the targets every call of a sponsored operation must have. */
  contracts: `0x${string}`[]
  /** Operations granted per account, chain and UTC day. */
  maxOperationsPerAccountPerDay: number
  /** The most gas cost (wei, a decimal string) granted per account, chain and UTC day. */
  maxGasWeiPerAccountPerDay: string
}

const CHAIN = 'a chain id (an integer from 1 to 2^53 - 1)'
const ADDRESS = 'a 0x-prefixed 20-byte contract address'
const OPERATIONS = 'an integer from 0 to 1000000'
const WEI = 'an amount of wei: a decimal integer string (or a whole number) from 0 to 10^30'

const wei = v.pipe(
  v.union(
    [v.pipe(v.string(WEI), v.regex(/^\d{1,31}$/, WEI)), v.pipe(v.number(WEI), v.safeInteger(WEI), v.minValue(0, WEI))],
    WEI,
  ),
  v.transform((value) => BigInt(value)),
  v.maxValue(10n ** 30n, WEI),
  v.transform((value) => value.toString()),
)

/** The policy as written: chains and contracts without repeats, addresses lower-case. */
export const SponsorshipPolicySchema = v.pipe(
  v.strictObject(
    {
      chains: v.pipe(
        v.array(v.pipe(v.number(CHAIN), v.safeInteger(CHAIN), v.minValue(1, CHAIN)), 'an array of chain ids'),
        v.maxLength(100, 'at most 100 chains'),
        v.transform((ids) => [...new Set(ids)]),
      ),
      contracts: v.pipe(
        v.array(v.pipe(v.string(ADDRESS), v.regex(EVM_ADDRESS_PATTERN, ADDRESS)), 'an array of contract addresses'),
        v.maxLength(1000, 'at most 1000 contracts'),
        v.transform((addresses) => [...new Set(addresses.map((a) => a.toLowerCase() as `0x${string}`))]),
      ),
      maxOperationsPerAccountPerDay: v.pipe(
        v.number(OPERATIONS),
        v.integer(OPERATIONS),
        v.minValue(0, OPERATIONS),
        v.maxValue(1_000_000, OPERATIONS),
      ),
      maxGasWeiPerAccountPerDay: wei,
    },
    objectMessage(
      'an object like {"chains":[8453],"contracts":["0x…"],"maxOperationsPerAccountPerDay":20,"maxGasWeiPerAccountPerDay":"50000000000000000"}',
      ['chains', 'contracts', 'maxOperationsPerAccountPerDay', 'maxGasWeiPerAccountPerDay'],
    ),
  ),
  v.transform((policy): SponsorshipPolicy => policy),
)

/** A stored policy (jsonb), or null when there is none or it no longer reads. */
export function readSponsorshipPolicy(value: unknown): SponsorshipPolicy | null {
  if (value === null || value === undefined) return null
  const parsed = v.safeParse(SponsorshipPolicySchema, value)
  return parsed.success ? parsed.output : null
}

/**
 * The server's side of gas sponsorship: the key that signs sponsorships (FOYER_PAYMASTER_SIGNER_KEY) and the
 * verifying paymaster on each chain (FOYER_PAYMASTERS, else the one the devnet file names). A chain without a
 * paymaster, or a server without a key, sponsors nothing, whatever a project's policy says.
 */
import * as v from 'valibot'
import type { ChainConfig } from '../chains/devnetFile.ts'
import { type Field, json } from '../settings/fields.ts'

export type Hex = `0x${string}`

export interface SponsorshipConfig {
  /** The paymaster's signer (a secp256k1 private key). Secret: never logged. */
  signerKey?: Hex
  /** The verifying paymaster by chain id. */
  paymasters: ReadonlyMap<number, Hex>
}

const KEY = 'a 0x-prefixed 32-byte private key (64 hex digits)'
/** FOYER_PAYMASTER_SIGNER_KEY. */
export const paymasterSignerKey: Field<Hex> = {
  expects: KEY,
  schema: v.pipe(
    v.string(KEY),
    v.regex(/^0x[0-9a-fA-F]{64}$/, KEY),
    v.check((key) => /[1-9a-fA-F]/.test(key.slice(2)), KEY),
    v.transform((key) => key.toLowerCase() as Hex),
  ),
}

const PAYMASTERS = 'a JSON object of chain id to paymaster address, like {"8453":"0x…"}'
const CHAIN_KEY = 'a chain id (decimal digits)'
const ADDRESS = 'a 0x-prefixed 20-byte address'
/** FOYER_PAYMASTERS: `{"<chainId>": "0x<paymaster>"}`. */
export const paymastersSetting = json(
  v.pipe(
    v.custom<Record<string, unknown>>((x) => typeof x === 'object' && x !== null && !Array.isArray(x), PAYMASTERS),
    v.record(
      v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, CHAIN_KEY)),
      v.pipe(v.string(ADDRESS), v.regex(/^0x[0-9a-fA-F]{40}$/, ADDRESS)),
      PAYMASTERS,
    ),
    v.transform((map) => map as Record<string, string>),
  ),
  PAYMASTERS,
)

/** The settings' values, the devnet file's paymasters filling the chains the setting leaves out. */
export function sponsorshipConfig(
  values: { FOYER_PAYMASTER_SIGNER_KEY?: Hex; FOYER_PAYMASTERS?: Record<string, string> },
  chains: readonly ChainConfig[],
): SponsorshipConfig {
  const paymasters = new Map<number, Hex>()
  for (const chain of chains) {
    const fromFile = chain.accountAbstraction?.paymaster
    if (fromFile) paymasters.set(chain.id, fromFile.toLowerCase() as Hex)
  }
  for (const [id, address] of Object.entries(values.FOYER_PAYMASTERS ?? {}))
    paymasters.set(Number(id), address.toLowerCase() as Hex)
  return { signerKey: values.FOYER_PAYMASTER_SIGNER_KEY, paymasters }
}

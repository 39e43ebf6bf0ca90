/**
 * Whether the wallet's key already delegates to the smart account (EIP-7702): its address's code is the
 * delegation designator `0xef0100 ‖ implementation`. Read from the chain, never remembered.
 */
import { type Address, type Chain, createPublicClient, type Hex, http } from 'viem'

/** The code an EOA holds once it delegates to `implementation`. */
export function delegationDesignator(implementation: Address | string): Hex {
  return `0xef0100${implementation.slice(2).toLowerCase()}`
}

export async function isDelegatedTo(chain: Chain, address: Address, implementation: Address | string) {
  const code = await createPublicClient({ chain, transport: http() }).getCode({ address })
  return code?.toLowerCase() === delegationDesignator(implementation)
}

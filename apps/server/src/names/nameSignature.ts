import { BaseError, type Hex, HttpRequestError, TimeoutError } from 'viem'
import type { ChainClient } from '../chains/chainClients.ts'
import { chainUnavailable } from '../chains/chainParams.ts'
import type { ChainConfig } from '../config.ts'

/**
 * Whether `signature` is `address`'s EIP-191 signature (personal_sign) of `message` on `chain`, by viem's
 * `verifyMessage`: an EOA's ECDSA signature, a deployed contract account's ERC-1271 answer, or an ERC-6492 wrapped
 * signature of an account not deployed yet. A node that does not answer is 502 `chain_unavailable` (not a refusal);
 * any other failure of the check means the signature does not hold.
 */
export async function verifyNameSignature(
  client: ChainClient,
  chain: ChainConfig,
  { address, message, signature }: { address: Hex; message: string; signature: Hex },
): Promise<boolean> {
  try {
    return await client.verifyMessage({ address, message, signature })
  } catch (error) {
    const unreachable =
      error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
    if (unreachable) throw chainUnavailable(chain, error)
    return false
  }
}

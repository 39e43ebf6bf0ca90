// The check of a sign-in signature: the account's (key, ERC-1271 contract, ERC-6492/8010 wrapper), not its
// malleable twin, and a node failure told apart from a bad signature.
import { secp256k1 } from '@noble/curves/secp256k1'
import {
  type Address,
  BaseError,
  type Hex,
  HttpRequestError,
  isErc6492Signature,
  isErc8010Signature,
  parseErc6492Signature,
  parseErc8010Signature,
  RpcRequestError,
  recoverMessageAddress,
  SocketClosedError,
  size,
  TimeoutError,
  WebSocketRequestError,
} from 'viem'
import type { ChainClient } from '../chains/chainClients.ts'
import { chainUnavailable } from '../chains/chainParams.ts'
import type { ChainConfig } from '../config.ts'
import { ApiError } from '../http/errors.ts'
import { classifyChainError } from '../http/upstreamErrors.ts'

/**
 * The signature is `address`'s signature of `text` on `chain`, or 401 `invalid_signature`; 502 `chain_unavailable`
 * only when the node did not answer a check that needs it. viem's `verifyMessage` decides (an account's key, an
 * ERC-1271 contract, an ERC-6492 or ERC-8010 wrapper); before it, a wrapper that viem's parsers cannot read is
 * refused, and so is the high-s twin of the account's own ECDSA signature (s > n/2, made from a valid signature
 * without the key). A contract account's signature is the contract's to judge.
 */
export async function checkSignature(
  client: ChainClient,
  chain: ChainConfig,
  address: Address,
  text: string,
  signature: Hex,
) {
  try {
    if (isErc6492Signature(signature)) parseErc6492Signature(signature)
    if (isErc8010Signature(signature)) parseErc8010Signature(signature)
  } catch {
    throw invalidSignature('The signature is malformed')
  }
  if (hasHighS(signature)) {
    const signer = await recoverMessageAddress({ message: text, signature }).catch(() => undefined)
    if (signer === address)
      throw invalidSignature('The signature has a high s (the malleable twin of the account’s signature)')
  }
  let valid: boolean
  try {
    valid = await client.verifyMessage({ address, message: text, signature })
  } catch (e) {
    // The node's error text can carry the call data (the signature): only its name is kept.
    if (nodeFailed(e)) throw chainUnavailable(chain, new Error(`verifyMessage failed: ${(e as Error).name}`))
    // Anything else viem throws is about the signature's bytes (a wrapper whose inner parts do not decode).
    valid = false
  }
  if (!valid) throw invalidSignature('The signature is not the account’s signature of this message')
}

/** A 65-byte ECDSA signature whose s is above n/2 (the check is @noble/curves'). */
function hasHighS(signature: Hex): boolean {
  if (size(signature) !== 65) return false
  try {
    return secp256k1.Signature.fromCompact(signature.slice(2, 130)).hasHighS()
  } catch {
    return false // r or s out of range: no signature at all, viem refuses it
  }
}

/** The kinds of viem error that mean the node did not answer (or answered with an error of its own). */
const NODE_FAILURES = [HttpRequestError, TimeoutError, WebSocketRequestError, SocketClosedError, RpcRequestError]

/** Whether `error` is the chain's node failing, not a revert or a signature whose bytes do not decode. */
function nodeFailed(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    classifyChainError(error)?.status === 502 &&
    error.walk((e) => NODE_FAILURES.some((kind) => e instanceof kind)) !== null
  )
}

const invalidSignature = (message: string) => new ApiError(401, 'invalid_signature', message)

import {
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  InvalidAddressError,
} from 'viem'
import { ApiError, badRequest } from './errors.ts'

/** Causes that mean the *request* named the wrong contract or asked something it refuses: the caller's to fix. */
const BAD_INPUT_CAUSES = [
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  ContractFunctionZeroDataError,
  AbiDecodingZeroDataError,
  AbiDecodingDataSizeTooSmallError,
  InvalidAddressError,
] as const

/**
 * Maps a viem error from a chain read to an API error. viem wraps what went wrong several layers deep
 * (`ContractFunctionExecutionError` → `CallExecutionError` → `HttpRequestError`), so the whole cause chain is
 * walked:
 * - a revert, or an address with no contract of the expected kind (empty or short return data) → 400
 *   `contract_call_failed`: the request named something the chain refuses;
 * - anything else viem reports (connection refused, HTTP error, timeout, a node's JSON-RPC error) → 502
 *   `chain_unavailable`: the dependency failed and the client may retry.
 * Returns undefined for errors that are not viem's.
 */
export function classifyChainError(error: unknown): ApiError | undefined {
  if (!(error instanceof BaseError)) return undefined
  const refused = error.walk((e) => BAD_INPUT_CAUSES.some((kind) => e instanceof kind))
  if (refused) {
    return badRequest(
      'contract_call_failed',
      'The contract call failed: the address holds no contract of the expected kind, or the call reverted',
    )
  }
  return new ApiError(502, 'chain_unavailable', "The chain's node did not answer; try again shortly", { cause: error })
}

/**
 * Gas sponsorship: the project's paymaster service (`POST /v1/paymaster`, ERC-7677 over JSON-RPC) and what
 * `GET /v1/project` says about it. No valibot here: the browser bundle may import it.
 */

/** The ERC-4337 EntryPoint v0.8, at the same address on every chain: the one entry point the paymaster serves. */
export const ENTRY_POINT_V08 = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' as const

/** The ERC-7677 methods `POST /v1/paymaster` answers. */
export const PAYMASTER_METHODS = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const
export type PaymasterMethod = (typeof PAYMASTER_METHODS)[number]

/**
 * Why a sponsorship was refused: `error.data.reason` of the JSON-RPC error (code `SPONSORSHIP_REFUSED`).
 * - `sponsorship_disabled`: the project sponsors nothing, or this server has no paymaster signer;
 * - `chain_not_sponsored`: the project does not sponsor that chain, or the server has no paymaster on it;
 * - `contract_not_sponsored`: a call's target is not one of the project's contracts, or the call data is not an
 *   account's `execute`/`executeBatch`;
 * - `daily_operations_exceeded`: the account has had its operations for the day (UTC);
 * - `daily_gas_exceeded`: the operation's most gas cost would take the account past its wei for the day.
 */
export const SPONSORSHIP_REFUSALS = [
  'sponsorship_disabled',
  'chain_not_sponsored',
  'contract_not_sponsored',
  'daily_operations_exceeded',
  'daily_gas_exceeded',
] as const
export type SponsorshipRefusal = (typeof SPONSORSHIP_REFUSALS)[number]

/** JSON-RPC error codes of `POST /v1/paymaster`. */
export const PAYMASTER_RPC_ERRORS = {
  /** Not a JSON-RPC 2.0 request object. */
  invalidRequest: -32600,
  methodNotFound: -32601,
  /** The user operation, entry point, chain id or context is malformed, or another entry point. */
  invalidParams: -32602,
  /** The project's policy refuses: `data.reason` is a `SponsorshipRefusal`. */
  sponsorshipRefused: -32001,
} as const

/** `error.data` of a refusal: the reason, and the limit's figures for the daily ones. */
export type SponsorshipRefusalData = {
  reason: SponsorshipRefusal
  chainId?: number
  /** The target that is not sponsored. */
  target?: string
  /** The day's limit and what the account has used (`daily_*`; wei as decimal strings). */
  limit?: number | string
  used?: number | string
}

/**
 * `GET /v1/project`'s `sponsorship`: the chains on which this project pays its visitors' gas (none: `[]`), and the
 * contracts (lower-case addresses) every call of a sponsored operation must target — the policy's list as is: an
 * operation calling anything else, a person's address included, is refused, and an empty list sponsors nothing.
 */
export type ProjectSponsorship = { chains: number[]; contracts: string[] }

/** A user operation as ERC-7677 passes it (EntryPoint v0.7/v0.8 fields, quantities as hex). */
export type RpcUserOperation = {
  sender: string
  nonce: string
  factory?: string | null
  factoryData?: string | null
  callData: string
  callGasLimit?: string
  verificationGasLimit?: string
  preVerificationGas?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
  paymaster?: string | null
  paymasterVerificationGasLimit?: string | null
  paymasterPostOpGasLimit?: string | null
  paymasterData?: string | null
  signature?: string
  eip7702Auth?: unknown
}

/** `pm_getPaymasterStubData`'s result. */
export type PaymasterStubDataResult = {
  sponsor: { name: string }
  paymaster: string
  paymasterData: string
  paymasterVerificationGasLimit: string
  paymasterPostOpGasLimit: string
  isFinal: false
}

/** `pm_getPaymasterData`'s result: the paymaster's fields, signed, with the gas limits the signature covers. */
export type PaymasterDataResult = {
  paymaster: string
  paymasterData: string
  paymasterVerificationGasLimit: string
  paymasterPostOpGasLimit: string
}

/** What `POST /v1/paymaster` answers: a JSON-RPC 2.0 response. */
export type PaymasterRpcResponse =
  | { jsonrpc: '2.0'; id: string | number | null; result: PaymasterStubDataResult | PaymasterDataResult }
  | {
      jsonrpc: '2.0'
      id: string | number | null
      error: { code: number; message: string; data?: SponsorshipRefusalData | { issues: unknown } }
    }

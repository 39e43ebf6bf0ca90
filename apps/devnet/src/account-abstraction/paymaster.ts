/**
 * The devnet VerifyingPaymaster's data, for whoever signs sponsorships (the Foyer server) and for clients that put
 * them in a user operation. Only viem is imported, so a server or a browser bundle can take this file alone.
 *
 * paymasterAndData (EntryPoint v0.8 packed operation):
 *   paymaster (20) | verificationGasLimit (16) | postOpGasLimit (16) | validUntil (6) | validAfter (6) | signature (65)
 * The last three are `paymasterData` in viem's unpacked user operation. The signature is the verifying signer's
 * EIP-191 personal signature over paymasterHash(), the same hash the contract's `getHash` computes.
 */
import type { Address, Hex, LocalAccount } from 'viem'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { concat, encodeAbiParameters, hexToNumber, keccak256, numberToHex, pad, size, slice } from 'viem/utils'

/** Gas the paymaster's validation gets: it hashes the operation and recovers one signature (~15k gas used). */
export const PAYMASTER_VERIFICATION_GAS_LIMIT = 60_000n
/** The paymaster returns no context, so the EntryPoint never calls its postOp. */
export const PAYMASTER_POST_OP_GAS_LIMIT = 0n
/** validUntil (6) + validAfter (6) + signature (65). */
export const PAYMASTER_DATA_LENGTH = 77

/** A sponsorship's time window, in seconds since the epoch; validUntil 0 means no end. */
export interface SponsorshipWindow {
  validUntil: number
  validAfter: number
}

/** The operation fields the hash covers: everything but the signatures, in viem's unpacked v0.8 form. */
export type SponsoredUserOperation = Pick<
  UserOperation<'0.8'>,
  | 'sender'
  | 'nonce'
  | 'callData'
  | 'callGasLimit'
  | 'verificationGasLimit'
  | 'preVerificationGas'
  | 'maxFeePerGas'
  | 'maxPriorityFeePerGas'
> &
  Partial<Pick<UserOperation<'0.8'>, 'factory' | 'factoryData' | 'authorization'>> & {
    paymasterVerificationGasLimit?: bigint | undefined
    paymasterPostOpGasLimit?: bigint | undefined
  }

const UINT48_MAX = 2 ** 48 - 1

function assertWindow({ validUntil, validAfter }: SponsorshipWindow): void {
  for (const [name, value] of [
    ['validUntil', validUntil],
    ['validAfter', validAfter],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0 || value > UINT48_MAX)
      throw new RangeError(`${name} must be a whole number of seconds from 0 to 2^48-1, got ${value}`)
  }
}

/**
 * The hash the verifying signer signs: keccak256 of the ABI encoding of the operation's sender, nonce,
 * keccak(initCode), keccak(callData), accountGasLimits, the paymaster's two gas limits (one uint256), preVerificationGas,
 * gasFees, the chain id, the paymaster's address, validUntil and validAfter.
 */
export function paymasterHash(
  userOperation: SponsoredUserOperation,
  opts: SponsorshipWindow & { chainId: number; paymaster: Address },
): Hex {
  assertWindow(opts)
  const packed = toPackedUserOperation({
    ...userOperation,
    paymaster: opts.paymaster,
    paymasterVerificationGasLimit: userOperation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: userOperation.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS_LIMIT,
    signature: '0x',
  } as UserOperation<'0.8'>)
  const paymasterGasLimits = slice(packed.paymasterAndData, 20, 52)
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        packed.sender,
        packed.nonce,
        keccak256(packed.initCode),
        keccak256(packed.callData),
        packed.accountGasLimits,
        BigInt(paymasterGasLimits),
        packed.preVerificationGas,
        packed.gasFees,
        BigInt(opts.chainId),
        opts.paymaster,
        opts.validUntil,
        opts.validAfter,
      ],
    ),
  )
}

/** `paymasterData`: validUntil | validAfter | signature. */
export function encodePaymasterData(data: SponsorshipWindow & { signature: Hex }): Hex {
  assertWindow(data)
  if (size(data.signature) !== 65) throw new RangeError('The paymaster signature must be 65 bytes')
  return concat([
    pad(numberToHex(data.validUntil), { size: 6 }),
    pad(numberToHex(data.validAfter), { size: 6 }),
    data.signature,
  ])
}

export function decodePaymasterData(paymasterData: Hex): SponsorshipWindow & { signature: Hex } {
  if (size(paymasterData) !== PAYMASTER_DATA_LENGTH)
    throw new RangeError(`paymasterData must be ${PAYMASTER_DATA_LENGTH} bytes, got ${size(paymasterData)}`)
  return {
    validUntil: hexToNumber(slice(paymasterData, 0, 6)),
    validAfter: hexToNumber(slice(paymasterData, 6, 12)),
    signature: slice(paymasterData, 12),
  }
}

/** The whole packed field, as the EntryPoint sees it. */
export function encodePaymasterAndData(fields: {
  paymaster: Address
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
  paymasterData: Hex
}): Hex {
  return concat([
    fields.paymaster,
    pad(numberToHex(fields.paymasterVerificationGasLimit), { size: 16 }),
    pad(numberToHex(fields.paymasterPostOpGasLimit), { size: 16 }),
    fields.paymasterData,
  ])
}

/** The paymaster fields of a sponsored operation, as viem's bundler client and paymaster actions take them. */
export interface PaymasterFields {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/**
 * Placeholder paymaster fields for gas estimation: the real layout with a signature that recovers to nobody, so
 * validation runs its full cost and reports a failed signature instead of reverting.
 */
export function paymasterStubFields(paymaster: Address): PaymasterFields {
  const stubSignature = concat([`0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`, '0x1b'])
  return {
    paymaster,
    paymasterData: encodePaymasterData({ validUntil: 0, validAfter: 0, signature: stubSignature }),
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
  }
}

/** Signs a sponsorship of `userOperation` (its gas fields final) with the paymaster's verifying signer. */
export async function signSponsorship(opts: {
  userOperation: SponsoredUserOperation
  chainId: number
  paymaster: Address
  signer: LocalAccount
  window: SponsorshipWindow
}): Promise<PaymasterFields> {
  const paymasterVerificationGasLimit =
    opts.userOperation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS_LIMIT
  const paymasterPostOpGasLimit = opts.userOperation.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS_LIMIT
  const hash = paymasterHash(
    { ...opts.userOperation, paymasterVerificationGasLimit, paymasterPostOpGasLimit },
    { ...opts.window, chainId: opts.chainId, paymaster: opts.paymaster },
  )
  if (!opts.signer.signMessage) throw new TypeError('The sponsor signer cannot sign messages')
  const signature = await opts.signer.signMessage({ message: { raw: hash } })
  return {
    paymaster: opts.paymaster,
    paymasterData: encodePaymasterData({ ...opts.window, signature }),
    paymasterVerificationGasLimit,
    paymasterPostOpGasLimit,
  }
}

/**
 * Signs sponsorships for a verifying paymaster (the ERC-4337 samples' VerifyingPaymaster layout):
 * `paymasterAndData = paymaster (20) | verification gas limit (16) | post-op gas limit (16) | paymasterData`, where
 * `paymasterData = abi.encode(uint48 validUntil, uint48 validAfter) | signature (65)` and the signature is the
 * signer's over the paymaster's own `getHash(userOp, validUntil, validAfter)` as an Ethereum signed message. The hash
 * is asked of the paymaster contract (one `eth_call`), so what is signed is exactly what it checks.
 */
import { concat, encodeAbiParameters, type Hex, parseAbi } from 'viem'
import { toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import type { ChainClient } from '../chains/chainClients.ts'

const paymasterAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
])

/** A 65-byte signature that recovers no signer: gas estimates run the paymaster's check with it, which fails softly. */
export const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** The EntryPoint v0.8's EIP-7702 marker as a 20-byte init code (what a bundler puts on chain for `factory: 0x7702`). */
const EIP7702_INIT_CODE: Hex = '0x7702000000000000000000000000000000000000'

/** The paymaster's gas limits for its check (an ecrecover and a hash) and its post-op (none: it has no context). */
export const PAYMASTER_VERIFICATION_GAS_LIMIT = 100_000n
export const PAYMASTER_POST_OP_GAS_LIMIT = 0n
/** How long a signed sponsorship is valid. */
export const SPONSORSHIP_VALIDITY_SECONDS = 600

export interface PaymasterFields {
  paymaster: Hex
  paymasterData: Hex
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

export function validityData(validUntil: number, validAfter: number): Hex {
  return encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])
}

/** The paymaster fields for gas estimates: the layout of a real one, with a signature that recovers no one. */
export function stubFields(paymaster: Hex, nowSeconds: number): PaymasterFields {
  return {
    paymaster,
    paymasterData: concat([validityData(nowSeconds + SPONSORSHIP_VALIDITY_SECONDS, 0), STUB_SIGNATURE]),
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
  }
}

/**
 * Signs `userOp` (its gas fields final) for `paymaster`, valid from now for `SPONSORSHIP_VALIDITY_SECONDS`. The
 * gas limits signed are the operation's own when it names them, else the defaults above; the answer repeats them,
 * since the signature covers them.
 */
export async function signSponsorship(
  client: ChainClient,
  signerKey: Hex,
  paymaster: Hex,
  userOp: UserOperation<'0.8'>,
  nowSeconds: number,
): Promise<PaymasterFields> {
  const validUntil = nowSeconds + SPONSORSHIP_VALIDITY_SECONDS
  const validAfter = 0
  const fields = {
    paymaster,
    paymasterVerificationGasLimit: userOp.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: userOp.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS_LIMIT,
  }
  const factory = userOp.factory === '0x7702' ? EIP7702_INIT_CODE : userOp.factory
  const packed = toPackedUserOperation({
    ...userOp,
    factory,
    ...fields,
    paymasterData: concat([validityData(validUntil, validAfter), STUB_SIGNATURE]),
    signature: '0x',
  })
  const hash = await client.readContract({
    address: paymaster,
    abi: paymasterAbi,
    functionName: 'getHash',
    args: [packed, validUntil, validAfter],
  })
  const signature = await privateKeyToAccount(signerKey).signMessage({ message: { raw: hash } })
  return { ...fields, paymasterData: concat([validityData(validUntil, validAfter), signature]) }
}

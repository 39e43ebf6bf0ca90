/**
 * Signs sponsorships for the verifying paymaster: its data layout and hash are the paymaster's own module's
 * (`@foyer/devnet/account-abstraction/paymaster`, viem only, bundled into the server):
 * `paymasterAndData = paymaster (20) | verification gas limit (16) | post-op gas limit (16) | validUntil (6) |
 * validAfter (6) | signature (65)`, the signature the signer's EIP-191 one over the paymaster's `getHash`.
 */
import {
  PAYMASTER_POST_OP_GAS_LIMIT,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  type PaymasterFields,
  paymasterStubFields,
  signSponsorship as signPaymasterData,
} from '@foyer/devnet/account-abstraction/paymaster'
import type { Hex } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

export { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT, type PaymasterFields }

/** How long a signed sponsorship is valid. */
export const SPONSORSHIP_VALIDITY_SECONDS = 600

/** The paymaster fields for gas estimates: the layout of a real one, with a signature that recovers no one. */
export function stubFields(paymaster: Hex): PaymasterFields {
  return paymasterStubFields(paymaster)
}

/**
 * Signs `userOp` (its gas fields final) for `paymaster` on `chainId`, valid from now for
 * `SPONSORSHIP_VALIDITY_SECONDS`. The paymaster gas limits signed are the operation's own when it names them, else
 * the paymaster's defaults; the answer repeats them, since the signature covers them.
 */
export function signSponsorship(
  signerKey: Hex,
  chainId: number,
  paymaster: Hex,
  userOp: UserOperation<'0.8'>,
  nowSeconds: number,
): Promise<PaymasterFields> {
  return signPaymasterData({
    userOperation: userOp,
    chainId,
    paymaster,
    signer: privateKeyToAccount(signerKey),
    window: { validUntil: nowSeconds + SPONSORSHIP_VALIDITY_SECONDS, validAfter: 0 },
  })
}

/**
 * Linking a wallet to a user needs proof that the caller holds the wallet's key: an EIP-191 personal_sign, by the
 * address, of a message naming the address, the user and the auth share — so a signature cannot be replayed to link
 * the address to another user or with another share. Verified with viem.
 */
import { type Hex, verifyMessage } from 'viem'

export const walletLinkMessage = (address: string, userId: string, authShare: string) =>
  `Link wallet ${address.toLowerCase()} to Foyer user ${userId} with auth share ${authShare}`

/** True when `signature` is `address`'s personal_sign of the link message; false for any other signer or a malformed signature. */
export async function isWalletLinkSigned(
  address: string,
  userId: string,
  authShare: string,
  signature: string,
): Promise<boolean> {
  try {
    return await verifyMessage({
      address: address as Hex,
      message: walletLinkMessage(address, userId, authShare),
      signature: signature as Hex,
    })
  } catch {
    return false
  }
}

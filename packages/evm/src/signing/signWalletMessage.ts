import { type Config, signMessage } from '@wagmi/core'
import type { Hex } from 'viem'
import { toFoyerError } from '../errors/walletErrors.ts'

/**
 * Asks the connected wallet to sign a text message (EIP-191 `personal_sign`): sign-in with Ethereum and name
 * registration. A decline becomes core's `UserRejectedRequestError`; other failures keep viem's short message.
 */
export async function signWalletMessage(config: Config, message: string): Promise<Hex> {
  try {
    return await signMessage(config, { message })
  } catch (error) {
    throw toFoyerError(error)
  }
}

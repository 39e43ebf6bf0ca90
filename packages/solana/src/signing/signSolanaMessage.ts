import { getBase58Decoder } from '@solana/kit'
import { SolanaSignMessage, type SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { SolanaWalletFeatureNotSupportedError, toFoyerError } from '../errors/solanaErrors.ts'

/**
 * Asks the wallet to sign the text (UTF-8) with `solana:signMessage`; resolves to the ed25519 signature in base58.
 * A decline is core's `UserRejectedRequestError`.
 */
export async function signSolanaMessage(wallet: Wallet, account: WalletAccount, message: string): Promise<string> {
  const feature = (wallet.features as Partial<SolanaSignMessageFeature>)[SolanaSignMessage]
  if (!feature) throw new SolanaWalletFeatureNotSupportedError({ feature: SolanaSignMessage, wallet: wallet.name })
  try {
    const [output] = await feature.signMessage({ account, message: new TextEncoder().encode(message) })
    return getBase58Decoder().decode(output.signature)
  } catch (error) {
    throw toFoyerError(error)
  }
}

/**
 * The embedded wallet (email or social login, keys in Foyer's secure frame) on Solana: the same person's Solana
 * account, offered by the site's EVM adapter through `EmbeddedWallet.loadSolana`. The frame shows each request in
 * plain words and signs only once the person approves. Small and free of kit: the frame does the signing, and
 * transfers are sent by `embeddedSolanaSender` in the transfers chunk.
 */
import { type Connector, EmbeddedWalletError } from '@foyer/core'
import type { EmbeddedSolanaWallet } from '@foyer/core/internal'
import { toFoyerError } from '../errors/solanaErrors.ts'

export const EMBEDDED_SOLANA_CONNECTOR_ID = 'foyer-embedded-solana'

/** How the modal lists it: "Email", an AUTH connector, as on EVM (core connects it when an email account picks a Solana network). */
export const embeddedSolanaConnector: Connector = {
  id: EMBEDDED_SOLANA_CONNECTOR_ID,
  name: 'Email',
  type: 'AUTH',
  chain: 'solana',
}

/**
 * The signed-in person's Solana address. Refused ("Your email session has ended") when nobody is signed in: the
 * Solana account comes with the email sign-in, which happens on the EVM side.
 */
export function embeddedSolanaAddress(wallet: EmbeddedSolanaWallet): string {
  const address = wallet.getSolanaAddress()
  if (!address)
    throw new EmbeddedWalletError({
      code: 'unauthorized',
      details:
        'Nobody is signed in to the embedded wallet, or its frame has no Solana account: sign in with email first; the Solana account comes with that sign-in',
    })
  return address
}

/** Signs the text (UTF-8) in the frame; resolves to the ed25519 signature in base58. */
export async function signEmbeddedSolanaMessage(wallet: EmbeddedSolanaWallet, message: string): Promise<string> {
  try {
    return (await wallet.signSolanaMessage({ message: new TextEncoder().encode(message) })).signature
  } catch (error) {
    throw toFoyerError(error)
  }
}

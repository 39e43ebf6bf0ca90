/**
 * The wallet's Solana key, derived from the wallet's secret (the 32 bytes whose shares the frame keeps, which are
 * also the EVM key) by SLIP-0010 for ed25519 (`micro-key-producer/slip10.js`, audited), at m/44'/501'/0'/0': the
 * derivation and path Phantom, Solflare and `solana-keygen` use for account 0 of a seed, with the secret as the seed.
 *
 * Why this is safe (docs/security.md, "The Solana key"):
 * - Domain separation: SLIP-0010's master key is HMAC-SHA512 keyed with "ed25519 seed", then four hardened steps
 *   (HMAC-SHA512 under each level's chain code) along 44'/501'/0'/0'. The EVM key is the secret itself as a
 *   secp256k1 scalar; the ed25519 key is a different value, so no key is used on two curves.
 * - One way: the ed25519 key is an HMAC output of the secret; knowing it (or its public key, the address) tells
 *   nothing of the secret or of the EVM key.
 * - Nothing new is stored or sent: the key is rebuilt with the EVM key from the same two shares, so existing wallets
 *   get their Solana account on their next sign-in and their EVM key and address stay exactly as they were.
 * - The private key is imported into WebCrypto as not extractable; the derived bytes are wiped once imported.
 */
import { type Address, createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey } from '@solana/kit'
import { HDKey } from 'micro-key-producer/slip10.js'

/** Account 0 on Solana's BIP-44 coin type (501), every level hardened as SLIP-0010 requires for ed25519. */
export const SOLANA_KEY_PATH = "m/44'/501'/0'/0'"

/** The wallet's Solana account: its address and its key pair (the private half not extractable). */
export type SolanaKey = { readonly address: Address; readonly keyPair: CryptoKeyPair }

/**
 * The 32-byte ed25519 private key at m/44'/501'/0'/0' of `seed` (SLIP-0010). With a BIP-39 seed this is the
 * address other wallets show for account 0 (tested); the frame passes the wallet's secret.
 */
export function solanaPrivateKeyFromSeed(seed: Uint8Array): Uint8Array {
  return HDKey.fromMasterSeed(seed).derive(SOLANA_KEY_PATH).privateKey.slice()
}

/** The Solana key of a wallet secret; the derived private bytes are wiped once WebCrypto holds the key. */
export async function solanaKeyFromSecret(secret: Uint8Array): Promise<SolanaKey> {
  const privateKey = solanaPrivateKeyFromSeed(secret)
  try {
    const keyPair = await createKeyPairFromPrivateKeyBytes(privateKey, false)
    return { address: await getAddressFromPublicKey(keyPair.publicKey), keyPair }
  } finally {
    privateKey.fill(0)
  }
}

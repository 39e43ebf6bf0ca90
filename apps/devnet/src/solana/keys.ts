/**
 * The Solana dev keys, from the same public dev mnemonic as the EVM dev accounts: BIP-39 seed (`@scure/bip39`),
 * then SLIP-0010 ed25519 derivation (`micro-key-producer/slip10`) on m/44'/501'/i'/0' — the path Phantom, Solflare
 * and `solana-keygen` use for account i. The mints' keys come from the same seed on indices the accounts never
 * reach, so the stand-in's token mints have the same addresses on every start.
 */
import { mnemonicToSeedSync } from '@scure/bip39'
import { type Address, createKeyPairSignerFromPrivateKeyBytes, getBase58Decoder, type KeyPairSigner } from '@solana/kit'
import { HDKey } from 'micro-key-producer/slip10.js'
import { DEV_MNEMONIC } from '../mnemonic.ts'

/** SLIP-0010 account index of the fUSD mint's key (classic Token program). */
export const FUSD_MINT_KEY_INDEX = 1000
/** SLIP-0010 account index of the Token-2022 mint's key. */
export const FEUR_MINT_KEY_INDEX = 1001

export interface SolanaDevKey {
  address: Address
  /** The derivation path, m/44'/501'/i'/0'. */
  path: string
  /** 32-byte ed25519 private key (the seed of the key pair). */
  privateKey: Uint8Array
  /**
   * The 64-byte secret key (private key ‖ public key) in base58: the form Phantom and Solflare import and
   * `solana-keygen` writes (as a JSON byte array).
   */
  secretKey: string
}

export const solanaDevPath = (index: number) => `m/44'/501'/${index}'/0'`

/** The key at m/44'/501'/`index`'/0' of each index, from one BIP-39 seed computation. */
export function solanaDevKeys(indices: readonly number[], mnemonic = DEV_MNEMONIC): SolanaDevKey[] {
  const master = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
  const base58 = getBase58Decoder()
  return indices.map((index) => {
    const path = solanaDevPath(index)
    const key = master.derive(path)
    const secret = new Uint8Array(64)
    secret.set(key.privateKey, 0)
    secret.set(key.publicKeyRaw, 32)
    return {
      address: base58.decode(key.publicKeyRaw) as Address,
      path,
      privateKey: key.privateKey,
      secretKey: base58.decode(secret),
    }
  })
}

/** The first `count` dev accounts, m/44'/501'/0'/0' … m/44'/501'/(count-1)'/0'. */
export function solanaDevAccounts(count: number, mnemonic = DEV_MNEMONIC): SolanaDevKey[] {
  return solanaDevKeys(
    Array.from({ length: count }, (_, i) => i),
    mnemonic,
  )
}

/** A kit signer for a derived key (WebCrypto Ed25519; not extractable). */
export const signerOf = (key: SolanaDevKey): Promise<KeyPairSigner> =>
  createKeyPairSignerFromPrivateKeyBytes(key.privateKey)

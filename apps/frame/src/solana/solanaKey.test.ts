// @vitest-environment jsdom
import { createHmac, createPrivateKey, createPublicKey } from 'node:crypto'
import { solanaDevAccounts } from '@foyer/devnet/solana'
import { fromHex, splitSecret, toHex } from '@foyer/embedded/host'
import { mnemonicToSeedSync } from '@scure/bip39'
import { getBase58Decoder, signBytes, verifySignature } from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { keyVault, walletAccount } from '../keyVault.ts'
import { SOLANA_KEY_PATH, solanaKeyFromSecret, solanaPrivateKeyFromSeed } from './solanaKey.ts'

const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
/** A fixed wallet secret: 0x01, 0x02, … 0x20. */
const secret = () => Uint8Array.from({ length: 32 }, (_, i) => i + 1)
const base58 = getBase58Decoder()

/** SLIP-0010 for ed25519 written out with node:crypto alone, to check the library against. */
function slip10(seed: Uint8Array, path: number[]): Buffer {
  let i = createHmac('sha512', 'ed25519 seed').update(seed).digest()
  for (const index of path) {
    const data = Buffer.alloc(37)
    i.copy(data, 1, 0, 32)
    data.writeUInt32BE((index + 0x8000_0000) >>> 0, 33)
    i = createHmac('sha512', i.subarray(32)).update(data).digest()
  }
  return i.subarray(0, 32)
}

/** The ed25519 public key of a 32-byte private key, by node:crypto (PKCS#8 wrapping of RFC 8410). */
function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), privateKey])
  const spki = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({
    format: 'der',
    type: 'spki',
  })
  return spki.subarray(-32)
}

describe('the Solana key', () => {
  beforeEach(() => localStorage.clear())

  it("on a BIP-39 seed, gives the address other wallets show for account 0 (m/44'/501'/0'/0')", async () => {
    expect(SOLANA_KEY_PATH).toBe("m/44'/501'/0'/0'")
    const seed = mnemonicToSeedSync(DEV_MNEMONIC)
    const privateKey = solanaPrivateKeyFromSeed(seed)
    // Phantom, Solflare and solana-keygen show this address for the public dev mnemonic; so does the devnet.
    const key = await solanaKeyFromSecret(seed)
    expect(key.address).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    expect(key.address).toBe(solanaDevAccounts(1)[0]!.address)
    expect(base58.decode(publicKeyOf(privateKey))).toBe(key.address)
  })

  it('matches SLIP-0010 written out independently, for a wallet secret (known answer)', async () => {
    const expected = slip10(secret(), [44, 501, 0, 0])
    expect(toHex(solanaPrivateKeyFromSeed(secret()))).toBe(expected.toString('hex'))
    const key = await solanaKeyFromSecret(secret())
    expect(key.address).toBe(base58.decode(publicKeyOf(expected)))
    expect(key.address).toBe('DVEqKrqiNPB8XLN9UmgLuEjEbdEovS9qKiLfcENTo23F')
  })

  it('is deterministic, not extractable, and signs for its address', async () => {
    const [a, b] = await Promise.all([solanaKeyFromSecret(secret()), solanaKeyFromSecret(secret())])
    expect(a.address).toBe(b.address)
    expect(a.keyPair.privateKey.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('pkcs8', a.keyPair.privateKey)).rejects.toThrow()
    const message = new TextEncoder().encode('hello')
    const signature = await signBytes(a.keyPair.privateKey, message)
    expect(await verifySignature(b.keyPair.publicKey, signature, message)).toBe(true)
  })

  it('is separate from the EVM key: another value, on another curve, and the EVM key is the secret as before', async () => {
    const account = await walletAccount(secret())
    // The EVM key is unchanged: the secret itself, as every wallet made before Solana has it.
    expect(account.address).toBe(privateKeyToAccount(`0x${toHex(secret())}`).address)
    expect(account.address).toBe('0x6370eF2f4Db3611D657b90667De398a2Cc2a370C')
    expect(account.solana.address).toBe('DVEqKrqiNPB8XLN9UmgLuEjEbdEovS9qKiLfcENTo23F')
    // The secret is never used as an ed25519 key: the Solana key is neither it nor its ed25519 public key.
    expect(toHex(solanaPrivateKeyFromSeed(secret()))).not.toBe(toHex(secret()))
    expect(account.solana.address).not.toBe(base58.decode(publicKeyOf(secret())))
  })

  it('comes back with the EVM key from the shares: restored, recovered, and for a wallet made before Solana', async () => {
    const vault = keyVault('foyer-demo')
    const created = await vault.createKey('u1')
    const restored = await vault.restoreKey('u1', created.authShare, created.account.address)
    expect(restored?.solana.address).toBe(created.account.solana.address)
    const recovered = await keyVault('other').recoverKey(
      'u1',
      created.authShare,
      created.recoveryCode,
      created.account.address,
    )
    expect(recovered?.address).toBe(created.account.address)
    expect(recovered?.solana.address).toBe(created.account.solana.address)

    // A wallet whose shares were made before the Solana key existed: the same shares, the same EVM address, and
    // now its Solana account.
    const [device, auth] = await splitSecret(secret(), { shares: 3, threshold: 2 })
    localStorage.setItem('foyer.frame[old].deviceShare.u2', toHex(device!))
    const old = await keyVault('old').restoreKey('u2', toHex(auth!), '0x6370eF2f4Db3611D657b90667De398a2Cc2a370C')
    expect(old?.address).toBe('0x6370eF2f4Db3611D657b90667De398a2Cc2a370C')
    expect(old?.solana.address).toBe('DVEqKrqiNPB8XLN9UmgLuEjEbdEovS9qKiLfcENTo23F')
    expect(fromHex(toHex(auth!))).toEqual(auth) // the auth share the server holds is untouched
  })
})

import { HDKey } from 'micro-key-producer/slip10.js'
import { describe, expect, it } from 'vitest'
import { devAccounts } from '../accounts.ts'
import { DEV_MNEMONIC } from '../mnemonic.ts'
import { signerOf, solanaDevAccounts, solanaDevKeys } from './keys.ts'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('Solana dev keys', () => {
  it("derive the address that Phantom and solana-keygen show for the anvil test mnemonic at m/44'/501'/0'/0'", () => {
    expect(DEV_MNEMONIC).toBe('test test test test test test test test test test test junk')
    const [first, second] = solanaDevAccounts(2)
    // Published by several independent wallets' and tools' test suites for this mnemonic and path.
    expect(first?.address).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
    expect(second?.address).toBe('AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD')
    expect(first?.path).toBe("m/44'/501'/0'/0'")
  })

  it("uses SLIP-0010 ed25519 as specified (the specification's test vector 1)", () => {
    const master = HDKey.fromMasterSeed(Uint8Array.from({ length: 16 }, (_, i) => i))
    expect(hex(master.privateKey)).toBe('2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7')
    expect(hex(master.derive("m/0'").privateKey)).toBe(
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    )
  })

  it('gives as many distinct accounts as the EVM side, whose secret key signs for the address', async () => {
    const keys = solanaDevAccounts(devAccounts().length)
    expect(keys).toHaveLength(10)
    expect(new Set(keys.map((k) => k.address)).size).toBe(10)
    const signer = await signerOf(keys[3]!)
    expect(signer.address).toBe(keys[3]?.address)
    expect(solanaDevKeys([3])[0]?.secretKey).toBe(keys[3]?.secretKey)
  })
})

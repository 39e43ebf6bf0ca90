import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_MNEMONIC, devAccountAt, devAccounts } from './accounts.ts'

describe('devAccounts', () => {
  it('derives anvil’s well-known dev accounts', () => {
    const accounts = devAccounts()
    expect(accounts).toHaveLength(10)
    expect(accounts[0]).toEqual({
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    })
    // The fast seed path must agree with viem's reference derivation.
    expect(accounts[9].address).toBe(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 9 }).address)
  })

  it('derives one account at any index the way viem does (the sandbox treasury is 20)', () => {
    const reference = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 20 })
    const account = devAccountAt(20)
    expect(account.address).toBe(reference.address)
    expect(account.privateKey).toBe(`0x${Buffer.from(reference.getHdKey().privateKey!).toString('hex')}`)
    expect(devAccountAt(3)).toEqual(devAccounts()[3])
  })
})

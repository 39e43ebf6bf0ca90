import { solanaDevAccounts } from '@foyer/devnet/solana'
import { describe, expect, it } from 'vitest'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from '../accounts.ts'

describe('SOLANA_DEV_KEYS', () => {
  it("are the devnet's Solana dev accounts (the dev mnemonic on m/44'/501'/i'/0'), in order", () => {
    const derived = solanaDevAccounts(10)
    expect(SOLANA_DEV_KEYS).toEqual(derived.map((k) => k.secretKey))
    expect(SOLANA_DEV_ACCOUNTS).toEqual(derived.map((k) => k.address))
    expect(SOLANA_DEV_ACCOUNTS[0]).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
  })
})

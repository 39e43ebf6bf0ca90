import { pbkdf2Sync } from 'node:crypto'
import type { Address, Hex } from 'viem'
import { HDKey, hdKeyToAccount } from 'viem/accounts'
import { toHex } from 'viem/utils'
import { DEV_MNEMONIC } from './mnemonic.ts'

export { DEV_MNEMONIC }
export const DEV_ACCOUNT_COUNT = 10
/** Native balance anvil gives every dev account, in ETH. */
export const DEV_ACCOUNT_ETH = 10_000

export interface DevAccount {
  address: Address
  privateKey: Hex
}

/**
 * Derives the dev accounts (m/44'/60'/0'/0/i) exactly as anvil does. The BIP-39 seed is computed once with
 * node's native PBKDF2 — deriving each account from the mnemonic separately costs ~30 ms apiece in pure JS.
 */
export function devAccounts(count = DEV_ACCOUNT_COUNT, mnemonic = DEV_MNEMONIC): DevAccount[] {
  const master = masterKey(mnemonic)
  return Array.from({ length: count }, (_, addressIndex) => accountAt(master, addressIndex))
}

/** One account of the mnemonic at m/44'/60'/0'/0/`addressIndex` (the sandbox on-ramp's treasury is index 20). */
export function devAccountAt(addressIndex: number, mnemonic = DEV_MNEMONIC): DevAccount {
  return accountAt(masterKey(mnemonic), addressIndex)
}

const masterKey = (mnemonic: string) =>
  HDKey.fromMasterSeed(pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'))

function accountAt(master: HDKey, addressIndex: number): DevAccount {
  const account = hdKeyToAccount(master, { addressIndex })
  return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) }
}

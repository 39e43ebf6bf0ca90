/**
 * Installs the Farcaster registry stand-ins on a devnet chain: the runtime code of `IdRegistry` and `KeyRegistry`
 * (contracts/FarcasterRegistries.sol) at Farcaster's real addresses with `anvil_setCode`, and the test fids'
 * custody pairs written into the IdRegistry's storage with `anvil_setStorageAt`. No transaction is sent, so no
 * dev account's nonce or history changes.
 */
import type { Address, Hex } from 'viem'
import { encodeAbiParameters, keccak256, numberToHex, pad } from 'viem/utils'
import { devAccountAt } from '../accounts.ts'
import { ownArtifacts } from '../artifacts.ts'
import { jsonRpc } from '../rpc.ts'
import { FARCASTER_TEST_USERS, type FarcasterTestUser, ID_REGISTRY_ADDRESS, KEY_REGISTRY_ADDRESS } from './users.ts'

/** Storage slots of IdRegistry's mappings (the contract's declared order). */
const ID_OF_SLOT = 0n
const CUSTODY_OF_SLOT = 1n

export interface RegisteredFid {
  fid: number
  custody: Address
}

/** The storage slot of `mapping[key]` for a mapping declared at `slot` (Solidity's layout for value-type keys). */
const mappingSlot = (keyType: 'address' | 'uint256', key: Address | bigint, slot: bigint): Hex =>
  keccak256(encodeAbiParameters([{ type: keyType }, { type: 'uint256' }], [key as never, slot]))

/** The test fids with their custody addresses (accounts 11–15 of the dev mnemonic). */
export function farcasterCustody(users: readonly FarcasterTestUser[] = FARCASTER_TEST_USERS): RegisteredFid[] {
  return users.map((u) => ({ fid: u.fid, custody: devAccountAt(u.accountIndex).address }))
}

export async function installFarcasterRegistries(
  rpcUrl: string,
  registered: RegisteredFid[] = farcasterCustody(),
): Promise<void> {
  const rpc = jsonRpc(rpcUrl)
  const { IdRegistry, KeyRegistry } = ownArtifacts().contracts
  // A call with creation code and no recipient runs the constructor and returns the code it would deploy.
  const runtime = (creation: Hex) => rpc.request<Hex>('eth_call', [{ data: creation }, 'latest'])
  const [idCode, keyCode] = await Promise.all([runtime(IdRegistry.bytecode), runtime(KeyRegistry.bytecode)])
  await rpc.request('anvil_setCode', [ID_REGISTRY_ADDRESS, idCode])
  await rpc.request('anvil_setCode', [KEY_REGISTRY_ADDRESS, keyCode])
  for (const { fid, custody } of registered) {
    await rpc.request('anvil_setStorageAt', [
      ID_REGISTRY_ADDRESS,
      mappingSlot('address', custody, ID_OF_SLOT),
      pad(numberToHex(fid), { size: 32 }),
    ])
    await rpc.request('anvil_setStorageAt', [
      ID_REGISTRY_ADDRESS,
      mappingSlot('uint256', BigInt(fid), CUSTODY_OF_SLOT),
      pad(custody, { size: 32 }),
    ])
  }
}

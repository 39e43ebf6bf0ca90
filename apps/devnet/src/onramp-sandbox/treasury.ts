/**
 * The sandbox on-ramp's treasury: the account that pays purchases out on the local chains. It is derived from the
 * public dev mnemonic at index TREASURY_ACCOUNT_INDEX (m/44'/60'/0'/0/20), far from the ten dev accounts (0–9) that
 * anvil funds and the tests use as wallets, so no test ever sees its balance move.
 *
 * Funding writes state directly (anvil_setBalance, anvil_setStorageAt on the DevToken balance slot): no transaction
 * is sent, so no dev account's nonce or history changes, and the seeded history stays exactly as the tests expect.
 */
import { type Address, encodeAbiParameters, type Hex, keccak256, numberToHex, parseEther, parseUnits } from 'viem'
import { DEV_MNEMONIC, type DevAccount, devAccountAt } from '../accounts.ts'
import type { DevnetChain } from '../devnet-file.ts'

/** The mnemonic index of the treasury key. The dev accounts are 0–9; keep clear of them. */
export const TREASURY_ACCOUNT_INDEX = 20
/** What the treasury holds after funding, on every chain: plenty for any number of test purchases. */
export const TREASURY_FUNDING = { eth: parseEther('1000000'), usdWhole: 1_000_000_000n, tokenWhole: 1_000_000_000n }

/** DevToken.sol storage: name (0), symbol (1), totalSupply (2), balanceOf (3); decimals and minter are immutable. */
const DEV_TOKEN_TOTAL_SUPPLY_SLOT = 2n
const DEV_TOKEN_BALANCE_SLOT = 3n

/** The treasury's key, derived from the dev mnemonic (public: devnet only). */
export function treasuryAccount(mnemonic = DEV_MNEMONIC, index = TREASURY_ACCOUNT_INDEX): DevAccount {
  return devAccountAt(index, mnemonic)
}

const word = (value: bigint): Hex => numberToHex(value, { size: 32 })

/** The storage slot of `balanceOf[owner]` in a DevToken. */
export function devTokenBalanceSlot(owner: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, DEV_TOKEN_BALANCE_SLOT]))
}

/**
 * Gives the treasury its ETH and its fUSD and FOY on one chain (idempotent: it sets the balances, it does not add),
 * keeping each token's totalSupply consistent, then reads the balances back to prove the slots were right.
 */
export async function fundTreasury(chain: DevnetChain, treasury: Address): Promise<void> {
  const rpc = rpcCaller(chain.rpcUrl)
  await rpc.call('anvil_setBalance', [treasury, numberToHex(TREASURY_FUNDING.eth)])
  const tokens = [
    { address: chain.contracts.usd, whole: TREASURY_FUNDING.usdWhole },
    { address: chain.contracts.token, whole: TREASURY_FUNDING.tokenWhole },
  ]
  for (const { address, whole } of tokens) {
    const info = chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
    if (!info) continue
    const amount = parseUnits(String(whole), info.decimals)
    const slot = devTokenBalanceSlot(treasury)
    const [before, supply] = await Promise.all([
      rpc.call<Hex>('eth_getStorageAt', [address, slot, 'latest']),
      rpc.call<Hex>('eth_getStorageAt', [address, word(DEV_TOKEN_TOTAL_SUPPLY_SLOT), 'latest']),
    ])
    const newSupply = BigInt(supply) - BigInt(before) + amount
    await rpc.call('anvil_setStorageAt', [address, slot, word(amount)])
    await rpc.call('anvil_setStorageAt', [address, word(DEV_TOKEN_TOTAL_SUPPLY_SLOT), word(newSupply)])
    const data = `0x70a08231${treasury.slice(2).toLowerCase().padStart(64, '0')}` as Hex // balanceOf(address)
    const read = await rpc.call<Hex>('eth_call', [{ to: address, data }, 'latest'])
    if (BigInt(read) !== amount)
      throw new Error(`Funding the sandbox treasury with ${info.symbol} on chain ${chain.id} did not take`)
  }
}

function rpcCaller(url: string) {
  let id = 0
  return {
    async call<T = unknown>(method: string, params: unknown[]): Promise<T> {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      })
      if (!res.ok) throw new Error(`${method} to ${url}: HTTP ${res.status}`)
      const body = (await res.json()) as { result?: T; error?: { message: string } }
      if (body.error) throw new Error(`${method} to ${url}: ${body.error.message}`)
      return body.result as T
    },
  }
}

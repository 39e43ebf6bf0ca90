import type { CaipNetwork } from '@foyer/core'
import type { AdapterBalance } from '@foyer/core/internal'
import { address, getBase64Encoder } from '@solana/kit'
import { solanaRpc } from '../rpc/solanaRpc.ts'
import { readMint } from './mintAccount.ts'

/** Where `amount` (u64, little-endian) sits in a token account: after the mint and the owner. */
const TOKEN_ACCOUNT_AMOUNT_OFFSET = 64

/** The account's SOL in lamports (9 decimals), over the network's RPC. */
export async function readSolBalance(network: CaipNetwork, owner: string): Promise<AdapterBalance> {
  const { value } = await solanaRpc(network).getBalance(address(owner)).send()
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}

/**
 * The owner's balance of an SPL token: the sum of its token accounts of the mint (the associated one and any other),
 * under whichever program owns the mint (Token or Token-2022), with the mint's decimals.
 */
export async function readSplBalance(
  network: CaipNetwork,
  owner: string,
  mintAddress: string,
  symbol: string,
): Promise<AdapterBalance> {
  const rpc = solanaRpc(network)
  const mint = await readMint(rpc, mintAddress)
  const { value } = await rpc
    .getTokenAccountsByOwner(address(owner), { mint: mint.mint }, { encoding: 'base64' })
    .send()
  let total = 0n
  for (const { account } of value) {
    const data = getBase64Encoder().encode(account.data[0])
    if (data.length < TOKEN_ACCOUNT_AMOUNT_OFFSET + 8) continue
    total += new DataView(data.buffer, data.byteOffset).getBigUint64(TOKEN_ACCOUNT_AMOUNT_OFFSET, true)
  }
  return { value: total, decimals: mint.decimals, symbol }
}

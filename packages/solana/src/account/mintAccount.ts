import { type Address, address, getBase64Encoder } from '@solana/kit'
import { SolanaMintNotFoundError } from '../errors/solanaErrors.ts'
import type { SolanaRpc } from '../rpc/solanaRpc.ts'

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address

/** A mint's decimals and the token program that owns it. */
export type MintFacts = { mint: Address; decimals: number; tokenProgram: Address }

/** Where `decimals` sits in a mint account (after the mint authority option and the supply), in both programs. */
const MINT_DECIMALS_OFFSET = 44

/** Reads a mint: its owner program (Token or Token-2022) and decimals. Throws `SolanaMintNotFoundError` otherwise. */
export async function readMint(rpc: SolanaRpc, mintAddress: string): Promise<MintFacts> {
  const mint = address(mintAddress)
  const { value } = await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
  if (!value || (value.owner !== TOKEN_PROGRAM && value.owner !== TOKEN_2022_PROGRAM))
    throw new SolanaMintNotFoundError({ mint })
  const data = getBase64Encoder().encode(value.data[0])
  if (data.length <= MINT_DECIMALS_OFFSET) throw new SolanaMintNotFoundError({ mint })
  return { mint, decimals: data[MINT_DECIMALS_OFFSET], tokenProgram: value.owner }
}

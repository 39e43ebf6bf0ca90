/**
 * The stand-in's starting state: the dev accounts hold SOL from the start (written into LiteSVM as genesis
 * balances, the way anvil funds its accounts), and two token mints are created and minted to every dev account by
 * real transactions through the Token programs — so their history is in the stand-in's record like any other.
 * The mints' keys come from the dev mnemonic: the same addresses on every start. Dev account #0 is the mints'
 * authority and pays for the setup.
 */
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
} from '@solana-program/token'
import { FEUR_MINT_KEY_INDEX, FUSD_MINT_KEY_INDEX, type SolanaDevKey, signerOf, solanaDevKeys } from './keys.ts'
import { BLOCKHASH_LIFETIME, decodeWireTransaction, type SolanaLedger } from './ledger.ts'
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './tokens.ts'

/** SOL each dev account starts with. */
export const SOLANA_DEV_ACCOUNT_SOL = 1000
export const LAMPORTS_PER_SOL = 1_000_000_000n
/** Whole tokens of each mint each dev account starts with. */
export const SOLANA_DEV_TOKEN_AMOUNT = 10_000n
const MINT_SIZE = 82n

export interface SolanaMintSpec {
  symbol: string
  name: string
  decimals: number
  programId: Address
  /** SLIP-0010 account index of the mint's key (m/44'/501'/i'/0'). */
  keyIndex: number
}

export const SOLANA_DEV_MINTS: readonly SolanaMintSpec[] = [
  {
    symbol: 'fUSD',
    name: 'Foyer USD',
    decimals: 6,
    programId: TOKEN_PROGRAM_ADDRESS,
    keyIndex: FUSD_MINT_KEY_INDEX,
  },
  {
    symbol: 'fEUR',
    name: 'Foyer EUR (Token-2022)',
    decimals: 6,
    programId: TOKEN_2022_PROGRAM_ADDRESS,
    keyIndex: FEUR_MINT_KEY_INDEX,
  },
]

export interface SolanaDevMint {
  address: Address
  symbol: string
  name: string
  decimals: number
  /** The token program that owns the mint: Token or Token-2022. */
  programId: Address
  mintAuthority: Address
}

async function run(ledger: SolanaLedger, payer: KeyPairSigner, instructions: Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: ledger.latestBlockhash as Blockhash,
          lastValidBlockHeight: ledger.blockHeight + BLOCKHASH_LIFETIME,
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  // Signers other than the payer (a new mint's key) are carried by the instructions.
  const signed = await signTransactionMessageWithSigners(message)
  const wire = Uint8Array.from(getTransactionEncoder().encode(signed))
  const decoded = decodeWireTransaction(wire)
  const { recorded, err } = ledger.execute(decoded)
  if (!recorded || err !== null)
    throw new Error(`the Solana stand-in's genesis transaction failed: ${JSON.stringify(err)}`)
  ledger.recordWire(recorded.signature, wire)
}

/** Funds the accounts and creates the mints; returns the mints. */
export async function writeGenesis(ledger: SolanaLedger, accounts: readonly SolanaDevKey[]): Promise<SolanaDevMint[]> {
  for (const account of accounts)
    ledger.svm.setAccount({
      address: account.address,
      data: new Uint8Array(0),
      executable: false,
      lamports: lamports(BigInt(SOLANA_DEV_ACCOUNT_SOL) * LAMPORTS_PER_SOL),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      space: 0n,
    })
  const authorityKey = accounts[0]
  if (!authorityKey) return []
  const authority = await signerOf(authorityKey)
  const mintKeys = solanaDevKeys(SOLANA_DEV_MINTS.map((m) => m.keyIndex))
  const mints: SolanaDevMint[] = []
  for (const [i, spec] of SOLANA_DEV_MINTS.entries()) {
    const mint = await signerOf(mintKeys[i]!)
    const tokenProgram = spec.programId
    await run(ledger, authority, [
      getCreateAccountInstruction({
        payer: authority,
        newAccount: mint,
        lamports: ledger.svm.minimumBalanceForRentExemption(MINT_SIZE),
        space: MINT_SIZE,
        programAddress: tokenProgram,
      }),
      getInitializeMint2Instruction(
        { mint: mint.address, decimals: spec.decimals, mintAuthority: authority.address, freezeAuthority: null },
        { programAddress: tokenProgram },
      ),
    ])
    const amount = SOLANA_DEV_TOKEN_AMOUNT * 10n ** BigInt(spec.decimals)
    // Two holders per transaction keeps each well under the 1232-byte limit.
    for (let start = 0; start < accounts.length; start += 2) {
      const instructions: Instruction[] = []
      for (const holder of accounts.slice(start, start + 2)) {
        const [ata] = await findAssociatedTokenPda({ owner: holder.address, mint: mint.address, tokenProgram })
        instructions.push(
          getCreateAssociatedTokenIdempotentInstruction({
            payer: authority,
            ata,
            owner: holder.address,
            mint: mint.address,
            tokenProgram,
          }),
          getMintToInstruction(
            { mint: mint.address, token: ata, mintAuthority: authority, amount },
            { programAddress: tokenProgram },
          ),
        )
      }
      await run(ledger, authority, instructions)
    }
    mints.push({
      address: mint.address,
      symbol: spec.symbol,
      name: spec.name,
      decimals: spec.decimals,
      programId: tokenProgram,
      mintAuthority: authority.address,
    })
  }
  return mints
}

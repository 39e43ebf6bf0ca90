/**
 * A Solana transaction in plain words, for the approval screen: the SOL and token transfers it makes ("Send 0.5 SOL
 * to …", "Send 12.5 fUSD to …"), the token accounts it creates, its notes, and its network fee. Anything else makes
 * the description say that Foyer cannot describe the transaction: the person still decides.
 *
 * What is described is decoded from the very message bytes the wallet signs. Token transfers name the token's
 * symbol where the chain's known mints give it (else its mint address) and the receiving wallet: the owner named by
 * a token-account creation in the same transaction, else the one the chain reports; only then the token account.
 */
import type { MessageParameters } from '@foyer/core/internal'
import {
  type Address,
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  type Instruction,
} from '@solana/kit'
import {
  identifySystemInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  identifyTokenInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { formatUnits } from 'viem'
import type { FrameMessageKey } from '../screens.ts'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const COMPUTE_BUDGET_PROGRAM_ADDRESS = 'ComputeBudget111111111111111111111111111111' as Address
const MEMO_PROGRAM_ADDRESSES = new Set<string>([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
])

/** Every signature costs the network's base fee: 5000 lamports. */
export const LAMPORTS_PER_SIGNATURE = 5000n
export const SOL_DECIMALS = 9
/** What the runtime allows an instruction when the transaction sets no compute-unit limit, and the most in all. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_UNITS = 1_400_000n

/** A token the chain knows by name. */
export type KnownMint = { address: string; symbol: string; decimals: number }

/** What the chain says of an account the description needs: a token account's mint, owner and decimals. */
export type TokenAccountInfo = { mint: Address; owner: Address; decimals: number }
/** Asks the chain about token accounts (undefined for one it does not know, or that is no token account). */
export type TokenAccountLookup = (addresses: Address[]) => Promise<Map<Address, TokenAccountInfo>>

export type DescribedLine = { key: FrameMessageKey; parameters: MessageParameters }

export type SolanaTransactionDescription = {
  /** The transfers and other understood steps, in order, as sentences. */
  lines: DescribedLine[]
  /** True when some of it could not be read: the screen says so. */
  unknown: boolean
  /** The programs of the steps that could not be read. */
  unknownPrograms: Address[]
  /** The account that pays the fee. */
  feePayer: Address
  /** Base fee for every signature, plus the priority fee at the compute-unit limit (so, at most this). */
  fee: bigint
  /** True when a priority fee is part of `fee` (the runtime charges it for the limit asked, used or not). */
  feeHasPriority: boolean
}

type Step =
  | { kind: 'sol'; from: Address; to: Address; lamports: bigint }
  | {
      kind: 'token'
      authority: Address
      source: Address
      destination: Address
      amount: bigint
      mint?: Address
      decimals?: number
    }
  | { kind: 'createTokenAccount'; account: Address; owner: Address; mint: Address }
  | { kind: 'memo'; text: string }

const isTokenProgram = (program: string) => program === TOKEN_PROGRAM_ADDRESS || program === TOKEN_2022_PROGRAM_ADDRESS

function readU32(data: Uint8Array, offset: number): bigint {
  return BigInt(new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true))
}
function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
}

/** One instruction as a step; `budget` for compute-budget settings; undefined when it cannot be read. */
function readInstruction(
  instruction: Instruction,
  budget: { limit?: bigint; microLamportsPerUnit?: bigint },
): Step | 'budget' | undefined {
  const program = instruction.programAddress
  const data = Uint8Array.from(instruction.data ?? [])
  const accounts = instruction.accounts ?? []
  const withAccounts = instruction as Instruction & Required<Pick<Instruction, 'accounts' | 'data'>>
  try {
    if (program === SYSTEM_PROGRAM_ADDRESS) {
      if (identifySystemInstruction(data) !== SystemInstruction.TransferSol) return undefined
      const { accounts: a, data: d } = parseTransferSolInstruction(withAccounts)
      return { kind: 'sol', from: a.source.address, to: a.destination.address, lamports: d.amount }
    }
    if (isTokenProgram(program)) {
      // Token-2022 keeps the Token program's layout for Transfer and TransferChecked (same index, same accounts).
      const type = identifyTokenInstruction(data)
      if (type === TokenInstruction.Transfer) {
        const { accounts: a, data: d } = parseTransferInstruction(withAccounts)
        return {
          kind: 'token',
          authority: a.authority.address,
          source: a.source.address,
          destination: a.destination.address,
          amount: d.amount,
        }
      }
      if (type === TokenInstruction.TransferChecked) {
        const { accounts: a, data: d } = parseTransferCheckedInstruction(withAccounts)
        return {
          kind: 'token',
          authority: a.authority.address,
          source: a.source.address,
          destination: a.destination.address,
          amount: d.amount,
          mint: a.mint.address,
          decimals: d.decimals,
        }
      }
      return undefined
    }
    if (program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      // Create (no data, or 0) and CreateIdempotent (1): payer, account, owner, mint, System, token program.
      if (data.length > 1 || (data.length === 1 && data[0]! > 1) || accounts.length < 6) return undefined
      if (!isTokenProgram(accounts[5]!.address)) return undefined
      return {
        kind: 'createTokenAccount',
        account: accounts[1]!.address,
        owner: accounts[2]!.address,
        mint: accounts[3]!.address,
      }
    }
    if (program === COMPUTE_BUDGET_PROGRAM_ADDRESS) {
      if (data[0] === 2 && data.length === 5) budget.limit = readU32(data, 1)
      else if (data[0] === 3 && data.length === 9) budget.microLamportsPerUnit = readU64(data, 1)
      // 1 (heap frame) and 4 (loaded data size) change no fee and move nothing.
      else if (!((data[0] === 1 && data.length === 5) || (data[0] === 4 && data.length === 5))) return undefined
      return 'budget'
    }
    if (MEMO_PROGRAM_ADDRESSES.has(program)) {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(data)
      if (hasHidingCharacter(text)) return undefined
      return { kind: 'memo', text }
    }
  } catch {
    return undefined
  }
  return undefined
}

/** A control character other than tab and line breaks, or a bidirectional control (text that hides text). */
export function hasHidingCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code <= 0x08 || (code >= 0x0e && code <= 0x1f) || code === 0x7f) return true
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true
  }
  return false
}

/**
 * Describes a transaction message (the bytes that are signed). Throws nothing for a message it cannot read: that is
 * `unknown`, with the fee from the signature count alone. Throws `TypeError` when the bytes are no message at all.
 */
export async function describeSolanaTransaction(
  messageBytes: Uint8Array,
  options: { wallet: Address; mints?: readonly KnownMint[]; lookup?: TokenAccountLookup },
): Promise<SolanaTransactionDescription> {
  const compiled = getCompiledTransactionMessageDecoder().decode(messageBytes)
  const feePayer = compiled.staticAccounts[0]!
  const signatures = BigInt(compiled.header.numSignerAccounts)
  const base = { feePayer, fee: signatures * LAMPORTS_PER_SIGNATURE, feeHasPriority: false }

  let instructions: readonly Instruction[]
  try {
    // Accounts from lookup tables are not in the message: such a transaction is not read (decompiling throws).
    instructions = decompileTransactionMessage(compiled as never).instructions
  } catch {
    return { ...base, lines: [], unknown: true, unknownPrograms: [] }
  }

  const budget: { limit?: bigint; microLamportsPerUnit?: bigint } = {}
  const steps: Step[] = []
  const unknownPrograms: Address[] = []
  let counted = 0n
  for (const instruction of instructions) {
    const step = readInstruction(instruction, budget)
    if (instruction.programAddress !== COMPUTE_BUDGET_PROGRAM_ADDRESS) counted++
    if (step === 'budget') continue
    if (step) steps.push(step)
    else if (!unknownPrograms.includes(instruction.programAddress)) unknownPrograms.push(instruction.programAddress)
  }

  let fee = base.fee
  const price = budget.microLamportsPerUnit ?? 0n
  if (price > 0n) {
    const units = budget.limit ?? minBig(counted * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS)
    fee += (units * price + 999_999n) / 1_000_000n
  }

  // Token accounts: those created here say their owner and mint; the chain tells the rest.
  const created = new Map<Address, { owner: Address; mint: Address }>()
  for (const step of steps) if (step.kind === 'createTokenAccount') created.set(step.account, step)
  const wanted = new Set<Address>()
  for (const step of steps) {
    if (step.kind !== 'token') continue
    if (!created.has(step.destination)) wanted.add(step.destination)
    if (step.mint === undefined || step.decimals === undefined) wanted.add(step.source)
  }
  let known = new Map<Address, TokenAccountInfo>()
  if (wanted.size && options.lookup)
    known = await options.lookup([...wanted]).catch(() => new Map<Address, TokenAccountInfo>())

  const mints = options.mints ?? []
  const tokenName = (mint: Address) => mints.find((m) => m.address === mint)?.symbol ?? mint
  const lines: DescribedLine[] = []
  for (const step of steps) {
    if (step.kind === 'sol') {
      const amount = formatUnits(step.lamports, SOL_DECIMALS)
      lines.push(
        step.from === options.wallet
          ? { key: 'frame.solanaSend', parameters: { amount, token: 'SOL', to: step.to } }
          : { key: 'frame.solanaSendFrom', parameters: { amount, token: 'SOL', from: step.from, to: step.to } },
      )
    } else if (step.kind === 'token') {
      const source = known.get(step.source)
      const mint = step.mint ?? source?.mint
      const decimals = step.decimals ?? source?.decimals
      const receiver = created.get(step.destination)?.owner ?? known.get(step.destination)?.owner
      if (mint === undefined || decimals === undefined) {
        lines.push({
          key: receiver ? 'frame.solanaSendUnits' : 'frame.solanaSendUnitsToTokenAccount',
          parameters: { amount: step.amount.toString(), to: receiver ?? step.destination },
        })
        continue
      }
      const amount = formatUnits(step.amount, decimals)
      const token = tokenName(mint)
      if (!receiver)
        lines.push({
          key: 'frame.solanaSendToTokenAccount',
          parameters: { amount, token, to: step.destination },
        })
      else if (step.authority === options.wallet)
        lines.push({ key: 'frame.solanaSend', parameters: { amount, token, to: receiver } })
      else
        lines.push({ key: 'frame.solanaSendFrom', parameters: { amount, token, from: step.authority, to: receiver } })
    } else if (step.kind === 'createTokenAccount') {
      lines.push({
        key: 'frame.solanaCreateTokenAccount',
        parameters: { token: tokenName(step.mint), owner: step.owner },
      })
    } else {
      lines.push({ key: 'frame.solanaMemo', parameters: { memo: step.text } })
    }
  }
  return { ...base, fee, feeHasPriority: price > 0n, lines, unknown: unknownPrograms.length > 0, unknownPrograms }
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b)

/**
 * A Solana transaction, as `getBlock` and `getTransaction` answer it in the `json` encoding, read into the rows the
 * indexer writes: the transaction, its SOL transfers (System program Transfer and TransferWithSeed) and its SPL
 * transfers (Token and Token-2022 Transfer and TransferChecked, in top-level and inner instructions), each resolved
 * to the owners of the token accounts through the transaction's token balances. Vote transactions are left out.
 */
import { base58 } from '@scure/base'
import type { SolanaHistoryTables } from './solanaTables.ts'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
const VOTE_PROGRAM = 'Vote111111111111111111111111111111111111111'
export const SOL_DECIMALS = 9

interface RpcInstruction {
  programIdIndex: number
  accounts: number[]
  data: string
}

interface RpcTokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { decimals: number }
}

/** One transaction of a block (or a getTransaction answer), json encoding. */
export interface RpcSolanaTransaction {
  transaction: {
    signatures: string[]
    message: { accountKeys: string[]; instructions: RpcInstruction[] }
  }
  meta: {
    err: unknown
    fee: number | string
    innerInstructions?: { index: number; instructions: RpcInstruction[] }[] | null
    preTokenBalances?: RpcTokenBalance[] | null
    postTokenBalances?: RpcTokenBalance[] | null
    loadedAddresses?: { writable: string[]; readonly: string[] } | null
  } | null
}

export interface DecodedSolanaTransaction {
  transaction: SolanaHistoryTables['solana_transactions']
  transfers: SolanaHistoryTables['solana_transfers'][]
  history: SolanaHistoryTables['solana_account_history'][]
}

const u64 = (bytes: Uint8Array, offset: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset, true)
const u32 = (bytes: Uint8Array, offset: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true)

function dataOf(ix: RpcInstruction): Uint8Array | undefined {
  try {
    return base58.decode(ix.data)
  } catch {
    return undefined
  }
}

/**
 * The rows of one transaction at `slot`, position `txIndex` in its block, or undefined for a vote transaction (or one
 * without metadata, which a node gives for none it has executed).
 */
export function decodeSolanaTransaction(
  chain: string,
  slot: number,
  txIndex: number,
  blockTime: Date,
  tx: RpcSolanaTransaction,
): DecodedSolanaTransaction | undefined {
  const { message, signatures } = tx.transaction
  const meta = tx.meta
  const signature = signatures[0]
  if (!meta || !signature) return undefined
  const keys = [
    ...message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ]
  if (message.instructions.every((ix) => keys[ix.programIdIndex] === VOTE_PROGRAM)) return undefined
  const feePayer = keys[0]!
  const succeeded = meta.err === null || meta.err === undefined

  // Token accounts in the transaction: their mint, owner and decimals (after it, else before it — a closed account).
  const tokenAccounts = new Map<number, { mint: string; owner?: string; decimals: number }>()
  for (const b of [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])])
    tokenAccounts.set(b.accountIndex, { mint: b.mint, owner: b.owner, decimals: b.uiTokenAmount.decimals })

  // Top-level instructions, each followed by the instructions it invoked, in execution order.
  const ordered: RpcInstruction[] = []
  message.instructions.forEach((ix, index) => {
    ordered.push(ix)
    for (const inner of meta.innerInstructions ?? []) if (inner.index === index) ordered.push(...inner.instructions)
  })

  const transfers: SolanaHistoryTables['solana_transfers'][] = []
  const push = (t: Omit<SolanaHistoryTables['solana_transfers'], 'chain' | 'signature' | 'transfer_index' | 'slot'>) =>
    transfers.push({ chain, signature, transfer_index: transfers.length, slot, ...t })
  if (succeeded)
    for (const ix of ordered) {
      const program = keys[ix.programIdIndex]
      const account = (i: number) => {
        const index = ix.accounts[i]
        return index === undefined ? undefined : { index, key: keys[index] }
      }
      const data = dataOf(ix)
      if (!data) continue
      if (program === SYSTEM_PROGRAM && data.length >= 12) {
        const tag = u32(data, 0)
        // Transfer {lamports} [from, to]; TransferWithSeed {lamports, seed, owner} [from, base, to].
        const to = tag === 2 ? account(1) : tag === 11 ? account(2) : undefined
        const from = account(0)
        if (!to?.key || !from?.key) continue
        push({
          standard: 'native',
          mint: null,
          decimals: SOL_DECIMALS,
          from_address: from.key,
          to_address: to.key,
          amount: u64(data, 4).toString(),
        })
      } else if ((program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) && data.length >= 9) {
        // Transfer {amount} [source, destination, authority]; TransferChecked {amount, decimals} [source, mint,
        // destination, authority].
        const checked = data[0] === 12 && data.length >= 10
        if (data[0] !== 3 && !checked) continue
        const source = account(0)
        const destination = account(checked ? 2 : 1)
        const authority = account(checked ? 3 : 2)
        if (!source?.key || !destination?.key) continue
        const from = tokenAccounts.get(source.index)
        const to = tokenAccounts.get(destination.index)
        const mint = checked ? account(1)?.key : (from?.mint ?? to?.mint)
        const decimals = checked ? data[9]! : (from?.decimals ?? to?.decimals)
        if (!mint || decimals === undefined) continue
        push({
          standard: 'spl',
          mint,
          decimals,
          // The owners of the token accounts; without a token balance, the authority that signed for the source.
          from_address: from?.owner ?? authority?.key ?? source.key,
          to_address: to?.owner ?? destination.key,
          amount: u64(data, 1).toString(),
        })
      }
    }

  const addresses = new Set([feePayer, ...transfers.flatMap((t) => [t.from_address, t.to_address])])
  return {
    transaction: {
      chain,
      signature,
      slot,
      tx_index: txIndex,
      fee_payer: feePayer,
      status: succeeded ? 1 : 0,
      fee: String(meta.fee),
      block_time: blockTime,
    },
    transfers,
    history: [...addresses].map((address) => ({
      address,
      chain,
      block_time: blockTime,
      slot,
      tx_index: txIndex,
      signature,
    })),
  }
}

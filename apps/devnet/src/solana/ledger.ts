/**
 * The Solana stand-in's state: one LiteSVM instance (which executes real Solana programs in-process) and the
 * history LiteSVM does not keep in a form the JSON-RPC needs. LiteSVM has no blocks: the stand-in gives every
 * executed transaction a slot of its own (the clock advances one slot and sets its time to now) and records, by
 * signature, the slot, the time, the message's accounts and the metadata — balances read before and after,
 * token balances, logs, the error and the fee — so the history methods can answer.
 *
 * This is a stand-in for a Solana validator, not one: no votes, no forks, no commitment levels (everything is
 * final at once), one blockhash for the life of the process.
 */

import { createHash } from 'node:crypto'
import {
  type Address,
  type Base58EncodedBytes,
  type EncodedAccount,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type LegacyCompiledTransactionMessage,
  type Transaction,
  type V0CompiledTransactionMessage,
} from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { parseMint, parseTokenAccount, type UiTokenAmount, uiTokenAmount } from './tokens.ts'
import { transactionErrorJson } from './transactionError.ts'

/** What a signature costs on LiteSVM's default fee structure (as on Solana's clusters). */
export const LAMPORTS_PER_SIGNATURE = 5000n
/** Solana's blockhash lifetime in blocks; lastValidBlockHeight is the current height plus this. */
export const BLOCKHASH_LIFETIME = 150n

export interface TokenBalance {
  accountIndex: number
  mint: Address
  owner: Address
  programId: Address
  uiTokenAmount: UiTokenAmount
}

export interface InnerInstructions {
  index: number
  instructions: { programIdIndex: number; accounts: number[]; data: Base58EncodedBytes; stackHeight: number }[]
}

/** One executed transaction as the stand-in recorded it. */
export interface RecordedTransaction {
  signature: string
  slot: bigint
  /** Unix seconds. */
  blockTime: number
  wire: Uint8Array
  message: StandInMessage
  signatures: string[]
  accountKeys: Address[]
  /** The transaction error in the RPC's JSON form, or null. */
  err: unknown
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logMessages: string[]
  computeUnitsConsumed: bigint
  innerInstructions: InnerInstructions[]
}

/**
 * A block of the stand-in: the slot of one executed transaction. Its hash chains the previous block's hash with the
 * transaction's signature (the first block's parent is the genesis hash), so a stand-in started again that runs other
 * transactions has other block hashes from the first one that differs — as a replaced chain would.
 */
export interface StandInBlock {
  slot: bigint
  blockhash: string
  parentSlot: bigint
  previousBlockhash: string
  transaction: RecordedTransaction
}

/** Thrown when bytes are not a Solana wire transaction. */
export class InvalidTransactionError extends Error {
  override name = 'InvalidTransactionError'
}

/** Legacy and v0 messages: what LiteSVM runs (v1 transactions are refused). */
export type StandInMessage = (LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & {
  lifetimeToken: string
}

export interface DecodedTransaction {
  transaction: Transaction
  message: StandInMessage
  signature: string
  signatures: string[]
}

export function decodeWireTransaction(wire: Uint8Array): DecodedTransaction {
  try {
    const transaction = getTransactionDecoder().decode(wire)
    const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    if (compiled.version === 1) throw new Error('version 1 transactions are not supported by the stand-in')
    const message = compiled as StandInMessage
    const base58 = getBase58Decoder()
    const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts)
    const signatures = signers.map((a) => {
      const bytes = transaction.signatures[a]
      return base58.decode(bytes ?? new Uint8Array(64))
    })
    const signature = signatures[0]
    if (!signature) throw new Error('no signer')
    return { transaction, message, signature, signatures }
  } catch (err) {
    throw new InvalidTransactionError(`not a Solana wire transaction: ${(err as Error).message}`)
  }
}

export interface SimulationResult {
  err: unknown
  logs: string[]
  unitsConsumed: bigint
  returnData: { programId: Address; data: [string, 'base64'] } | null
}

export class SolanaLedger {
  readonly svm: LiteSVM
  readonly #history = new Map<string, RecordedTransaction>()
  /** Signatures per account key, oldest first. */
  readonly #byAddress = new Map<string, string[]>()
  /** Token mints' decimals, as read from the chain (mints do not change decimals). */
  readonly #decimals = new Map<string, number>()
  /** Every block, oldest first (one per executed transaction, in slot order). */
  readonly #blocks: StandInBlock[] = []
  readonly #blockAt = new Map<bigint, StandInBlock>()
  readonly #genesisHash: string
  /** Called after each transaction that lands, once it is recorded and the clock is on the next slot. */
  readonly #landedListeners = new Set<(recorded: RecordedTransaction) => void>()

  constructor(genesisHash: string) {
    this.#genesisHash = genesisHash
    this.svm = new LiteSVM()
    this.#setTime(this.slot)
  }

  get slot(): bigint {
    return this.svm.getClock().slot
  }

  /** No skipped slots: the block height is the slot. */
  get blockHeight(): bigint {
    return this.slot
  }

  get latestBlockhash(): string {
    return this.svm.latestBlockhash()
  }

  #setTime(slot: bigint) {
    const clock = this.svm.getClock()
    clock.slot = slot
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
  }

  decimalsOf(mint: Address): number | undefined {
    const known = this.#decimals.get(mint)
    if (known !== undefined) return known
    const account = this.svm.getAccount(mint)
    if (!account.exists) return undefined
    const decimals = parseMint(account.programAddress, account.data)?.decimals
    if (decimals !== undefined) this.#decimals.set(mint, decimals)
    return decimals
  }

  lamportsOf(address: Address): bigint {
    return this.svm.getBalance(address) ?? 0n
  }

  #tokenBalances(keys: readonly Address[]): TokenBalance[] {
    const out: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.svm.getAccount(key)
      if (!account.exists) return
      const token = parseTokenAccount(account.programAddress, account.data)
      const decimals = token && this.decimalsOf(token.mint)
      if (!token || decimals === undefined) return
      out.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.programAddress,
        uiTokenAmount: uiTokenAmount(token.amount, decimals),
      })
    })
    return out
  }

  /**
   * Runs the transaction without committing it. `sigVerify: false` and `replaceRecentBlockhash` switch LiteSVM's
   * checks off for this one call, as the RPC's simulateTransaction options do.
   */
  simulate(decoded: DecodedTransaction, opts: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {}) {
    const sigVerify = opts.sigVerify ?? false
    const replace = opts.replaceRecentBlockhash ?? false
    if (!sigVerify) this.svm.withSigverify(false)
    if (replace) this.svm.withBlockhashCheck(false)
    try {
      const result = this.svm.simulateTransaction(decoded.transaction)
      const meta = result instanceof FailedTransactionMetadata ? result.meta() : result.meta()
      return {
        err: result instanceof FailedTransactionMetadata ? transactionErrorJson(result.err()) : null,
        ...metaSummary(meta),
        postAccounts: result instanceof FailedTransactionMetadata ? [] : result.postAccounts(),
      } satisfies SimulationResult & { postAccounts: EncodedAccount[] }
    } finally {
      this.svm.withSigverify(true)
      this.svm.withBlockhashCheck(true)
    }
  }

  /**
   * Executes the transaction and records it when it landed: when it succeeded, or failed after its fee was
   * charged (as a validator would put it in a block). A transaction rejected before that (bad signature, unknown
   * blockhash, already processed, a fee payer who cannot pay) is not recorded, and the returned `err` says why.
   */
  execute(decoded: DecodedTransaction): { recorded: RecordedTransaction | undefined; err: unknown } {
    const keys = decoded.message.staticAccounts
    const preBalances = keys.map((k) => this.lamportsOf(k))
    const preTokenBalances = this.#tokenBalances(keys)
    const result = this.svm.sendTransaction(decoded.transaction)
    const failed = result instanceof FailedTransactionMetadata
    const err = failed ? transactionErrorJson(result.err()) : null
    const postBalances = keys.map((k) => this.lamportsOf(k))
    const landed = !failed || postBalances[0] !== preBalances[0]
    if (!landed) return { recorded: undefined, err }
    const meta = failed ? result.meta() : result
    const slot = this.slot
    const recorded: RecordedTransaction = {
      signature: decoded.signature,
      slot,
      blockTime: Number(this.svm.getClock().unixTimestamp),
      wire: new Uint8Array(0),
      message: decoded.message,
      signatures: decoded.signatures,
      accountKeys: [...keys],
      err,
      fee: LAMPORTS_PER_SIGNATURE * BigInt(decoded.message.header.numSignerAccounts),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.#tokenBalances(keys),
      logMessages: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      innerInstructions: meta
        .innerInstructions()
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => {
            const ix = inner.instruction()
            return {
              programIdIndex: ix.programIdIndex(),
              accounts: [...ix.accounts()],
              data: getBase58Decoder().decode(ix.data()) as Base58EncodedBytes,
              stackHeight: inner.stackHeight(),
            }
          }),
        }))
        .filter((entry) => entry.instructions.length > 0),
    }
    this.#history.set(recorded.signature, recorded)
    this.#addBlock(recorded)
    for (const key of new Set(keys)) {
      const list = this.#byAddress.get(key)
      if (list) list.push(recorded.signature)
      else this.#byAddress.set(key, [recorded.signature])
    }
    // The next transaction goes in the next slot.
    this.#setTime(slot + 1n)
    for (const listener of this.#landedListeners) {
      try {
        listener(recorded)
      } catch (listenerErr) {
        // A listener's failure (a subscriber's socket, say) must not undo or fail the transaction.
        console.error('[Solana stand-in] a landed-transaction listener failed:', listenerErr)
      }
    }
    return { recorded, err }
  }

  /** Calls `listener` after every transaction that lands; answers a function that stops it. */
  onLanded(listener: (recorded: RecordedTransaction) => void): () => void {
    this.#landedListeners.add(listener)
    return () => {
      this.#landedListeners.delete(listener)
    }
  }

  #addBlock(transaction: RecordedTransaction) {
    const parent = this.#blocks.at(-1)
    const previousBlockhash = parent?.blockhash ?? this.#genesisHash
    const digest = createHash('sha256')
      .update(Buffer.from(getBase58Encoder().encode(previousBlockhash)))
      .update(Buffer.from(getBase58Encoder().encode(transaction.signature)))
      .digest()
    const block: StandInBlock = {
      slot: transaction.slot,
      blockhash: getBase58Decoder().decode(digest),
      parentSlot: parent?.slot ?? transaction.slot,
      previousBlockhash,
      transaction,
    }
    this.#blocks.push(block)
    this.#blockAt.set(block.slot, block)
  }

  /** The block at `slot`, if a transaction ran in it. */
  block(slot: bigint): StandInBlock | undefined {
    return this.#blockAt.get(slot)
  }

  /** The slots of the blocks from `start` to `end` (both included), oldest first, at most `limit`. */
  blockSlots(start: bigint, end: bigint, limit: number): bigint[] {
    const out: bigint[] = []
    for (const block of this.#blocks) {
      if (out.length >= limit || block.slot > end) break
      if (block.slot >= start) out.push(block.slot)
    }
    return out
  }

  /** Records the wire bytes with the transaction (kept apart so execute's callers decide what to keep). */
  recordWire(signature: string, wire: Uint8Array) {
    const recorded = this.#history.get(signature)
    if (recorded) recorded.wire = wire
  }

  transaction(signature: string): RecordedTransaction | undefined {
    return this.#history.get(signature)
  }

  /** Signatures that name `address`, newest first. */
  signaturesFor(address: Address): RecordedTransaction[] {
    const list = this.#byAddress.get(address) ?? []
    return list
      .map((s) => this.#history.get(s))
      .filter((t): t is RecordedTransaction => t !== undefined)
      .reverse()
  }
}

function metaSummary(meta: TransactionMetadata) {
  const returnData = meta.returnData()
  const data = returnData.data()
  return {
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData:
      data.length > 0
        ? {
            programId: getBase58Decoder().decode(returnData.programId()) as Address,
            data: [Buffer.from(data).toString('base64'), 'base64'] as [string, 'base64'],
          }
        : null,
  }
}

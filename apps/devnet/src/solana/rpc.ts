/**
 * The part of Solana's JSON-RPC that Foyer uses, answered from the stand-in's ledger (LiteSVM plus its recorded
 * history). Shapes follow Solana's JSON-RPC as `@solana/kit`'s `createSolanaRpc` reads it; integers go out as JSON
 * numbers of any size (kit reads them as bigints). Bad params are JSON-RPC errors (-32602), never exceptions out of
 * the server.
 */
import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  isAddress,
  type ReadonlyUint8Array,
} from '@solana/kit'
import {
  BLOCKHASH_LIFETIME,
  type DecodedTransaction,
  decodeWireTransaction,
  InvalidTransactionError,
  type RecordedTransaction,
  type SolanaLedger,
} from './ledger.ts'
import { SOLANA_STAND_IN_GENESIS_HASH } from './standInGenesis.ts'
import { isTokenProgram, jsonParsedTokenData, parseTokenAccount, uiTokenAmount } from './tokens.ts'

/** A JSON-RPC error with Solana's codes. */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Solana: preflight simulation failed. */
  sendTransactionPreflightFailure: -32002,
  /** Solana: a signature did not verify. */
  signatureVerificationFailure: -32003,
  /** Solana: the transaction's version is above the client's maxSupportedTransactionVersion. */
  unsupportedTransactionVersion: -32015,
  /** Solana: no block (yet) at that slot. */
  blockNotAvailable: -32004,
  /** Solana: the slot was skipped (no block was made in it). */
  slotSkipped: -32007,
  /** Solana: minContextSlot is ahead of the node. */
  minContextSlotNotReached: -32016,
} as const

/** u64::MAX: what validators report as the rentEpoch of rent-exempt accounts. */
const RENT_EPOCH_EXEMPT = 18446744073709551615n
/** The version the stand-in reports: the Solana JSON-RPC generation it imitates, marked as the stand-in. */
export const STAND_IN_VERSION = '2.3.0+litesvm-stand-in'

export const invalidParams = (message: string) =>
  new SolanaRpcError(RPC_ERROR.invalidParams, `Invalid params: ${message}`)

export type Params = unknown[]
export type Config = Record<string, unknown>

function param(params: Params, index: number): unknown {
  return params[index]
}

export function address(params: Params, index: number, what = 'address'): Address {
  const value = param(params, index)
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`${what} must be a base58 address`)
  return value
}

export function config(params: Params, index: number): Config {
  const value = param(params, index)
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`argument ${index + 1} must be an object`)
  return value as Config
}

export function signatureParam(value: unknown, what = 'signature'): string {
  if (typeof value !== 'string') throw invalidParams(`${what} must be a base58 string`)
  try {
    if (getBase58Encoder().encode(value).length === 64) return value
  } catch {}
  throw invalidParams(`${what} must be a base58-encoded 64-byte signature`)
}

function optionalInteger(cfg: Config, key: string, min: number, max: number): number | undefined {
  const value = cfg[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max)
    throw invalidParams(`${key} must be an integer from ${min} to ${max}`)
  return value
}

function wireBytes(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('the transaction must be an encoded string')
  const enc = encoding ?? 'base58'
  try {
    if (enc === 'base64') return Uint8Array.from(getBase64Encoder().encode(value))
    if (enc === 'base58') return Uint8Array.from(getBase58Encoder().encode(value))
  } catch {
    throw invalidParams(`the transaction is not valid ${enc}`)
  }
  throw invalidParams(`unsupported transaction encoding ${JSON.stringify(enc)}; use base58 or base64`)
}

function decode(value: unknown, encoding: unknown): DecodedTransaction {
  const wire = wireBytes(value, encoding)
  try {
    return decodeWireTransaction(wire)
  } catch (err) {
    if (err instanceof InvalidTransactionError) throw invalidParams(err.message)
    throw err
  }
}

export interface SolanaRpcContext {
  ledger: SolanaLedger
}

/** The account fields every encoding shares, with `data` in the encoding asked for. */
export function encodeAccount(
  ledger: SolanaLedger,
  account: { data: ReadonlyUint8Array; executable: boolean; lamports: bigint; programAddress: Address; space: bigint },
  cfg: Config,
) {
  const encoding = cfg.encoding ?? 'base58'
  let data: unknown
  const slice = cfg.dataSlice as { offset?: unknown; length?: unknown } | undefined
  let bytes = account.data
  if (slice !== undefined) {
    if (
      typeof slice !== 'object' ||
      slice === null ||
      typeof slice.offset !== 'number' ||
      typeof slice.length !== 'number' ||
      slice.offset < 0 ||
      slice.length < 0
    )
      throw invalidParams('dataSlice must be {offset, length} of non-negative integers')
    if (encoding === 'jsonParsed') throw invalidParams('dataSlice is not supported with jsonParsed')
    bytes = bytes.subarray(slice.offset, slice.offset + slice.length)
  }
  if (encoding === 'jsonParsed') {
    const parsed = isTokenProgram(account.programAddress)
      ? jsonParsedTokenData(account.programAddress, account.data, (mint) => ledger.decimalsOf(mint))
      : undefined
    // What Solana does for accounts it cannot parse: the raw data, in base64.
    data = parsed ?? [getBase64Decoder().decode(bytes), 'base64']
  } else if (encoding === 'base64') data = [getBase64Decoder().decode(bytes), 'base64']
  else if (encoding === 'base58') data = [getBase58Decoder().decode(bytes), 'base58']
  else throw invalidParams(`unsupported account encoding ${JSON.stringify(encoding)}; use base58, base64 or jsonParsed`)
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EPOCH_EXEMPT,
    space: BigInt(account.data.length),
  }
}

function accountAt(ledger: SolanaLedger, key: Address, cfg: Config) {
  const account = ledger.svm.getAccount(key)
  return account.exists ? encodeAccount(ledger, account, cfg) : null
}

function withContext<T>(ledger: SolanaLedger, value: T) {
  return { context: { apiVersion: STAND_IN_VERSION, slot: ledger.slot }, value }
}

function checkMinContextSlot(ledger: SolanaLedger, cfg: Config) {
  const min = cfg.minContextSlot
  if (min === undefined || min === null) return
  if (typeof min !== 'number' || !Number.isSafeInteger(min) || min < 0)
    throw invalidParams('minContextSlot must be a non-negative integer')
  if (BigInt(min) > ledger.slot)
    throw new SolanaRpcError(RPC_ERROR.minContextSlotNotReached, 'Minimum context slot has not been reached', {
      contextSlot: ledger.slot,
    })
}

function statusOf(t: RecordedTransaction) {
  return t.err === null ? { Ok: null } : { Err: t.err }
}

function transactionJson(t: RecordedTransaction) {
  const m = t.message
  return {
    signatures: t.signatures,
    message: {
      accountKeys: t.accountKeys,
      header: {
        numRequiredSignatures: m.header.numSignerAccounts,
        numReadonlySignedAccounts: m.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: m.header.numReadonlyNonSignerAccounts,
      },
      instructions: m.instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: [...(ix.accountIndices ?? [])],
        data: getBase58Decoder().decode(ix.data ?? new Uint8Array(0)),
        stackHeight: null,
      })),
      recentBlockhash: m.lifetimeToken,
      ...(m.version === 0
        ? {
            addressTableLookups: (m.addressTableLookups ?? []).map((l) => ({
              accountKey: l.lookupTableAddress,
              writableIndexes: [...l.writableIndexes],
              readonlyIndexes: [...l.readonlyIndexes],
            })),
          }
        : {}),
    },
  }
}

function metaJson(t: RecordedTransaction) {
  return {
    err: t.err,
    status: statusOf(t),
    fee: t.fee,
    preBalances: t.preBalances,
    postBalances: t.postBalances,
    preTokenBalances: t.preTokenBalances,
    postTokenBalances: t.postTokenBalances,
    innerInstructions: t.innerInstructions,
    logMessages: t.logMessages,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: t.computeUnitsConsumed,
  }
}

/** A transaction's `version` field: present only when the client said which versions it reads. */
function checkVersion(t: RecordedTransaction, maxVersion: number | undefined) {
  if (t.message.version !== 'legacy' && maxVersion === undefined)
    throw new SolanaRpcError(
      RPC_ERROR.unsupportedTransactionVersion,
      `Transaction version (${t.message.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0`,
    )
  return maxVersion !== undefined ? { version: t.message.version } : {}
}

type TransactionEncoding = 'json' | 'base64' | 'base58'

function transactionEncoding(cfg: Config): TransactionEncoding {
  const encoding = cfg.encoding ?? 'json'
  if (encoding === 'json' || encoding === 'base64' || encoding === 'base58') return encoding
  throw invalidParams(`unsupported transaction encoding ${JSON.stringify(encoding)}; use json, base64 or base58`)
}

/** The transaction in the encoding asked for: json (the message's fields), base64 or base58 (the wire bytes). */
function encodeTransaction(t: RecordedTransaction, encoding: TransactionEncoding) {
  if (encoding === 'json') return transactionJson(t)
  if (encoding === 'base64') return [getBase64Decoder().decode(t.wire), 'base64']
  return [getBase58Decoder().decode(t.wire), 'base58']
}

function slotParam(params: Params, index: number, what: string): bigint {
  const value = param(params, index)
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalidParams(`${what} must be a non-negative integer slot`)
  return BigInt(value)
}

/** What Solana allows between getBlocks' start and end slots. */
const MAX_GET_BLOCKS_RANGE = 500_000n

const METHODS: Record<string, (ctx: SolanaRpcContext, params: Params) => unknown> = {
  getHealth: () => 'ok',

  getVersion: () => ({ 'solana-core': STAND_IN_VERSION, 'feature-set': 0 }),

  getGenesisHash: () => SOLANA_STAND_IN_GENESIS_HASH,

  getSlot: ({ ledger }, params) => {
    checkMinContextSlot(ledger, config(params, 0))
    return ledger.slot
  },

  getBlockHeight: ({ ledger }, params) => {
    checkMinContextSlot(ledger, config(params, 0))
    return ledger.blockHeight
  },

  // The stand-in never moves its clock to another epoch: everything happens in epoch 0 (what kit's confirmation reads
  // from here is the slot and the block height, which are equal).
  getEpochInfo: ({ ledger }, params) => {
    checkMinContextSlot(ledger, config(params, 0))
    return {
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: ledger.svm.getClock().epoch,
      slotIndex: ledger.slot,
      slotsInEpoch: ledger.svm.getEpochSchedule().slotsPerEpoch,
      transactionCount: null,
    }
  },

  getLatestBlockhash: ({ ledger }, params) => {
    checkMinContextSlot(ledger, config(params, 0))
    return withContext(ledger, {
      blockhash: ledger.latestBlockhash,
      lastValidBlockHeight: ledger.blockHeight + BLOCKHASH_LIFETIME,
    })
  },

  isBlockhashValid: ({ ledger }, params) => {
    const blockhash = param(params, 0)
    if (typeof blockhash !== 'string' || !isAddress(blockhash))
      throw invalidParams('blockhash must be a base58-encoded 32-byte hash')
    checkMinContextSlot(ledger, config(params, 1))
    return withContext(ledger, blockhash === ledger.latestBlockhash)
  },

  getBalance: ({ ledger }, params) => {
    const key = address(params, 0)
    checkMinContextSlot(ledger, config(params, 1))
    return withContext(ledger, ledger.lamportsOf(key))
  },

  getAccountInfo: ({ ledger }, params) => {
    const key = address(params, 0)
    const cfg = config(params, 1)
    checkMinContextSlot(ledger, cfg)
    return withContext(ledger, accountAt(ledger, key, cfg))
  },

  getMultipleAccounts: ({ ledger }, params) => {
    const keys = param(params, 0)
    if (!Array.isArray(keys) || keys.length > 100) throw invalidParams('expected an array of at most 100 addresses')
    const addresses = keys.map((_, i) => address(keys, i))
    const cfg = config(params, 1)
    checkMinContextSlot(ledger, cfg)
    return withContext(
      ledger,
      addresses.map((key) => accountAt(ledger, key, cfg)),
    )
  },

  getTokenAccountsByOwner: ({ ledger }, params) => {
    const owner = address(params, 0, 'owner')
    const filter = param(params, 1) as { mint?: unknown; programId?: unknown } | undefined
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter))
      throw invalidParams('the second argument must be {mint} or {programId}')
    const cfg = config(params, 2)
    checkMinContextSlot(ledger, cfg)
    let programs: Address[]
    let mint: Address | undefined
    if (filter.mint !== undefined && filter.programId === undefined) {
      mint = address([filter.mint], 0, 'mint')
      const mintAccount = ledger.svm.getAccount(mint)
      if (!mintAccount.exists || !isTokenProgram(mintAccount.programAddress))
        throw invalidParams('Invalid param: could not find mint')
      programs = [mintAccount.programAddress]
    } else if (filter.programId !== undefined && filter.mint === undefined) {
      const programId = address([filter.programId], 0, 'programId')
      if (!isTokenProgram(programId)) throw invalidParams('Invalid param: unrecognized Token program id')
      programs = [programId]
    } else throw invalidParams('the second argument must be {mint} or {programId}')
    const value = programs.flatMap((program) =>
      ledger.svm
        .getProgramAccounts(program)
        .filter((account) => {
          const token = parseTokenAccount(account.programAddress, account.data)
          return token !== undefined && token.owner === owner && (mint === undefined || token.mint === mint)
        })
        .map((account) => ({ pubkey: account.address, account: encodeAccount(ledger, account, cfg) })),
    )
    return withContext(ledger, value)
  },

  getTokenAccountBalance: ({ ledger }, params) => {
    const key = address(params, 0)
    checkMinContextSlot(ledger, config(params, 1))
    const account = ledger.svm.getAccount(key)
    const token = account.exists ? parseTokenAccount(account.programAddress, account.data) : undefined
    const decimals = token ? ledger.decimalsOf(token.mint) : undefined
    if (!token || decimals === undefined) throw invalidParams('Invalid param: not a Token account')
    return withContext(ledger, uiTokenAmount(token.amount, decimals))
  },

  getMinimumBalanceForRentExemption: ({ ledger }, params) => {
    const size = param(params, 0)
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0 || size > 10 * 1024 * 1024)
      throw invalidParams('the data length must be an integer from 0 to 10485760')
    return ledger.svm.minimumBalanceForRentExemption(BigInt(size))
  },

  sendTransaction: ({ ledger }, params) => {
    const cfg = config(params, 1)
    const decoded = decode(param(params, 0), cfg.encoding)
    checkMinContextSlot(ledger, cfg)
    if (cfg.skipPreflight !== true) {
      const simulated = ledger.simulate(decoded, { sigVerify: true })
      if (simulated.err === 'SignatureFailure')
        throw new SolanaRpcError(RPC_ERROR.signatureVerificationFailure, 'Transaction signature verification failure')
      if (simulated.err !== null)
        throw new SolanaRpcError(
          RPC_ERROR.sendTransactionPreflightFailure,
          `Transaction simulation failed: ${typeof simulated.err === 'string' ? simulated.err : JSON.stringify(simulated.err)}`,
          {
            accounts: null,
            err: simulated.err,
            innerInstructions: null,
            logs: simulated.logs,
            replacementBlockhash: null,
            returnData: simulated.returnData,
            unitsConsumed: simulated.unitsConsumed,
          },
        )
    }
    const { recorded } = ledger.execute(decoded)
    if (recorded) ledger.recordWire(recorded.signature, wireBytes(param(params, 0), cfg.encoding))
    // Like a validator, the signature is the answer whether or not the transaction lands.
    return decoded.signature
  },

  simulateTransaction: ({ ledger }, params) => {
    const cfg = config(params, 1)
    const decoded = decode(param(params, 0), cfg.encoding)
    checkMinContextSlot(ledger, cfg)
    const sigVerify = cfg.sigVerify === true
    const replaceRecentBlockhash = cfg.replaceRecentBlockhash === true
    if (sigVerify && replaceRecentBlockhash)
      throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    const accountsCfg = cfg.accounts as { addresses?: unknown; encoding?: unknown } | undefined
    const wanted =
      accountsCfg === undefined || accountsCfg === null
        ? undefined
        : Array.isArray(accountsCfg.addresses)
          ? accountsCfg.addresses.map((_, i) => address(accountsCfg.addresses as unknown[], i))
          : (() => {
              throw invalidParams('accounts must be {addresses, encoding?}')
            })()
    const simulated = ledger.simulate(decoded, { sigVerify, replaceRecentBlockhash })
    const accounts = wanted
      ? wanted.map((key) => {
          const post = simulated.postAccounts.find((a) => a.address === key)
          const account = post ?? ledger.svm.getAccount(key)
          return 'exists' in account && !account.exists
            ? null
            : encodeAccount(ledger, account as typeof post & object, {
                encoding: accountsCfg?.encoding ?? 'base64',
              })
        })
      : null
    return withContext(ledger, {
      err: simulated.err,
      logs: simulated.logs,
      accounts,
      unitsConsumed: simulated.unitsConsumed,
      returnData: simulated.returnData,
      innerInstructions: null,
      replacementBlockhash: replaceRecentBlockhash
        ? { blockhash: ledger.latestBlockhash, lastValidBlockHeight: ledger.blockHeight + BLOCKHASH_LIFETIME }
        : null,
    })
  },

  getSignatureStatuses: ({ ledger }, params) => {
    const list = param(params, 0)
    if (!Array.isArray(list) || list.length > 256) throw invalidParams('expected an array of at most 256 signatures')
    const signatures = list.map((s) => signatureParam(s))
    config(params, 1)
    return withContext(
      ledger,
      signatures.map((signature) => {
        const t = ledger.transaction(signature)
        return t
          ? { slot: t.slot, confirmations: null, err: t.err, status: statusOf(t), confirmationStatus: 'finalized' }
          : null
      }),
    )
  },

  getSignaturesForAddress: ({ ledger }, params) => {
    const key = address(params, 0)
    const cfg = config(params, 1)
    checkMinContextSlot(ledger, cfg)
    const limit = optionalInteger(cfg, 'limit', 1, 1000) ?? 1000
    const before = cfg.before === undefined || cfg.before === null ? undefined : signatureParam(cfg.before, 'before')
    const until = cfg.until === undefined || cfg.until === null ? undefined : signatureParam(cfg.until, 'until')
    let list = ledger.signaturesFor(key)
    if (before !== undefined) {
      const at = list.findIndex((t) => t.signature === before)
      list = at === -1 ? [] : list.slice(at + 1)
    }
    if (until !== undefined) {
      const at = list.findIndex((t) => t.signature === until)
      if (at !== -1) list = list.slice(0, at)
    }
    return list.slice(0, limit).map((t) => ({
      signature: t.signature,
      slot: t.slot,
      err: t.err,
      memo: null,
      blockTime: t.blockTime,
      confirmationStatus: 'finalized',
    }))
  },

  getTransaction: ({ ledger }, params) => {
    const signature = signatureParam(param(params, 0))
    const cfg = config(params, 1)
    const encoding = transactionEncoding(cfg)
    const maxVersion = optionalInteger(cfg, 'maxSupportedTransactionVersion', 0, 0)
    const t = ledger.transaction(signature)
    if (!t) return null
    const version = checkVersion(t, maxVersion)
    return {
      slot: t.slot,
      blockTime: t.blockTime,
      transaction: encodeTransaction(t, encoding),
      meta: metaJson(t),
      ...version,
    }
  },

  // Blocks: one per executed transaction (the stand-in's slots), final as soon as they exist. The slot in progress
  // (getSlot's answer) has no block yet, as on a validator the newest slot is not yet confirmed.
  getBlocks: ({ ledger }, params) => {
    const start = slotParam(params, 0, 'start slot')
    const second = param(params, 1)
    const end = typeof second === 'number' ? slotParam(params, 1, 'end slot') : ledger.slot
    config(params, typeof second === 'number' ? 2 : 1)
    if (end >= start && end - start > MAX_GET_BLOCKS_RANGE)
      throw invalidParams(`Slot range too large; max ${MAX_GET_BLOCKS_RANGE}`)
    return ledger.blockSlots(start, end, Number.MAX_SAFE_INTEGER)
  },

  getBlocksWithLimit: ({ ledger }, params) => {
    const start = slotParam(params, 0, 'start slot')
    const limit = param(params, 1)
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0 || limit > Number(MAX_GET_BLOCKS_RANGE))
      throw invalidParams(`limit must be an integer from 0 to ${MAX_GET_BLOCKS_RANGE}`)
    config(params, 2)
    return ledger.blockSlots(start, ledger.slot, limit)
  },

  getBlock: ({ ledger }, params) => {
    const slot = slotParam(params, 0, 'slot')
    const cfg = config(params, 1)
    const encoding = transactionEncoding(cfg)
    const details = cfg.transactionDetails ?? 'full'
    if (details !== 'full' && details !== 'signatures' && details !== 'none')
      throw invalidParams(`unsupported transactionDetails ${JSON.stringify(details)}; use full, signatures or none`)
    const maxVersion = optionalInteger(cfg, 'maxSupportedTransactionVersion', 0, 0)
    const block = ledger.block(slot)
    if (!block) {
      if (slot >= ledger.slot)
        throw new SolanaRpcError(RPC_ERROR.blockNotAvailable, `Block not available for slot ${slot}`)
      throw new SolanaRpcError(
        RPC_ERROR.slotSkipped,
        `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
      )
    }
    const t = block.transaction
    const version = details === 'full' ? checkVersion(t, maxVersion) : {}
    return {
      blockHeight: block.slot,
      blockTime: t.blockTime,
      blockhash: block.blockhash,
      parentSlot: block.parentSlot,
      previousBlockhash: block.previousBlockhash,
      ...(details === 'full'
        ? { transactions: [{ transaction: encodeTransaction(t, encoding), meta: metaJson(t), ...version }] }
        : details === 'signatures'
          ? { signatures: [t.signature] }
          : {}),
      ...(cfg.rewards === false ? {} : { rewards: [] }),
    }
  },
}

export const SOLANA_RPC_METHODS = Object.keys(METHODS)

/** Answers one JSON-RPC call's result, or throws a SolanaRpcError. */
export function callSolanaRpc(ctx: SolanaRpcContext, method: string, params: unknown): unknown {
  const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined
  if (!handler)
    throw new SolanaRpcError(
      RPC_ERROR.methodNotFound,
      `Method not found: ${method} (the Solana JSON-RPC stand-in answers ${SOLANA_RPC_METHODS.join(', ')})`,
    )
  if (params !== undefined && params !== null && !Array.isArray(params)) throw invalidParams('params must be an array')
  return handler(ctx, (params ?? []) as Params)
}

/**
 * The part of Solana's JSON-RPC that Foyer uses, answered from the stand-in's ledger (LiteSVM plus its recorded
 * history). Shapes follow Solana's JSON-RPC as `@solana/kit`'s `createSolanaRpc` reads it; integers go out as JSON
 * numbers of any size (kit reads them as bigints). Bad params are JSON-RPC errors (-32602), never exceptions out of
 * the server. This module holds the methods; reading params is `rpcParams.ts`, writing accounts and transactions
 * `rpcEncoding.ts`.
 */
import { type Address, isAddress } from '@solana/kit'
import { BLOCKHASH_LIFETIME, type SolanaLedger } from './ledger.ts'
import {
  checkVersion,
  encodeAccount,
  encodeTransaction,
  metaJson,
  statusOf,
  transactionEncoding,
} from './rpcEncoding.ts'
import {
  address,
  type Config,
  config,
  decode,
  invalidParams,
  optionalInteger,
  type Params,
  param,
  RPC_ERROR,
  SolanaRpcError,
  signatureParam,
  slotParam,
  wireBytes,
} from './rpcParams.ts'
import { SOLANA_STAND_IN_GENESIS_HASH } from './standInGenesis.ts'
import { isTokenProgram, parseTokenAccount, uiTokenAmount } from './tokens.ts'

/** The version the stand-in reports: the Solana JSON-RPC generation it imitates, marked as the stand-in. */
export const STAND_IN_VERSION = '2.3.0+litesvm-stand-in'

export interface SolanaRpcContext {
  ledger: SolanaLedger
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

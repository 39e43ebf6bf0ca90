/**
 * How the stand-in writes accounts and transactions in its answers: an account's data in base58, base64 or
 * jsonParsed (token accounts and mints), a recorded transaction as json, base64 or base58 with its meta, in the
 * shapes Solana's JSON-RPC uses.
 */
import { type Address, getBase58Decoder, getBase64Decoder, type ReadonlyUint8Array } from '@solana/kit'
import type { RecordedTransaction, SolanaLedger } from './ledger.ts'
import { type Config, invalidParams, RPC_ERROR, SolanaRpcError } from './rpcParams.ts'
import { isTokenProgram, jsonParsedTokenData } from './tokens.ts'

/** u64::MAX: what validators report as the rentEpoch of rent-exempt accounts. */
const RENT_EPOCH_EXEMPT = 18446744073709551615n
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

export function statusOf(t: RecordedTransaction) {
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

export function metaJson(t: RecordedTransaction) {
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
export function checkVersion(t: RecordedTransaction, maxVersion: number | undefined) {
  if (t.message.version !== 'legacy' && maxVersion === undefined)
    throw new SolanaRpcError(
      RPC_ERROR.unsupportedTransactionVersion,
      `Transaction version (${t.message.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0`,
    )
  return maxVersion !== undefined ? { version: t.message.version } : {}
}

type TransactionEncoding = 'json' | 'base64' | 'base58'

export function transactionEncoding(cfg: Config): TransactionEncoding {
  const encoding = cfg.encoding ?? 'json'
  if (encoding === 'json' || encoding === 'base64' || encoding === 'base58') return encoding
  throw invalidParams(`unsupported transaction encoding ${JSON.stringify(encoding)}; use json, base64 or base58`)
}

/** The transaction in the encoding asked for: json (the message's fields), base64 or base58 (the wire bytes). */
export function encodeTransaction(t: RecordedTransaction, encoding: TransactionEncoding) {
  if (encoding === 'json') return transactionJson(t)
  if (encoding === 'base64') return [getBase64Decoder().decode(t.wire), 'base64']
  return [getBase58Decoder().decode(t.wire), 'base58']
}

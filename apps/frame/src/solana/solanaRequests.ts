/**
 * The wallet's Solana methods (RPC_REQUEST): solana_signMessage, solana_signTransaction and
 * solana_signAndSendTransaction. Each request is parsed exactly (packages/embedded's solanaRequests.ts) and checked
 * (this wallet's account, a chain it knows, a transaction that decodes whole and asks for this account's signature)
 * before anything is shown; the person approves what the bytes say in plain words; only then is anything signed.
 * A chunk of its own: loaded on the first Solana request, never for an EVM-only site.
 */
import {
  FrameHostError,
  parseSolanaRequestParams,
  SchemaError,
  type SolanaRequestMethod,
  type SolanaRequestParams,
  type SolanaRequestResult,
} from '@foyer/embedded/host'
import {
  type Address,
  createSolanaRpc,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  partiallySignTransaction,
  signBytes,
  type Transaction,
} from '@solana/kit'
import { formatUnits, toHex } from 'viem'
import type { ApprovalDetails } from '../approval/approvalScreen.ts'
import { t } from '../screens.ts'
import {
  describeSolanaTransaction,
  hasHidingCharacter,
  type KnownMint,
  SOL_DECIMALS,
  type TokenAccountInfo,
  type TokenAccountLookup,
} from './describeTransaction.ts'
import type { SolanaKey } from './solanaKey.ts'

/** A Solana chain the wallet can sign for: its CAIP-2 id and name; its RPC (to send, to read token accounts) and known mints when configured. */
export type FrameSolanaChain = {
  id: string
  name: string
  rpcUrl?: string
  mints?: readonly KnownMint[]
}

/** The public clusters, known by their genesis hash; the server's configuration adds their RPC and the local chain. */
export const KNOWN_SOLANA_CLUSTERS: readonly FrameSolanaChain[] = [
  { id: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana' },
  { id: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', name: 'Solana Devnet' },
  { id: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', name: 'Solana Testnet' },
]

export type SolanaRequestContext = {
  /** The site's origin, shown as who asks. */
  site: string
  key: () => SolanaKey
  /** The chains the wallet signs for (a configured one wins over the same known cluster). */
  chains: () => readonly FrameSolanaChain[]
  /** Resolves when the person approved; throws `rejected` / `aborted` otherwise. */
  approve: (details: ApprovalDetails) => Promise<void>
}

/** How long a read the approval needs (token accounts) or a send may take. */
const RPC_TIMEOUT_MS = 10_000

const base58 = getBase58Decoder()
const base64 = getBase64Encoder()

export async function solanaRequest<method extends SolanaRequestMethod>(
  method: method,
  rawParams: unknown,
  context: SolanaRequestContext,
): Promise<SolanaRequestResult<method>> {
  let params: SolanaRequestParams<SolanaRequestMethod>
  try {
    params = parseSolanaRequestParams(method, rawParams)
  } catch (error) {
    if (error instanceof SchemaError) throw new FrameHostError('invalid_request', `${method}: ${error.message}`)
    throw error
  }
  const key = context.key()
  if (params.account !== key.address) throw new FrameHostError('rpc_error', 'Unknown account', { rpcCode: 4100 })
  if (method === 'solana_signMessage')
    return (await signMessage(params as SolanaRequestParams<'solana_signMessage'>, key, context)) as never
  return (await transaction(
    method as 'solana_signTransaction' | 'solana_signAndSendTransaction',
    params as SolanaRequestParams<'solana_signAndSendTransaction'>,
    key,
    context,
  )) as never
}

async function signMessage(
  params: SolanaRequestParams<'solana_signMessage'>,
  key: SolanaKey,
  context: SolanaRequestContext,
): Promise<SolanaRequestResult<'solana_signMessage'>> {
  const message = Uint8Array.from(base64.encode(params.message))
  // A message that is a whole transaction message would let a site pass a transaction off as text.
  if (isTransactionMessage(message))
    throw new FrameHostError(
      'invalid_request',
      'solana_signMessage: this message is a transaction; use solana_signTransaction',
    )
  await context.approve({
    title: 'frame.signMessage',
    site: context.site,
    rows: [['frame.account', key.address]],
    body: messageText(message),
  })
  return { signature: base58.decode(await signBytes(key.keyPair.privateKey, message)) }
}

function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    return getCompiledTransactionMessageDecoder().read(bytes, 0)[1] === bytes.length
  } catch {
    return false
  }
}

/** The message as text when it is readable text (no characters that hide others), else its hex. */
function messageText(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (!hasHidingCharacter(text)) return text
  } catch {
    // not UTF-8
  }
  return toHex(bytes)
}

function findChain(id: string, context: SolanaRequestContext): FrameSolanaChain {
  const chain = context.chains().find((c) => c.id === id) ?? KNOWN_SOLANA_CLUSTERS.find((c) => c.id === id)
  if (!chain) throw new FrameHostError('rpc_error', `Chain ${id} is not available in this wallet`, { rpcCode: 4902 })
  return chain
}

function decodeTransaction(wire: string): Transaction {
  const bytes = Uint8Array.from(base64.encode(wire))
  try {
    const [transaction, end] = getTransactionDecoder().read(bytes, 0)
    if (end !== bytes.length) throw new Error('trailing bytes')
    // The signatures' addresses come from the message: decoding it whole proves it is one.
    if (getCompiledTransactionMessageDecoder().read(transaction.messageBytes, 0)[1] !== transaction.messageBytes.length)
      throw new Error('trailing message bytes')
    return transaction
  } catch {
    throw new FrameHostError('invalid_request', 'The transaction could not be decoded')
  }
}

async function transaction(
  method: 'solana_signTransaction' | 'solana_signAndSendTransaction',
  params: SolanaRequestParams<'solana_signAndSendTransaction'>,
  key: SolanaKey,
  context: SolanaRequestContext,
): Promise<SolanaRequestResult<'solana_signTransaction'> | SolanaRequestResult<'solana_signAndSendTransaction'>> {
  const chain = findChain(params.chain, context)
  const sends = method === 'solana_signAndSendTransaction'
  if (sends && !chain.rpcUrl)
    throw new FrameHostError('unsupported', `This wallet cannot send on ${chain.name}: no RPC is configured for it`)
  const decoded = decodeTransaction(params.transaction)
  if (!Object.hasOwn(decoded.signatures, key.address))
    throw new FrameHostError('invalid_request', 'This transaction does not ask this account to sign')
  if (sends) {
    const missing = Object.entries(decoded.signatures).some(([signer, sig]) => signer !== key.address && !sig)
    if (missing) throw new FrameHostError('invalid_request', 'Other signers have not signed this transaction yet')
  }

  const rpc = chain.rpcUrl ? createSolanaRpc(chain.rpcUrl) : undefined
  const description = await describeSolanaTransaction(Uint8Array.from(decoded.messageBytes), {
    wallet: key.address,
    mints: chain.mints,
    ...(rpc ? { lookup: tokenAccountLookup(rpc) } : {}),
  })
  const fee =
    description.feePayer === key.address
      ? `${formatUnits(description.fee, SOL_DECIMALS)} SOL`
      : t('frame.solanaFeePaidBy', { payer: description.feePayer })
  const rows: ApprovalDetails['rows'] = [
    ['frame.network', chain.name],
    ['frame.account', key.address],
    [description.feeHasPriority ? 'frame.maxNetworkFee' : 'frame.networkFee', fee],
    ...description.unknownPrograms.map((program): ['frame.program', string] => ['frame.program', program]),
  ]
  const summary: NonNullable<ApprovalDetails['summary']> = [...description.lines]
  if (description.unknown) summary.push({ key: 'frame.solanaUnknown', parameters: {} })
  await context.approve({
    title: sends ? 'frame.sendTransaction' : 'frame.signTransaction',
    site: context.site,
    rows,
    summary,
  })

  const signed = await partiallySignTransaction([key.keyPair], decoded)
  const signature = base58.decode(signed.signatures[key.address]!)
  const wire = getBase64EncodedWireTransaction(signed)
  if (!sends) return { signature, transaction: wire }
  const options = params.options ?? {}
  try {
    await rpc!
      .sendTransaction(wire, {
        encoding: 'base64',
        ...(options.skipPreflight !== undefined ? { skipPreflight: options.skipPreflight } : {}),
        ...(options.preflightCommitment ? { preflightCommitment: options.preflightCommitment } : {}),
        ...(options.maxRetries !== undefined ? { maxRetries: BigInt(options.maxRetries) } : {}),
        ...(options.minContextSlot !== undefined ? { minContextSlot: BigInt(options.minContextSlot) } : {}),
      })
      .send({ abortSignal: AbortSignal.timeout(RPC_TIMEOUT_MS) })
  } catch (error) {
    const e = error as { message?: string; context?: { __code?: number } }
    throw new FrameHostError('rpc_error', (e.message ?? 'The transaction was not sent').slice(0, 400), {
      rpcCode: typeof e.context?.__code === 'number' ? e.context.__code : -32603,
    })
  }
  return { signature }
}

type JsonParsedTokenAccount = {
  parsed?: { type?: string; info?: { mint?: string; owner?: string; tokenAmount?: { decimals?: number } } }
}

/** Token accounts as the chain's RPC reports them (jsonParsed); an account that is no token account is left out. */
function tokenAccountLookup(rpc: ReturnType<typeof createSolanaRpc>): TokenAccountLookup {
  return async (addresses) => {
    const { value } = await rpc
      .getMultipleAccounts(addresses, { encoding: 'jsonParsed' })
      .send({ abortSignal: AbortSignal.timeout(RPC_TIMEOUT_MS) })
    const found = new Map<Address, TokenAccountInfo>()
    value.forEach((account, i) => {
      const data = account?.data as JsonParsedTokenAccount | undefined
      const info = data?.parsed?.type === 'account' ? data.parsed.info : undefined
      const decimals = info?.tokenAmount?.decimals
      if (info?.mint && info.owner && typeof decimals === 'number')
        found.set(addresses[i]!, { mint: info.mint as Address, owner: info.owner as Address, decimals })
    })
    return found
  }
}

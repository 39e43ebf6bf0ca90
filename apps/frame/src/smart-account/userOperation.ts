/**
 * The smart account's calls as ERC-4337 user operations: the wallet's own key, delegated (EIP-7702) to
 * Simple7702Account, so the account's address is the key's. `prepareCalls` asks the bundler for the gas (the
 * account's first operation carries the delegation; until it is signed a placeholder stands in for estimation),
 * then, once the person approved, `submit` signs the authorization and the operation and hands it to the bundler.
 * Every step that waits on the bundler has a deadline: a bundler that is down or slow ends in a clear `-32002`
 * error, never a request that hangs.
 */
import { type EmbeddedSmartAccountSupport, PAYMASTER_RPC_ERRORS, type SponsorshipRefusal } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import {
  type Address,
  BaseError,
  type Chain,
  type Client,
  createPublicClient,
  type Hex,
  HttpRequestError,
  hexToBigInt,
  http,
  type PrivateKeyAccount,
  type PublicClient,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  formatUserOperationRequest,
  toSimple7702SmartAccount,
  type UserOperation,
  UserOperationReceiptNotFoundError,
  WaitForUserOperationReceiptTimeoutError,
} from 'viem/account-abstraction'
import { delegationDesignator } from './delegation.ts'
import { BUNDLER_DEADLINE_MS, type SmartAccountCall } from './support.ts'

const unreachable = (what: string) =>
  new FrameHostError('rpc_error', `The bundler ${what}: the operation was not sent`, { rpcCode: -32002 })

/** A bundler or chain error as the site sees it: `-32002` when it did not answer, else its short message. */
export function bundlerError(error: unknown, fallback = 'The user operation failed'): FrameHostError {
  if (error instanceof FrameHostError) return error
  if (error instanceof BaseError) {
    const slow = error.walk((e) => e instanceof TimeoutError || e instanceof WaitForUserOperationReceiptTimeoutError)
    if (slow) return new FrameHostError('rpc_error', 'The bundler did not answer in time', { rpcCode: -32002 })
    if (error.walk((e) => e instanceof HttpRequestError)) return unreachable('is not reachable')
    return new FrameHostError('rpc_error', error.shortMessage || fallback, { rpcCode: -32603 })
  }
  return new FrameHostError('rpc_error', fallback, { rpcCode: -32603 })
}

/** Rejects with the `-32002` error once `ms` passed (a step with no deadline of its own: the chain's node). */
function withDeadline<value>(task: Promise<value>, ms: number): Promise<value> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new FrameHostError('rpc_error', 'The bundler did not answer in time', { rpcCode: -32002 })),
      ms,
    )
  })
  return Promise.race([task, late]).finally(() => clearTimeout(timer))
}

/** The project's paymaster service for the signed-in person (`POST /v1/embedded/paymaster`, ERC-7677). */
export type SponsorEndpoint = { url: string; headers: Record<string, string> }

export type SmartAccountContext = {
  chain: Chain
  support: EmbeddedSmartAccountSupport
  owner: PrivateKeyAccount
  deadlineMs?: number
  /** When set, the site pays the gas: the operation carries its paymaster's signed fields. */
  sponsor?: SponsorEndpoint
}

type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
type GasPriceQuote = { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }

/**
 * The bundler's own price (`pimlico_getUserOperationGasPrice`, the "standard" tier), or undefined when it answered
 * the request with an error (a plain ERC-4337 bundler has no such method: "method not found", or an HTTP error
 * status). A bundler that does not answer at all is an error, as it would be at the gas estimate.
 */
async function bundlerQuote(bundler: Client): Promise<Fees | undefined> {
  try {
    const { standard } = (await bundler.request(
      { method: 'pimlico_getUserOperationGasPrice' as never, params: [] as never },
      { retryCount: 0 },
    )) as { standard: GasPriceQuote }
    return {
      maxFeePerGas: hexToBigInt(standard.maxFeePerGas),
      maxPriorityFeePerGas: hexToBigInt(standard.maxPriorityFeePerGas),
    }
  } catch (error) {
    const answered =
      error instanceof BaseError &&
      error.walk((e) => e instanceof RpcRequestError || (e instanceof HttpRequestError && e.status !== undefined))
    if (answered) return undefined
    throw error
  }
}

/**
 * The operation's fees, priced from the chain without compounding. viem's default takes the node's suggestion and
 * offers twice both fees; a bundler that pays the offered tip in its bundle transaction then makes the next
 * suggestion twice the last, so on a chain where nothing else is mined (anvil) each operation cost twice the one
 * before. Instead:
 * - the tip is what the bundler asks for (alto refuses an operation whose fees are under the lowest of its own
 *   prices of the last 20 s, and quotes its current price with `pimlico_getUserOperationGasPrice`), else the node's
 *   `eth_maxPriorityFeePerGas`, as it is: offering the bundler's own price, its bundle pays no more than that;
 * - the most per gas is twice the latest block's base fee plus that tip (at least the bundler's quote): room for
 *   the base fee to rise for several full blocks while the person decides. What the account pays is the base fee
 *   at inclusion plus the tip; the headroom only raises the most cost shown and the funds the account must hold.
 */
async function operationFees(client: PublicClient, bundler: Client): Promise<Fees> {
  const [block, quote] = await Promise.all([client.getBlock({ blockTag: 'latest' }), bundlerQuote(bundler)])
  const maxPriorityFeePerGas = quote?.maxPriorityFeePerGas ?? (await client.estimateMaxPriorityFeePerGas())
  const headroom = 2n * (block.baseFeePerGas ?? 0n) + maxPriorityFeePerGas
  const quoted = quote?.maxFeePerGas ?? 0n
  return { maxFeePerGas: headroom > quoted ? headroom : quoted, maxPriorityFeePerGas }
}

export function bundlerFor({ chain, support, sponsor, deadlineMs = BUNDLER_DEADLINE_MS }: SmartAccountContext) {
  const client = createPublicClient({ chain, transport: http(undefined, { timeout: deadlineMs, retryCount: 0 }) })
  const paymaster = sponsor
    ? createPaymasterClient({
        transport: http(sponsor.url, {
          timeout: deadlineMs,
          retryCount: 0,
          fetchOptions: { headers: sponsor.headers },
        }),
      })
    : undefined
  const bundler = createBundlerClient({
    client,
    chain,
    transport: http(support.bundlerUrl, { timeout: deadlineMs, retryCount: 0 }),
    ...(paymaster ? { paymaster } : {}),
    userOperation: { estimateFeesPerGas: ({ bundlerClient }) => operationFees(client, bundlerClient) },
  })
  return { client, bundler }
}

/** Why the site's paymaster refused the operation (its JSON-RPC error's `data.reason`), if that is what `error` is. */
export function sponsorshipRefusal(error: unknown): SponsorshipRefusal | undefined {
  if (!(error instanceof BaseError)) return undefined
  const refusal = error.walk(
    (e) => e instanceof RpcRequestError && e.code === PAYMASTER_RPC_ERRORS.sponsorshipRefused,
  ) as RpcRequestError | null
  const reason = (refusal?.data as { reason?: unknown } | undefined)?.reason
  return typeof reason === 'string' ? (reason as SponsorshipRefusal) : undefined
}

export type PreparedCalls = {
  /** The most the operation can cost the account, in wei (gas limits × max fee per gas). */
  maxCost: bigint
  /** True when this operation also delegates the key to the smart account (its first). */
  delegates: boolean
  /** True when the site's paymaster pays the gas (the account pays nothing). */
  sponsored: boolean
  /** Signs and sends; answers the operation's hash. */
  submit(): Promise<Hex>
}

export async function prepareCalls(context: SmartAccountContext, calls: SmartAccountCall[]): Promise<PreparedCalls> {
  const { chain, support, owner, deadlineMs = BUNDLER_DEADLINE_MS } = context
  const { client, bundler } = bundlerFor(context)
  // Code that is not our delegation (a contract, or a delegation to another implementation made elsewhere) would
  // run in place of Simple7702Account: refuse rather than sign for it.
  let code: Hex | undefined
  try {
    code = await withDeadline(client.getCode({ address: owner.address }), deadlineMs)
  } catch (error) {
    throw bundlerError(error, 'The chain could not be read')
  }
  if (code && code !== '0x' && code.toLowerCase() !== delegationDesignator(support.implementation))
    throw new FrameHostError('unsupported', 'This account already delegates to another contract')
  const account = await toSimple7702SmartAccount({
    client,
    owner,
    implementation: support.implementation as Address,
  })
  let operation: UserOperation<'0.8'>
  try {
    // Without an authorization viem puts a placeholder in for an account not delegated yet (for the estimate).
    operation = (await withDeadline(
      bundler.prepareUserOperation({ account, calls }),
      deadlineMs,
    )) as unknown as UserOperation<'0.8'>
  } catch (error) {
    // A refusal of the site's paymaster is the caller's to handle (it may pay the gas itself instead).
    if (sponsorshipRefusal(error)) throw error
    throw bundlerError(error, 'The user operation could not be prepared')
  }
  const gas =
    operation.preVerificationGas +
    operation.verificationGasLimit +
    operation.callGasLimit +
    (operation.paymasterVerificationGasLimit ?? 0n) +
    (operation.paymasterPostOpGasLimit ?? 0n)
  const placeholder = operation.authorization
  return {
    maxCost: gas * operation.maxFeePerGas,
    delegates: Boolean(placeholder),
    sponsored: Boolean(context.sponsor && operation.paymaster),
    async submit() {
      try {
        const authorization = placeholder
          ? await owner.signAuthorization({
              chainId: chain.id,
              address: support.implementation as Address,
              nonce: placeholder.nonce,
            })
          : undefined
        const signed = { ...operation, ...(authorization ? { authorization } : {}) }
        const signature = await account.signUserOperation(signed)
        return await withDeadline(
          bundler.request(
            {
              method: 'eth_sendUserOperation',
              params: [formatUserOperationRequest({ ...signed, signature }), account.entryPoint.address],
            },
            { retryCount: 0 },
          ),
          deadlineMs,
        )
      } catch (error) {
        throw bundlerError(error, 'The bundler refused the user operation')
      }
    },
  }
}

/** Waits (up to the deadline) for the operation to land; answers the transaction that carried it. */
export async function waitForOperation(
  bundler: BundlerClient,
  hash: Hex,
  deadlineMs = BUNDLER_DEADLINE_MS,
): Promise<{ transactionHash: Hex; success: boolean }> {
  try {
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: deadlineMs, pollingInterval: 250 })
    return { transactionHash: receipt.receipt.transactionHash, success: receipt.success }
  } catch (error) {
    throw bundlerError(error)
  }
}

/** The operation's receipt, or undefined while it is pending. */
export async function operationReceipt(bundler: BundlerClient, hash: Hex) {
  try {
    return await bundler.getUserOperationReceipt({ hash })
  } catch (error) {
    if (error instanceof BaseError && error.walk((e) => e instanceof UserOperationReceiptNotFoundError))
      return undefined
    throw bundlerError(error)
  }
}

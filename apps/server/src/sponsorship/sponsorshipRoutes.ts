import { PAYMASTER_RPC_ERRORS, type PaymasterRpcResponse, type ProjectSponsorship, routes } from '@foyer/core/protocol'
import type { MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import type { Hex } from 'viem'
import { formatUserOperation, type UserOperation } from 'viem/account-abstraction'
import type { FoyerApp } from '../app.ts'
import type { ServerConfig } from '../config.ts'
import { readJsonBody } from '../http/body.ts'
import type { AppEnv } from '../http/context.ts'
import { route } from '../http/route.ts'
import type { Logger } from '../log.ts'
import { silentLogger } from '../log.ts'
import type { Project } from '../projects/model.ts'
import { callTargets } from './operationCalls.ts'
import {
  invalidParams,
  isPaymasterMethod,
  PaymasterParamsSchema,
  type RpcId,
  RpcRequestSchema,
  type RpcUserOperationInput,
  rpcError,
  SponsorshipRefused,
  toHexQuantity,
} from './paymasterRpc.ts'
import {
  PAYMASTER_POST_OP_GAS_LIMIT,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  signSponsorship,
  stubFields,
} from './paymasterSigner.ts'
import type { SponsorshipPolicy } from './sponsorshipPolicy.ts'
import { type SponsorshipStore, utcDay } from './sponsorshipStore.ts'

export interface PaymasterServiceDeps {
  config: ServerConfig
  store: SponsorshipStore
  logger?: Logger
  /** Milliseconds since 1970 (tests move the clock). */
  now?: () => number
}

/**
 * The chains on which `project` is sponsored by this server: those of its policy that this server serves and has a
 * paymaster on, when it has the paymasters' signer. What `GET /v1/project` answers as `sponsorship`.
 */
export function sponsoredChains(project: Pick<Project, 'sponsorship'>, config: ServerConfig): ProjectSponsorship {
  const policy = project.sponsorship
  if (!policy || !config.sponsorship.signerKey) return { chains: [], contracts: [] }
  const served = new Set(config.chains.map((chain) => chain.id))
  return {
    chains: policy.chains.filter((id) => served.has(id) && config.sponsorship.paymasters.has(id)),
    // The policy's own list, lower-case: every call of a sponsored operation must target one (none: nothing is).
    contracts: [...policy.contracts],
  }
}

/**
 * `POST /v1/paymaster?projectId=…`: the project's paymaster service, ERC-7677 over JSON-RPC 2.0.
 * - `pm_getPaymasterStubData` → the paymaster's fields for gas estimates (a signature that recovers no one);
 * - `pm_getPaymasterData` → the fields signed, once the operation's gas fields are final; each counts one operation
 *   and its most gas cost against the account's day (one statement: sponsorshipStore.ts).
 * Both check the project's policy first: a refusal is JSON-RPC error `-32001` whose `data.reason` says why.
 */
export function registerSponsorshipRoutes(
  app: FoyerApp,
  { project, service }: { project: MiddlewareHandler<AppEnv>; service: PaymasterService },
) {
  route(
    app,
    routes.paymaster,
    project,
    async (c): Promise<PaymasterRpcResponse> => service(c.get('project'), await readJsonBody(c, { require: true })),
  )
}

/** Answers one ERC-7677 JSON-RPC request body for a project: what `POST /v1/paymaster` and the frame's route share. */
export type PaymasterService = (project: Project, body: unknown) => Promise<PaymasterRpcResponse>

/**
 * The paymaster service: the request read, the project's policy checked, the day's limits counted (one statement,
 * sponsorshipStore.ts) and the fields signed. The routes only say which project asks.
 */
export function createPaymasterService(deps: PaymasterServiceDeps): PaymasterService {
  const { config, store } = deps
  const logger = deps.logger ?? silentLogger
  const now = deps.now ?? (() => Date.now())

  return async (p: Project, body: unknown): Promise<PaymasterRpcResponse> => {
    const envelope = v.safeParse(RpcRequestSchema, body)
    if (!envelope.success) {
      const id = typeof body === 'object' && body !== null && 'id' in body ? (body.id as RpcId) : null
      return rpcError(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        PAYMASTER_RPC_ERRORS.invalidRequest,
        Array.isArray(body)
          ? 'Invalid request: batches are not served; send one request object'
          : 'Invalid request: expected {"jsonrpc":"2.0","id":…,"method":…,"params":[…]}',
      )
    }
    const { id, method } = envelope.output
    if (!isPaymasterMethod(method))
      return rpcError(
        id,
        PAYMASTER_RPC_ERRORS.methodNotFound,
        `Method not found: ${method.slice(0, 64)} (this endpoint serves pm_getPaymasterStubData and pm_getPaymasterData)`,
      )
    const params = v.safeParse(PaymasterParamsSchema, envelope.output.params)
    if (!params.success) return invalidParams(id, params.issues)
    const [rpcOperation, , chainId] = params.output
    try {
      const { policy, paymaster } = allowed(p, chainId, rpcOperation)
      const key = { projectId: p.id, chainId, account: rpcOperation.sender, day: utcDay(now()) }
      const nowSeconds = Math.floor(now() / 1000)
      if (method === 'pm_getPaymasterStubData') {
        // Read-only: an account out of operations hears it before it estimates, not after.
        const used = await store.usage(key)
        if (used.operations >= policy.maxOperationsPerAccountPerDay) throw operationsExceeded(policy, used.operations)
        const stub = stubFields(paymaster)
        return {
          jsonrpc: '2.0',
          id,
          result: {
            sponsor: { name: p.name },
            paymaster: stub.paymaster,
            paymasterData: stub.paymasterData,
            paymasterVerificationGasLimit: toHexQuantity(stub.paymasterVerificationGasLimit),
            paymasterPostOpGasLimit: toHexQuantity(stub.paymasterPostOpGasLimit),
            isFinal: false,
          },
        }
      }
      const missing = (
        ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const
      ).filter((field) => rpcOperation[field] === undefined)
      if (missing.length > 0)
        return rpcError(
          id,
          PAYMASTER_RPC_ERRORS.invalidParams,
          `Invalid params: pm_getPaymasterData needs the operation's final gas fields (${missing.join(', ')} missing)`,
        )
      const operation = formatUserOperation(
        rpcOperation as Parameters<typeof formatUserOperation>[0],
      ) as UserOperation<'0.8'>
      const paymasterVerificationGasLimit = operation.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS_LIMIT
      const paymasterPostOpGasLimit = operation.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS_LIMIT
      const maxCost =
        (operation.verificationGasLimit +
          operation.callGasLimit +
          operation.preVerificationGas +
          paymasterVerificationGasLimit +
          paymasterPostOpGasLimit) *
        operation.maxFeePerGas
      const maxGasWei = BigInt(policy.maxGasWeiPerAccountPerDay)
      if (maxCost > maxGasWei) throw gasExceeded(policy, chainId, maxCost, 0n)
      // Signed first, counted after: nothing is counted for an operation that is not signed.
      const fields = await signSponsorship(
        config.sponsorship.signerKey!,
        chainId,
        paymaster,
        { ...operation, paymasterVerificationGasLimit, paymasterPostOpGasLimit },
        nowSeconds,
      )
      const grant = await store.grant(key, maxCost, {
        maxOperations: policy.maxOperationsPerAccountPerDay,
        maxGasWei,
      })
      if (!grant.granted) {
        if (grant.reason === 'daily_operations_exceeded') throw operationsExceeded(policy, grant.operations)
        throw gasExceeded(policy, chainId, maxCost, grant.gasWei)
      }
      logger.info('sponsorship granted', {
        project: p.id,
        chainId,
        account: key.account.toLowerCase(),
        operationsToday: grant.operations,
      })
      return {
        jsonrpc: '2.0',
        id,
        result: {
          paymaster: fields.paymaster,
          paymasterData: fields.paymasterData,
          paymasterVerificationGasLimit: toHexQuantity(fields.paymasterVerificationGasLimit),
          paymasterPostOpGasLimit: toHexQuantity(fields.paymasterPostOpGasLimit),
        },
      }
    } catch (error) {
      if (error instanceof SponsorshipRefused)
        return rpcError(id, PAYMASTER_RPC_ERRORS.sponsorshipRefused, error.message, {
          reason: error.reason,
          ...error.details,
        })
      throw error
    }
  }

  /** The policy, paymaster and chain for `operation` on `chainId`, or the refusal that says why not. */
  function allowed(p: Project, chainId: number, operation: RpcUserOperationInput) {
    const policy = p.sponsorship
    if (!policy) throw new SponsorshipRefused('sponsorship_disabled', `Project "${p.id}" sponsors no gas`)
    if (!config.sponsorship.signerKey)
      throw new SponsorshipRefused('sponsorship_disabled', 'This server has no paymaster signer: it sponsors no gas')
    const paymaster = config.sponsorship.paymasters.get(chainId)
    const chain = config.chains.find((candidate) => candidate.id === chainId)
    if (!policy.chains.includes(chainId) || !paymaster || !chain)
      throw new SponsorshipRefused('chain_not_sponsored', `Gas on chain ${chainId} is not sponsored by this project`, {
        chainId,
      })
    const targets = callTargets(operation.callData as Hex)
    if (!targets)
      throw new SponsorshipRefused(
        'contract_not_sponsored',
        'Only an account’s execute or executeBatch to the project’s contracts is sponsored; this call data is neither',
        { chainId },
      )
    if (targets.length === 0)
      throw new SponsorshipRefused('contract_not_sponsored', 'This operation calls no contract; nothing to sponsor', {
        chainId,
      })
    const outside = targets.find((target) => !policy.contracts.includes(target))
    if (outside)
      throw new SponsorshipRefused('contract_not_sponsored', `Calls to ${outside} are not sponsored by this project`, {
        chainId,
        target: outside,
      })
    return { policy, paymaster }
  }
}

function gasExceeded(policy: SponsorshipPolicy, chainId: number, maxCost: bigint, used: bigint) {
  return new SponsorshipRefused(
    'daily_gas_exceeded',
    `This operation may cost up to ${maxCost} wei of gas; with the ${used} wei sponsored today, this account would pass its ${policy.maxGasWeiPerAccountPerDay} wei for the day (UTC)`,
    { chainId, limit: policy.maxGasWeiPerAccountPerDay, used: used.toString() },
  )
}

function operationsExceeded(policy: SponsorshipPolicy, used: number) {
  return new SponsorshipRefused(
    'daily_operations_exceeded',
    `This account has had its ${policy.maxOperationsPerAccountPerDay} sponsored operations for the day (UTC)`,
    { limit: policy.maxOperationsPerAccountPerDay, used },
  )
}

import type { Context, MiddlewareHandler } from 'hono'
import { getAddress } from 'viem'
import type { FoyerApp } from '../app.ts'
import type { Address, ServerConfig } from '../config.ts'
import type { AppEnv } from '../http/context.ts'
import { badRequest, forbidden, type Issue, invalidRequest } from '../http/errors.ts'
import { classifyChainError } from '../http/upstreamErrors.ts'
import { effectiveFeatures, isPlainObject } from '../projects/model.ts'
import { type ConvertChain, convertChainsFrom } from './convertChains.ts'
import { buildApprove, buildSwap, MAX_UINT256, quoteSwap, readAllowance, readGasPrices } from './convertService.ts'

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
const AMOUNT_RE = /^[0-9]{1,78}$/
/** The largest slippage the API builds with, in percent. */
export const MAX_SLIPPAGE_PERCENT = 50

/**
 * The convert (swap) API over Uniswap-V2-compatible routers, one per chain:
 * tokens, quotes, allowance, gas-price, build-approve and build-transaction. Token ids are CAIP-10
 * (`eip155:31337:0x…`); the native currency is `NATIVE_TOKEN_ADDRESS_EVM`. Amounts are integer strings in the
 * token's smallest unit. Projects with `features.swaps: false` get 403 `feature_disabled`.
 */
export function registerConvertRoutes(
  app: FoyerApp,
  { config, project }: { config: ServerConfig; project: MiddlewareHandler<AppEnv> },
) {
  const chains = convertChainsFrom(config.chains)
  const swapsEnabled: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!effectiveFeatures(c.get('project').features).swaps)
      throw forbidden('feature_disabled', 'Swaps are switched off for this project')
    await next()
  }
  const chainOf = (chainId: number): ConvertChain => {
    const chain = chains.get(chainId)
    if (!chain) throw badRequest('unsupported_chain', `Chain ${chainId} has no swap router configured on this server`)
    return chain
  }

  app.get('/v1/convert/tokens', project, swapsEnabled, (c) => {
    const issues: Issue[] = []
    const chainId = parseChainId(c.req.query('chainId'), 'chainId', issues)
    if (issues.length) throw invalidRequest(issues)
    const chain = chainOf(chainId!)
    return c.json({
      tokens: chain.tokens.map((token) => ({
        name: token.name,
        symbol: token.symbol,
        address: `eip155:${chain.chainId}:${token.address}`,
        decimals: token.decimals,
        logoUri: null,
      })),
    })
  })

  app.get(
    '/v1/convert/quotes',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const issues: Issue[] = []
      const from = parseTokenId(c.req.query('from'), 'from', issues)
      const to = parseTokenId(c.req.query('to'), 'to', issues)
      const amount = parseAmount(c.req.query('amount'), 'amount', issues)
      const user = optionalAccount(c, 'userAddress', issues)
      const gasPrice = c.req.query('gasPrice')
      if (gasPrice !== undefined && gasPrice !== '' && !AMOUNT_RE.test(gasPrice))
        issues.push({ path: 'gasPrice', message: 'must be an integer amount of wei' })
      sameChain(from, to, user, issues)
      if (issues.length) throw invalidRequest(issues)
      const chain = chainOf(from!.chainId)
      const quote = await quoteSwap(chain, from!.address, to!.address, amount!)
      return c.json({
        quotes: [
          {
            fromAmount: quote.fromAmount.toString(),
            fromAccount: c.req.query('from'),
            toAmount: quote.toAmount.toString(),
            toAccount: c.req.query('to'),
            path: quote.path.map((address) => `eip155:${chain.chainId}:${address}`),
            priceImpact: quote.priceImpact,
          },
        ],
      })
    }),
  )

  app.get(
    '/v1/convert/allowance',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const issues: Issue[] = []
      const token = parseTokenId(c.req.query('tokenAddress'), 'tokenAddress', issues)
      const user = parseAccount(c.req.query('userAddress'), 'userAddress', issues)
      sameChain(token, undefined, user, issues)
      if (issues.length) throw invalidRequest(issues)
      const chain = chainOf(token!.chainId)
      return c.json({ allowance: (await readAllowance(chain, token!.address, user!.address)).toString() })
    }),
  )

  app.get(
    '/v1/convert/gas-price',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const issues: Issue[] = []
      const chainId = parseChainId(c.req.query('chainId'), 'chainId', issues)
      if (issues.length) throw invalidRequest(issues)
      const prices = await readGasPrices(chainOf(chainId!))
      return c.json({
        standard: prices.standard.toString(),
        fast: prices.fast.toString(),
        instant: prices.instant.toString(),
      })
    }),
  )

  app.get(
    '/v1/convert/build-approve',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const issues: Issue[] = []
      const from = parseTokenId(c.req.query('from'), 'from', issues)
      const to = parseTokenId(c.req.query('to'), 'to', issues)
      const user = parseAccount(c.req.query('userAddress'), 'userAddress', issues)
      const rawAmount = c.req.query('amount')
      const amount =
        rawAmount === undefined || rawAmount === '' ? MAX_UINT256 : parseAmount(rawAmount, 'amount', issues)
      sameChain(from, to, user, issues)
      if (issues.length) throw invalidRequest(issues)
      const chain = chainOf(from!.chainId)
      const tx = await buildApprove(chain, from!.address, user!.address, amount!)
      return c.json({ tx: transactionJson(chain, tx) })
    }),
  )

  app.post(
    '/v1/convert/build-transaction',
    project,
    swapsEnabled,
    chainErrors(async (c) => {
      const body = c.get('body')
      if (!isPlainObject(body))
        throw invalidRequest([
          { path: '', message: 'send a JSON object {amount, eip155: {slippage}, from, to, userAddress}' },
        ])
      const issues: Issue[] = []
      const from = parseTokenId(body.from, 'from', issues)
      const to = parseTokenId(body.to, 'to', issues)
      const amount = parseAmount(body.amount, 'amount', issues)
      const user = parseAccount(body.userAddress, 'userAddress', issues)
      const eip155 = body.eip155
      const slippage = isPlainObject(eip155) ? Number(eip155.slippage) : NaN
      if (!Number.isFinite(slippage) || slippage < 0 || slippage > MAX_SLIPPAGE_PERCENT) {
        issues.push({ path: 'eip155.slippage', message: `must be a percentage from 0 to ${MAX_SLIPPAGE_PERCENT}` })
      }
      sameChain(from, to, user, issues)
      if (issues.length) throw invalidRequest(issues)
      const chain = chainOf(from!.chainId)
      const built = await buildSwap(chain, {
        from: from!.address,
        to: to!.address,
        amount: amount!,
        user: user!.address,
        slippagePercent: slippage,
      })
      return c.json({
        tx: transactionJson(chain, built),
        quote: {
          toAmount: built.quote.toAmount.toString(),
          minimumToAmount: built.minimumOut.toString(),
          deadline: Number(built.deadline),
        },
      })
    }),
  )
}

/**
 * The chain's node failing is a 502 the client can retry, not a 500; a call the chain refuses (a token address
 * with no contract, a revert) is the request's fault: 400. See http/upstreamErrors.ts.
 */
function chainErrors(handler: (c: Context<AppEnv>) => Promise<Response>) {
  return async (c: Context<AppEnv>) => {
    try {
      return await handler(c)
    } catch (error) {
      throw classifyChainError(error) ?? error
    }
  }
}

function transactionJson(
  chain: ConvertChain,
  tx: { from: Address; to: Address; data: string; value: bigint; gas: bigint; gasPrice: bigint },
) {
  return {
    chainId: `eip155:${chain.chainId}`,
    from: tx.from,
    to: tx.to,
    data: tx.data,
    value: tx.value.toString(),
    eip155: { gas: tx.gas.toString(), gasPrice: tx.gasPrice.toString() },
  }
}

type CaipAccount = { chainId: number; address: Address }

function parseChainId(value: unknown, path: string, issues: Issue[]): number | undefined {
  const match = typeof value === 'string' ? /^(?:eip155:)?([1-9][0-9]{0,15})$/.exec(value) : null
  if (!match) return void issues.push({ path, message: 'must be an EVM chain id such as eip155:1 or 1' })
  return Number(match[1])
}

/** `eip155:<chainId>:0x<40 hex>`, checksummed on the way in. */
function parseTokenId(value: unknown, path: string, issues: Issue[]): CaipAccount | undefined {
  const match = typeof value === 'string' ? /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/.exec(value) : null
  if (!match) return void issues.push({ path, message: 'must be a CAIP-10 token id such as eip155:1:0x…' })
  return { chainId: Number(match[1]), address: getAddress(match[2]!.toLowerCase()) as Address }
}

function parseAccount(value: unknown, path: string, issues: Issue[]): CaipAccount | undefined {
  return parseTokenId(value, path, issues)
}

function optionalAccount(c: Context<AppEnv>, name: string, issues: Issue[]): CaipAccount | undefined {
  const value = c.req.query(name)
  if (value === undefined || value === '') return undefined
  if (ADDRESS_RE.test(value)) return undefined // a bare address says nothing about the chain; accepted for compatibility
  return parseAccount(value, name, issues)
}

function parseAmount(value: unknown, path: string, issues: Issue[]): bigint | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !AMOUNT_RE.test(text) || BigInt(text) === 0n || BigInt(text) > MAX_UINT256) {
    return void issues.push({ path, message: 'must be a positive integer amount in the token’s smallest unit' })
  }
  return BigInt(text)
}

function sameChain(
  a: CaipAccount | undefined,
  b: CaipAccount | undefined,
  user: CaipAccount | undefined,
  issues: Issue[],
) {
  const ids = [a, b, user].filter((x): x is CaipAccount => x !== undefined).map((x) => x.chainId)
  if (new Set(ids).size > 1)
    issues.push({ path: '', message: 'every token id and the user address must be on the same chain' })
}

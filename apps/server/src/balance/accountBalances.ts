import type { AccountBalance } from '@foyer/core/protocol'
import { formatUnits, parseAbi } from 'viem'
import { type ImageBase, listedTokenMarkUrl } from '../catalogue/marks.ts'
import type { ChainClients } from '../chains/chainClients.ts'
import { caipChainId } from '../chains/chainParams.ts'
import type { Address, ChainConfig } from '../config.ts'
import { badRequest } from '../http/errors.ts'
import { classifyChainError } from '../http/upstreamErrors.ts'
import { NATIVE_ADDRESS, nativeName, type PriceOracle } from '../prices/priceOracle.ts'

const balanceOfAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])

export interface ReadBalancesParameters {
  chain: ChainConfig
  address: Address
  /** ERC-20s read besides the chain's token list (e.g. one just received). */
  extraTokens?: Address[]
  /** Skip the price cache. */
  freshPrices?: boolean
  /** Where the icons' URLs point. */
  images: ImageBase
}

/**
 * Reads the native balance and the balance of every listed ERC-20 (one batched JSON-RPC round trip), prices them
 * from the pools, and returns the native currency plus every token held, by USD value (largest first).
 */
export async function readAccountBalances(
  clients: ChainClients,
  prices: PriceOracle,
  { chain, address, extraTokens = [], freshPrices = false, images }: ReadBalancesParameters,
): Promise<AccountBalance[]> {
  const client = clients.get(chain)
  const tokens = [...chain.tokens.map((t) => t.address.toLowerCase() as Address)]
  for (const extra of extraTokens) if (!tokens.includes(extra) && extra !== NATIVE_ADDRESS) tokens.push(extra)

  const listed = chain.tokens.length
  const [native, ...amounts] = await Promise.all([
    client.getBalance({ address }),
    ...tokens.map((token, i) => {
      const read = client.readContract({
        address: token,
        abi: balanceOfAbi,
        functionName: 'balanceOf',
        args: [address],
      })
      // A token the request named that the chain refuses (no contract there, no balanceOf) is the request's error;
      // a node that does not answer is not (classifyChainError tells them apart).
      return i < listed ? read : read.catch((error: unknown) => Promise.reject(notAToken(chain, token, error)))
    }),
  ])
  const held: { token: Address; amount: bigint }[] = [{ token: NATIVE_ADDRESS, amount: native }]
  tokens.forEach((token, i) => {
    if (amounts[i]! > 0n) held.push({ token, amount: amounts[i]! })
  })

  const balances = await Promise.all(
    held.map(async ({ token, amount }): Promise<AccountBalance | null> => {
      const [info, price] = await Promise.all([
        prices.tokenInfo(chain, token),
        prices.usdPrice(chain, token, { fresh: freshPrices }),
      ])
      if (!info) return null
      const numeric = formatUnits(amount, info.decimals)
      return {
        name: token === NATIVE_ADDRESS ? nativeName(chain) : info.name,
        symbol: info.symbol,
        chainId: caipChainId(chain),
        // CAIP-10 for an ERC-20; the native currency has no contract, so no address.
        ...(token === NATIVE_ADDRESS
          ? {}
          : { address: `${caipChainId(chain)}:${token.toLowerCase() as Address}` as const }),
        decimals: info.decimals,
        quantity: { decimals: String(info.decimals), numeric },
        raw: amount.toString(),
        price: price ?? 0,
        priced: price !== null,
        value: price === null ? 0 : roundCents(price * Number(numeric)),
        iconUrl: listedTokenMarkUrl(images, chain, token, info.symbol),
      }
    }),
  )
  return balances
    .filter((b): b is AccountBalance => b !== null)
    .sort((a, b) =>
      a.address === undefined
        ? -1
        : b.address === undefined
          ? 1
          : b.value - a.value || a.symbol.localeCompare(b.symbol),
    )
}

/** 400 `contract_call_failed` naming `forceUpdate` when the chain refused the call; else the error unchanged. */
function notAToken(chain: ChainConfig, token: Address, error: unknown): unknown {
  if (classifyChainError(error)?.status !== 400) return error
  return badRequest(
    'contract_call_failed',
    `forceUpdate names ${token}, which is not an ERC-20 on chain ${caipChainId(chain)} (it has no balanceOf there)`,
    { token, chainId: caipChainId(chain) },
  )
}

/** USD values to 1/10000 of a cent: enough for display, free of float noise in JSON. */
const roundCents = (value: number) => Math.round(value * 1e6) / 1e6

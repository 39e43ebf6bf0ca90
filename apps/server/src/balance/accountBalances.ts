import { formatUnits, parseAbi } from 'viem'
import type { ChainClients } from '../chains/chainClients.ts'
import { caipChainId } from '../chains/chainParams.ts'
import type { Address, ChainConfig } from '../config.ts'
import { NATIVE_ADDRESS, nativeName, type PriceOracle } from '../prices/priceOracle.ts'

const balanceOfAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])

/** One holding, in the seed's token shape (plus `chainId` and the exact `raw` amount in base units). */
export interface AccountBalance {
  name: string
  symbol: string
  /** CAIP-2 network id, `eip155:31337`. */
  chainId: string
  /** The ERC-20's address, or `NATIVE_TOKEN_ADDRESS_EVM` for the chain's native currency. */
  address: Address
  decimals: number
  /** `decimals` as text and `numeric`, the exact decimal amount (`"10000.5"`). */
  quantity: { decimals: string; numeric: string }
  /** The amount in base units as an integer string. */
  raw: string
  /** USD per whole token; 0 when no pool prices it (`priced` is then false). */
  price: number
  priced: boolean
  /** `price × amount` in USD. */
  value: number
  iconUrl: string | null
}

export interface ReadBalancesParameters {
  chain: ChainConfig
  address: Address
  /** ERC-20s read besides the chain's token list (e.g. one just received). */
  extraTokens?: Address[]
  /** Skip the price cache. */
  freshPrices?: boolean
}

/**
 * Reads the native balance and the balance of every listed ERC-20 (one batched JSON-RPC round trip), prices them
 * from the pools, and returns the native currency plus every token held, by USD value (largest first).
 */
export async function readAccountBalances(
  clients: ChainClients,
  prices: PriceOracle,
  { chain, address, extraTokens = [], freshPrices = false }: ReadBalancesParameters,
): Promise<AccountBalance[]> {
  const client = clients.get(chain)
  const tokens = [...chain.tokens.map((t) => t.address.toLowerCase() as Address)]
  for (const extra of extraTokens) if (!tokens.includes(extra) && extra !== NATIVE_ADDRESS) tokens.push(extra)

  const [native, ...amounts] = await Promise.all([
    client.getBalance({ address }),
    ...tokens.map((token) =>
      client.readContract({ address: token, abi: balanceOfAbi, functionName: 'balanceOf', args: [address] }),
    ),
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
        address: info.address,
        decimals: info.decimals,
        quantity: { decimals: String(info.decimals), numeric },
        raw: amount.toString(),
        price: price ?? 0,
        priced: price !== null,
        value: price === null ? 0 : roundCents(price * Number(numeric)),
        iconUrl: null,
      }
    }),
  )
  return balances
    .filter((b): b is AccountBalance => b !== null)
    .sort((a, b) =>
      a.address === NATIVE_ADDRESS
        ? -1
        : b.address === NATIVE_ADDRESS
          ? 1
          : b.value - a.value || a.symbol.localeCompare(b.symbol),
    )
}

/** USD values to 1/10000 of a cent: enough for display, free of float noise in JSON. */
const roundCents = (value: number) => Math.round(value * 1e6) / 1e6

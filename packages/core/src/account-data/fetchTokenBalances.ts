import type { TokenBalance } from '../account/account.ts'
import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import { type CaipNetworkId, namespaceOf, parseCaipAddress } from '../networks/networks.ts'
import type { AccountBalance, AccountBalanceQueryInput } from '../protocol/accountData.ts'
import { accountBalance } from '../protocol/endpoints/accountData.ts'
import { TokenBalanceError } from './accountDataErrors.ts'

/** Solana's native placeholder (the System Program id with a trailing 1, as Solana wallets use it for SOL). */
export const NATIVE_TOKEN_ADDRESS_SOLANA = 'So11111111111111111111111111111111111111111'
/**
 * The native currency's placeholder address on a chain family. Kept with the balances that use it rather than with
 * the constants: the page loads those, and nothing there needs a second family's placeholder.
 */
export const nativeTokenAddress = (namespace: 'eip155' | 'solana') =>
  namespace === 'solana' ? NATIVE_TOKEN_ADDRESS_SOLANA : NATIVE_TOKEN_ADDRESS_EVM

/**
 * A holding: name, symbol, chain, price, quantity and icon, plus the network and the exact base-unit amount
 * (`raw`, use it for sends); `priced` is false when no pool prices the token (`price` and `value` are then 0).
 * The server's `AccountBalance` (`@foyer/core/protocol`) with `address` as the bare token address instead of
 * its CAIP-10 id, and `NATIVE_TOKEN_ADDRESS_EVM` (`NATIVE_TOKEN_ADDRESS_SOLANA` on Solana) for the native currency,
 * which the server sends without one.
 */
export type AccountTokenBalance = {
  name: string
  symbol: string
  /** CAIP-2 network id, `eip155:31337` or `solana:<genesis>`. */
  chainId: AccountBalance['chainId']
  /**
   * The ERC-20's address, lower-case, or `NATIVE_TOKEN_ADDRESS_EVM` (0xeeee…) for the chain's native currency; on
   * Solana the mint (base58, as given) or `NATIVE_TOKEN_ADDRESS_SOLANA` for SOL.
   */
  address: string
  decimals: number
  /** `decimals` as text and `numeric`, the exact decimal amount (`"10000.5"`). */
  quantity: { decimals: string; numeric: string }
  /** The amount in base units as an integer string (use it for sends). */
  raw: string
  /** USD per whole token; 0 when no pool prices it (`priced` is then false). */
  price: number
  priced: boolean
  /** `price × amount` in USD. */
  value: number
  iconUrl: string | null
}

export type FetchTokenBalancesParameters = {
  address: string
  /** The network to read (`eip155:31337`); the server's every network when absent. */
  chainId?: CaipNetworkId
  /** `true` skips the server's price cache; a token address also reads that ERC-20 if it is not listed. */
  forceUpdate?: boolean | string
  signal?: AbortSignal
}

export type FetchTokenBalancesReturnType = AccountTokenBalance[]
export type FetchTokenBalancesErrorType = TokenBalanceError

/**
 * The account's native and token balances (ERC-20; SPL on Solana) with USD prices and values, from the Foyer server
 * (`GET /v1/account/{address}/balance`). Native first, then by value. Throws `TokenBalanceError`
 * ("Failed to fetch token balance"), or `ClientNotSetError` without `apiUrl`.
 *
 * @example
 * const balances = await fetchTokenBalances(client, { address, chainId: 'eip155:31337' })
 */
export async function fetchTokenBalances(
  client: { api?: ApiClient },
  parameters: FetchTokenBalancesParameters,
): Promise<FetchTokenBalancesReturnType> {
  const api = requireApi(client)
  try {
    const query = {
      currency: 'usd',
      chainId: parameters.chainId,
      forceUpdate: parameters.forceUpdate === undefined ? undefined : String(parameters.forceUpdate),
    } satisfies AccountBalanceQueryInput
    const { balances } = await api.call(
      accountBalance,
      { params: { address: parameters.address }, query },
      { signal: parameters.signal },
    )
    return balances.map(toAccountTokenBalance)
  } catch (error) {
    throw new TokenBalanceError({ cause: error })
  }
}

/** The server's holding with `address` bare: the CAIP-10 id's address part, or the native currency's stand-in. */
function toAccountTokenBalance({ address, ...balance }: AccountBalance): AccountTokenBalance {
  const namespace = namespaceOf(balance.chainId)
  if (address === undefined) return { ...balance, address: nativeTokenAddress(namespace) }
  const bare = parseCaipAddress(address).address
  // Solana addresses are case-sensitive base58; EVM ones are kept lower-case.
  return { ...balance, address: namespace === 'solana' ? bare : bare.toLowerCase() }
}

/** Query key of `fetchTokenBalances` (its prefix `accountDataQueryKey(address)` refreshes all of an account's data). */
export function tokenBalancesQueryKey({ address, chainId }: Pick<FetchTokenBalancesParameters, 'address' | 'chainId'>) {
  return ['foyer', 'accountData', address.toLowerCase(), 'tokenBalances', chainId ?? null] as const
}

/** Prefix of every account-data query of one account: invalidate it to refresh balances and activity. */
export function accountDataQueryKey(address?: string) {
  return address ? (['foyer', 'accountData', address.toLowerCase()] as const) : (['foyer', 'accountData'] as const)
}

/** Sum of the holdings' USD values. */
export function totalTokenValue(balances: readonly Pick<TokenBalance, 'value'>[]): number {
  return balances.reduce((sum, b) => sum + (Number.isFinite(b.value) ? b.value : 0), 0)
}

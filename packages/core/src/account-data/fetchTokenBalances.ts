import type { TokenBalance } from '../account/account.ts'
import type { ApiClient } from '../api/apiClient.ts'
import { requireApi } from '../api/requireApi.ts'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import { type CaipNetworkId, parseCaipAddress } from '../networks/networks.ts'
import type { AccountBalance, AccountBalanceQueryInput } from '../protocol/accountData.ts'
import { accountBalance } from '../protocol/endpoints/accountData.ts'
import { TokenBalanceError } from './accountDataErrors.ts'

/**
 * A holding: name, symbol, chain, price, quantity and icon, plus the network and the exact base-unit amount
 * (`raw`, use it for sends); `priced` is false when no pool prices the token (`price` and `value` are then 0).
 * The server's `AccountBalance` (`@foyer/core/protocol`) with `address` as the bare contract address instead of
 * its CAIP-10 id, and `NATIVE_TOKEN_ADDRESS_EVM` for the native currency, which the server sends without one.
 */
export type AccountTokenBalance = {
  name: string
  symbol: string
  /** CAIP-2 network id, `eip155:31337`. */
  chainId: `eip155:${number}`
  /** The ERC-20's address, lower-case, or `NATIVE_TOKEN_ADDRESS_EVM` (0xeeee…) for the chain's native currency. */
  address: `0x${string}`
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
 * The account's native and ERC-20 balances with USD prices and values, from the Foyer server
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
    // The client reads EVM networks only (core has no Solana network yet): a Solana holding is left out.
    return balances.filter(isEvmBalance).map(toAccountTokenBalance)
  } catch (error) {
    throw new TokenBalanceError({ cause: error })
  }
}

type EvmAccountBalance = AccountBalance & {
  chainId: `eip155:${number}`
  address?: `eip155:${number}:0x${string}`
}

const isEvmBalance = (balance: AccountBalance): balance is EvmAccountBalance => balance.chainId.startsWith('eip155:')

/** The server's holding with `address` bare: the CAIP-10 id's address part, or the native currency's stand-in. */
function toAccountTokenBalance({ address, ...balance }: EvmAccountBalance): AccountTokenBalance {
  return {
    ...balance,
    address:
      address === undefined
        ? NATIVE_TOKEN_ADDRESS_EVM
        : (parseCaipAddress(address).address.toLowerCase() as AccountTokenBalance['address']),
  }
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

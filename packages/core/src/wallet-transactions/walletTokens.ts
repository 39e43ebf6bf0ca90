import {
  fetchTokenBalances,
  NATIVE_TOKEN_ADDRESS_SOLANA,
  nativeTokenAddress,
} from '../account-data/fetchTokenBalances.ts'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import { parseUnits } from '../format/parseUnits.ts'
import type { CaipNetwork } from '../networks/networks.ts'

/** A token as swap and send handle it: exact balance in base units, USD price when the server knows one. */
export type WalletToken = {
  /** CAIP-10 token id, `eip155:31337:0x…`; the native token uses `NATIVE_TOKEN_ADDRESS_EVM` (`…_SOLANA` on Solana). */
  id: string
  address: string
  symbol: string
  name: string
  decimals: number
  /** Held amount in base units (0 when not held). */
  balance: bigint
  /** USD per whole token; 0 when unknown. */
  price: number
  /** The token's image on the Foyer server (server-relative), when it has a real mark. */
  iconUrl?: string | null
}

export const isNativeToken = (token: Pick<WalletToken, 'address'>) =>
  token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS_EVM || token.address === NATIVE_TOKEN_ADDRESS_SOLANA

export const tokenId = (network: CaipNetwork, address: string) => `${network.id}:${address}`

/**
 * What the account holds on the network: from the Foyer server's balance endpoint (native plus listed tokens, with
 * prices) when the site has an `apiUrl`, else the native balance over the chain's RPC through the adapter.
 */
export async function readWalletTokens(
  client: FoyerClient,
  { address, network }: { address: string; network: CaipNetwork },
): Promise<WalletToken[]> {
  if (!client.api) {
    const adapter = client.options.adapters.find((a) => a.namespace === network.chainNamespace)
    if (!adapter) return []
    const balance = await adapter.getBalance({ address, network })
    const { nativeCurrency } = network
    const native = nativeTokenAddress(network.chainNamespace)
    return [
      {
        id: tokenId(network, native),
        address: native,
        symbol: nativeCurrency.symbol,
        name: nativeCurrency.name,
        decimals: nativeCurrency.decimals,
        balance: balance.value,
        price: 0,
      },
    ]
  }
  const balances = await fetchTokenBalances(client, { address, chainId: network.id, forceUpdate: true })
  return balances.map((b) => ({
    id: tokenId(network, b.address),
    address: b.address,
    symbol: b.symbol,
    name: b.name ?? b.symbol,
    decimals: b.decimals,
    balance: b.raw !== undefined ? BigInt(b.raw) : parseUnits(b.quantity.numeric, b.decimals),
    price: b.price ?? 0,
    iconUrl: b.iconUrl,
  }))
}

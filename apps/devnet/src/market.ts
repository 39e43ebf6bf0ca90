/**
 * What the local chains hold after seeding: token metadata, pool prices and depths, and the dev accounts' funding.
 * deploy.ts seeds from these numbers and the tests check against them, so they live in one place.
 */

export const WETH_INFO = { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 } as const
export const USD_INFO = { name: 'Foyer USD', symbol: 'fUSD', decimals: 6 } as const
export const TOKEN_INFO = { name: 'Foyer Token', symbol: 'FOY', decimals: 18 } as const

export const NFT_INFO = { name: 'Foyer Pass', symbol: 'FPASS', spam: false } as const
/** Unsolicited airdrop, named like real spam, so the activity view's spam filter has something to hide. */
export const SPAM_NFT_INFO = { name: 'Claim 5000 fUSD at foyer-bonus.example', symbol: 'CLAIM', spam: true } as const

const ETH = 10n ** 18n
const USD = 10n ** 6n
const TOKEN = 10n ** 18n

/** Prices as whole numbers so every pool amount is exact: 1 ETH = usdPerEth fUSD = tokensPerEth FOY. */
export interface Market {
  usdPerEth: bigint
  tokensPerEth: bigint
}

/** Chain 31338 is priced differently on purpose, so a test can tell which chain a quote came from. */
export const MARKETS: Record<number, Market> = {
  31337: { usdPerEth: 3000n, tokensPerEth: 6000n }, // 1 FOY = 0.50 fUSD
  31338: { usdPerEth: 3300n, tokensPerEth: 6000n }, // 1 FOY = 0.55 fUSD
}

export function marketFor(chainId: number): Market {
  return MARKETS[chainId] ?? MARKETS[31337]
}

/** Each dev account (0–9) gets these token balances; anvil already gives each 10,000 ETH. */
export const DEV_FUNDING = { usd: 10_000n * USD, token: 5_000n * TOKEN } as const

/** Initial reserves of the three pools, in base units, for a market. */
export function poolReserves(market: Market) {
  const wethForUsdPool = 100n * ETH
  const wethForTokenPool = 50n * ETH
  const tokensForUsdPool = 200_000n * TOKEN
  return {
    wethUsd: { weth: wethForUsdPool, usd: (wethForUsdPool * market.usdPerEth * USD) / ETH },
    wethToken: { weth: wethForTokenPool, token: wethForTokenPool * market.tokensPerEth },
    tokenUsd: {
      token: tokensForUsdPool,
      usd: (tokensForUsdPool * market.usdPerEth * USD) / (market.tokensPerEth * TOKEN),
    },
  }
}

import { SWAP_SLIPPAGE_PERCENT } from '../constants.ts'
import type { enTransfer } from '../locale/enTransfer.ts'
import type { KeysWith } from '../locale/locale.ts'
import type { CaipNetworkId } from '../networks/networks.ts'
import { isNativeToken, type WalletToken } from '../wallet-transactions/walletTokens.ts'
import type { SwapTransaction } from './swapTransaction.ts'

/** The swap's state, plus what the views need to show progress. */
export type SwapState = {
  status: 'idle' | 'initializing' | 'ready'
  networkId?: CaipNetworkId
  address?: string
  /** Every token the swap API offers on the network, with the account's balance and the USD price merged in. */
  tokens: WalletToken[]
  /** The router the swap API's swaps call on the network (lower-case), as `GET /v1/convert/tokens` names it. */
  router?: string
  sourceToken?: WalletToken
  toToken?: WalletToken
  /** As typed. */
  sourceTokenAmount: string
  /** The quote, floored to 6 decimals (`TARGET_AMOUNT_DECIMALS`). */
  toTokenAmount: string
  toTokenAmountRaw?: bigint
  sourceTokenPriceInUSD: number
  toTokenPriceInUSD: number
  /** USD per whole native token. */
  networkPrice: number
  /** Wei per gas unit (the server's `standard`). */
  gasPrice: bigint
  /** Network cost in USD: gas price × 150000 × the native price. */
  gasPriceInUSD?: number
  priceImpact?: number
  /** In the target token's base units: 1 % of the quote. */
  maxSlippage?: bigint
  /** In the source token's base units: 0.85 % of the amount. */
  providerFee?: bigint
  slippage: number
  inputError?: KeysWith<typeof enTransfer>
  quoteError?: KeysWith<typeof enTransfer>
  loadingQuote: boolean
  loadingTransaction: boolean
  approvalTransaction?: SwapTransaction
  swapTransaction?: SwapTransaction
  /**
   * The approval and the swap go to the wallet together, as one atomic batch (the wallet reports EIP-5792 atomic
   * batching on the network): one confirmation instead of two.
   */
  batched?: boolean
  /** What the wallet is being asked to sign right now. */
  sending?: 'approval' | 'swap'
  /** Which side SwapSelectToken picks for. */
  selectingSide?: 'source' | 'target'
}

// Every optional key is listed (as undefined): the store merges updates, so a reset must name what it clears.
export const initialSwapState: { [key in keyof Required<SwapState>]: SwapState[key] } = {
  status: 'idle',
  networkId: undefined,
  address: undefined,
  router: undefined,
  sourceToken: undefined,
  toToken: undefined,
  toTokenAmountRaw: undefined,
  gasPriceInUSD: undefined,
  priceImpact: undefined,
  maxSlippage: undefined,
  providerFee: undefined,
  inputError: undefined,
  quoteError: undefined,
  approvalTransaction: undefined,
  batched: undefined,
  swapTransaction: undefined,
  sending: undefined,
  selectingSide: undefined,
  tokens: [],
  sourceTokenAmount: '',
  toTokenAmount: '',
  sourceTokenPriceInUSD: 0,
  toTokenPriceInUSD: 0,
  networkPrice: 0,
  gasPrice: 0n,
  slippage: SWAP_SLIPPAGE_PERCENT,
  loadingQuote: false,
  loadingTransaction: false,
}

/**
 * The contracts the swap calls (each transaction's `to`), for its gas sponsorship: the built approval and swap once
 * built; before, the router and — for a token source, which may need an approval — the token. No router known (a
 * server that does not name it): none, so nothing is called sponsored.
 */
export function swapCallTargets(
  state: Pick<SwapState, 'router' | 'sourceToken' | 'approvalTransaction' | 'swapTransaction'>,
): string[] {
  const { router, sourceToken, approvalTransaction, swapTransaction } = state
  if (swapTransaction) return [...(approvalTransaction ? [approvalTransaction.to] : []), swapTransaction.to]
  if (!router) return []
  if (approvalTransaction) return [approvalTransaction.to, router]
  return sourceToken && !isNativeToken(sourceToken) ? [router, sourceToken.address] : [router]
}

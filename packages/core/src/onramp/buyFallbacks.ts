import { NATIVE_TOKEN_ADDRESS_EVM, ONRAMP_FALLBACK_CURRENCIES, ONRAMP_LIMITS } from '../constants.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import type { OnrampOptionsResponse, OnrampQuoteResponse } from '../protocol/onramp.ts'

/**
 * Built-in sample options, shown (and marked) when `GET /v1/onramp/options` fails: the native currency
 * of each of the site's EVM networks, paid in USD or EUR within the card and bank-account limits.
 */
export function sampleOnrampOptions(networks: readonly CaipNetwork[]): OnrampOptionsResponse {
  const evm = networks.filter((n) => n.chainNamespace === 'eip155')
  const symbol = evm[0]?.nativeCurrency.symbol ?? 'ETH'
  return {
    purchaseCurrencies: [
      {
        id: symbol,
        name: evm[0]?.nativeCurrency.name ?? 'Ether',
        symbol,
        networks: evm.map((n) => ({
          name: n.name,
          chainId: n.id as `eip155:${number}`,
          contractAddress: NATIVE_TOKEN_ADDRESS_EVM,
        })),
      },
    ],
    paymentCurrencies: ONRAMP_FALLBACK_CURRENCIES.map((id) => ({
      id,
      payment_method_limits: [
        { id: 'card', ...ONRAMP_LIMITS.card },
        { id: 'bank_account', ...ONRAMP_LIMITS.bankAccount },
      ],
    })),
  }
}

/**
 * A placeholder quote, shown (and marked) when `POST /v1/onramp/quote` fails: the amount as the total,
 * nothing known of the fees or of what it buys (the provider's checkout prices it). No quote id: the checkout URL is
 * then asked for with the amount alone.
 */
export function placeholderOnrampQuote(amount: string, provider: string): OnrampQuoteResponse {
  return {
    quoteId: '',
    provider,
    fees: { provider: '', network: '', total: '' },
    subtotal: '',
    total: amount,
    purchaseAmount: { amount: '', currency: '' },
    paymentTotal: { amount, currency: '' },
    paymentSubtotal: { amount: '', currency: '' },
    coinbaseFee: { amount: '', currency: '' },
    networkFee: { amount: '', currency: '' },
    expiresAt: '',
  }
}

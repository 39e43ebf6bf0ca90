/** The modal's business constants: pairing lifetimes, page sizes, delays, swap and on-ramp figures. */
export const PAIRING_LIFETIME_MS = 4 * 60 * 1000
export const PAIRING_EXPIRY_MARGIN_MS = 10 * 1000
export const RECENT_WALLETS_KEPT = 2
export const FEATURED_WALLETS_PAGE_SIZE = 4
export const WALLETS_PAGE_SIZE = 40
export const WALLETS_SEARCH_PAGE_SIZE = 100
export const WALLET_SEARCH_DELAY_MS = 300
export const WALLET_IMAGE_TIMEOUT_MS = 2000
export const SWAP_SLIPPAGE_PERCENT = 1
export const SWAP_PROVIDER_FEE_PERCENT = 0.85
export const SWAP_GAS_UNITS = 150000n
/** Stands for the native currency (ETH) wherever a token address is expected: swap token ids, balances. */
export const NATIVE_TOKEN_ADDRESS_EVM = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
export const TARGET_AMOUNT_DECIMALS = 6
export const BALANCE_DECIMALS = 3
export const EMAIL_RESEND_LOCK_MS = 30 * 1000
export const SHAKE_DURATION_MS = 500
export const UNSUPPORTED_CHAIN_DELAY_MS = 300
export const RECEIPT_TIMEOUT_MS = 25 * 1000
export const SNACKBAR_HIDE_MS = 2200
export const DEFAULT_LOG_LEVEL = 'error'
export const NAME_COIN_TYPE_CHAIN_ID_LIMIT = 2147483648
export const ONRAMP_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  bankAccount: { min: '10.00', max: '25000.00' },
} as const
export const ONRAMP_FALLBACK_CURRENCIES = ['USD', 'EUR'] as const
export const SDK_TYPE = 'foyer'
export const SDK_VERSION = '0.1.0'

/**
 * The Foyer server's error answers: one envelope and one list of codes. The server's error helpers accept only
 * these codes (a new code is added here first), and the clients compare against them, so a code that one side
 * renames no longer compiles on the other. No valibot here: the browser bundle may import it.
 */

/**
 * The codes only the operator's console API answers with (its routes and their codes are listed beside the server's
 * console, not in the route table here: the console is a server page, no client of this package calls it).
 */
export const CONSOLE_ERROR_CODES = [
  'bad_credentials',
  'csrf_failed',
  'login_link_invalid',
  'not_signed_in',
  'operator_locked',
  'project_exists',
] as const

/**
 * Every `error.code` the server answers with. `code` is stable and machine-readable; the message is for humans and
 * may change.
 */
export const API_ERROR_CODES = [
  // Any route: the request itself, the app's error handler.
  'bad_request',
  'conflict',
  'database_unavailable',
  'limits_unavailable',
  'internal_error',
  'invalid_json',
  'invalid_request',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  // The calling project, its origin and the rate limits.
  'feature_disabled',
  'invalid_header',
  'invalid_project_id',
  'missing_project_id',
  'origin_not_allowed',
  'project_id_mismatch',
  'rate_limited',
  'unknown_project',
  // Chains and account data.
  'chain_unavailable',
  'contract_call_failed',
  'invalid_address',
  'invalid_chain_id',
  'invalid_cursor',
  'unknown_chain',
  'unsupported_currency',
  // Swaps.
  'approval_not_needed',
  'insufficient_allowance',
  'no_route',
  'transaction_would_fail',
  'unsupported_chain',
  // The on-ramp.
  'amount_above_maximum',
  'amount_below_minimum',
  'invalid_purchase_id',
  'network_not_in_wallet',
  'price_unavailable',
  'purchase_not_found',
  'quote_expired',
  'quote_not_found',
  'quote_used',
  'unknown_currency',
  'unknown_network',
  'unknown_payment_currency',
  'unknown_payment_method',
  'unknown_provider',
  // Account names.
  'invalid_coin_type',
  'invalid_name',
  'message_mismatch',
  'name_not_found',
  'name_taken',
  'stale_message',
  // Sign-in with Ethereum.
  'domain_mismatch',
  'invalid_message',
  'invalid_nonce',
  'message_expired',
  'message_not_yet_valid',
  'signing_key_unavailable',
  // Signatures and bearer tokens (sign-in, names, the embedded wallet, webhooks).
  'invalid_signature',
  'unauthorized',
  // The wallet catalogue.
  'unknown_wallet',
  // The embedded wallet.
  'code_expired',
  'device_not_found',
  'email_rate_limited',
  'email_taken',
  'invalid_code',
  'mail_unavailable',
  'send_quota_exceeded',
  'too_many_attempts',
  'wallet_exists',
  // Social login and Farcaster.
  'login_cancelled',
  'login_expired',
  'login_failed',
  'login_not_found',
  'provider_not_configured',
  'provider_unavailable',
  // The operator's console.
  ...CONSOLE_ERROR_CODES,
] as const

export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

/** One problem of an `invalid_request`: `path` is the parameter (`eip155.slippage`, `addresses[2]`, '' the whole). */
export type ApiIssue = { path: string; message: string }

/**
 * The one error shape every route answers with:
 * `{ "error": { "code": "unknown_project", "message": "…", "details"?: … } }`. `details` is `{ issues }` for
 * `invalid_request`, `{ limit, retryAfterSeconds }` for the rate limits, `{ chainId, served }` for a chain this
 * server does not serve.
 */
export type ApiErrorBody = {
  error: { code: ApiErrorCode; message: string; details?: unknown }
}

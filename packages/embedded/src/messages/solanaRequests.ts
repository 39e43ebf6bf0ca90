/**
 * The embedded wallet's Solana methods, as RPC_REQUEST carries them: each method's params and result. Bytes travel
 * as base64 (a message, a wire transaction), signatures and addresses as base58, as Solana's JSON-RPC writes them.
 * The frame parses the params with these schemas before it shows anything: a request that does not match exactly
 * is refused with `invalid_request` and nothing is signed. The site's client parses the frame's results the same way.
 */
import { boolean, type Infer, integer, object, oneOf, optional, type Schema, SchemaError, string } from './schema.ts'

const BASE58 = '[1-9A-HJ-NP-Za-km-z]'
/** A Solana address: base58 of 32 bytes, 32 to 44 characters. */
export const SOLANA_ADDRESS = new RegExp(`^${BASE58}{32,44}$`)
/** A Solana cluster as CAIP-2 names it: `solana:` and the first 32 characters of its genesis hash. */
export const SOLANA_CHAIN = new RegExp(`^solana:${BASE58}{32}$`)
/** An ed25519 signature: base58 of 64 bytes, 64 to 88 characters. */
export const SOLANA_SIGNATURE = new RegExp(`^${BASE58}{64,88}$`)

/** The largest message the wallet signs (bytes). Sign-in messages are a few hundred. */
export const SOLANA_MESSAGE_MAX_BYTES = 16 * 1024
/** A transaction on the wire is at most 1232 bytes (the network's packet size less its headers). */
export const SOLANA_TRANSACTION_MAX_BYTES = 1232

/** Canonical base64 of 1 to `maxBytes` bytes (padding included, no line breaks, no other characters). */
function base64(maxBytes: number): Schema<string> {
  const maxLength = 4 * Math.ceil(maxBytes / 3)
  const inner = string({
    min: 4,
    max: maxLength,
    pattern: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/,
  })
  const expected = `base64 of at most ${maxBytes} bytes`
  return {
    expected,
    parse(input, path = '') {
      try {
        inner.parse(input, path)
      } catch {
        throw new SchemaError(path, expected)
      }
      const value = input as string
      const bytes = (value.length / 4) * 3 - (value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0)
      if (bytes > maxBytes) throw new SchemaError(path, expected)
      return value
    },
  }
}

const account = string({ min: 32, max: 44, pattern: SOLANA_ADDRESS })
const chain = string({ min: 39, max: 39, pattern: SOLANA_CHAIN })
const signature = string({ min: 64, max: 88, pattern: SOLANA_SIGNATURE })
const message = base64(SOLANA_MESSAGE_MAX_BYTES)
const transaction = base64(SOLANA_TRANSACTION_MAX_BYTES)
const commitment = oneOf('processed', 'confirmed', 'finalized')

export const solanaRequestSchemas = {
  /** Signs the message bytes with the account's ed25519 key (after the person approves the text). */
  solana_signMessage: {
    params: object({ account, message }),
    result: object({ signature }),
  },
  /** Signs a wire transaction this account must sign; answers it signed (other signers' slots kept as they were). */
  solana_signTransaction: {
    params: object({ account, chain, transaction }),
    result: object({ signature, transaction }),
  },
  /** Signs the transaction, then sends it to the chain's RPC; answers its signature (its id on the chain). */
  solana_signAndSendTransaction: {
    params: object({
      account,
      chain,
      transaction,
      options: optional(
        object({
          skipPreflight: optional(boolean),
          preflightCommitment: optional(commitment),
          maxRetries: optional(integer({ min: 0, max: 100 })),
          minContextSlot: optional(integer({ min: 0 })),
        }),
      ),
    }),
    result: object({ signature }),
  },
} satisfies Record<string, { params: Schema<unknown>; result: Schema<unknown> }>

export type SolanaRequestMethod = keyof typeof solanaRequestSchemas
export type SolanaRequestParams<method extends SolanaRequestMethod> = Infer<
  (typeof solanaRequestSchemas)[method]['params']
>
export type SolanaRequestResult<method extends SolanaRequestMethod> = Infer<
  (typeof solanaRequestSchemas)[method]['result']
>

export const isSolanaRequestMethod = (method: string): method is SolanaRequestMethod =>
  Object.hasOwn(solanaRequestSchemas, method)

/** The params of a Solana request, exactly; throws `SchemaError` (path and what was expected) otherwise. */
export function parseSolanaRequestParams<method extends SolanaRequestMethod>(
  method: method,
  params: unknown,
): SolanaRequestParams<method> {
  return solanaRequestSchemas[method].params.parse(params, 'params') as SolanaRequestParams<method>
}

/** The frame's answer to a Solana request, exactly; throws `SchemaError` otherwise. */
export function parseSolanaRequestResult<method extends SolanaRequestMethod>(
  method: method,
  result: unknown,
): SolanaRequestResult<method> {
  return solanaRequestSchemas[method].result.parse(result, 'result') as SolanaRequestResult<method>
}

import * as v from 'valibot'
import { type Hex, objectMessage } from './primitives.ts'

/**
 * Sign-in with Ethereum (EIP-4361): a nonce from the server, the signed message back, a JWT (ES256) in return that
 * the site's own backend checks against `GET /.well-known/jwks.json`. Each request as the server validates it, each
 * response as a schema and its type.
 */

/** How long a nonce from `GET /v1/auth/siwe/nonce` may be used (once). */
export const SIWE_NONCE_TTL_MS = 5 * 60 * 1000
/** The longest a sign-in token lives (less when the message's `Expiration Time` comes sooner). */
export const SIWE_TOKEN_MAX_TTL_MS = 24 * 60 * 60 * 1000
/** The most characters of a message `POST /v1/auth/siwe/verify` reads. */
export const MAX_SIWE_MESSAGE_LENGTH = 8_192
/** The most hex digits of a signature (an ERC-6492 one carries its account's factory call). */
export const MAX_SIWE_SIGNATURE_HEX = 65_536

const MESSAGE_MESSAGE = `must be the signed EIP-4361 message, at most ${MAX_SIWE_MESSAGE_LENGTH} characters`
const SIGNATURE_MESSAGE = 'must be the signature: 0x and an even number of hex digits'

const siweVerifyEntries = {
  message: v.pipe(
    v.string(MESSAGE_MESSAGE),
    v.minLength(1, MESSAGE_MESSAGE),
    v.maxLength(MAX_SIWE_MESSAGE_LENGTH, MESSAGE_MESSAGE),
  ),
  signature: v.pipe(
    v.string(SIGNATURE_MESSAGE),
    v.maxLength(MAX_SIWE_SIGNATURE_HEX + 2, SIGNATURE_MESSAGE),
    v.regex(/^0x(?:[0-9a-fA-F]{2})+$/, SIGNATURE_MESSAGE),
    v.transform((text) => text as Hex),
  ),
}

/** `POST /v1/auth/siwe/verify` body (`projectId` may ride along, as in every body). */
export const SiweVerifyRequest = v.object(
  { ...siweVerifyEntries, projectId: v.optional(v.unknown()) },
  objectMessage(siweVerifyEntries, 'send a JSON body {message, signature}'),
)
export type SiweVerifyRequest = v.InferInput<typeof SiweVerifyRequest>

/** `GET /v1/auth/siwe/nonce` → a single-use nonce for the message's `Nonce:` line and when it stops working (ISO). */
export const SiweNonceResponse = v.object({
  nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{17,}$/)),
  expiresAt: v.string(),
})
export type SiweNonceResponse = v.InferOutput<typeof SiweNonceResponse>

const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))

/** `POST /v1/auth/siwe/verify` → the sign-in token (a JWT) and who it is for; `address` is checksummed. */
export const SiweVerifyResponse = v.object({
  token: v.string(),
  address: Address,
  chainId: v.number(),
  expiresAt: v.string(),
})
export type SiweVerifyResponse = v.InferOutput<typeof SiweVerifyResponse>

/** `GET /v1/auth/siwe/session` (with `Authorization: Bearer <token>`) → the signed-in account. */
export const SiweSessionResponse = v.object({ address: Address, chainId: v.number(), expiresAt: v.string() })
export type SiweSessionResponse = v.InferOutput<typeof SiweSessionResponse>

/** `POST /v1/auth/siwe/sign-out` → the token is revoked (again answers 200 for a token already revoked). */
export const SiweSignOutResponse = v.object({ signedOut: v.literal(true) })
export type SiweSignOutResponse = v.InferOutput<typeof SiweSignOutResponse>

/** One public key of `GET /.well-known/jwks.json` (RFC 7517): P-256, for ES256 signatures. */
export const SiweJwk = v.object({
  kty: v.literal('EC'),
  crv: v.literal('P-256'),
  x: v.string(),
  y: v.string(),
  kid: v.string(),
  alg: v.literal('ES256'),
  use: v.literal('sig'),
})
export type SiweJwk = v.InferOutput<typeof SiweJwk>

/** `GET /.well-known/jwks.json`: the keys sign-in tokens may be signed with, the newest first. */
export const SiweJwksResponse = v.object({ keys: v.array(SiweJwk) })
export type SiweJwksResponse = v.InferOutput<typeof SiweJwksResponse>

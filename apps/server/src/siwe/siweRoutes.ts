import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { routes, SIWE_NONCE_TTL_MS, SIWE_TOKEN_MAX_TTL_MS } from '@foyer/core/protocol'
import { secp256k1 } from '@noble/curves/secp256k1'
import type { Context, MiddlewareHandler } from 'hono'
import { jwtVerify, SignJWT } from 'jose'
import { sql } from 'kysely'
import {
  type Address,
  BaseError,
  getAddress,
  type Hex,
  HttpRequestError,
  isErc6492Signature,
  isErc8010Signature,
  parseErc6492Signature,
  parseErc8010Signature,
  RpcRequestError,
  recoverMessageAddress,
  SocketClosedError,
  size,
  TimeoutError,
  WebSocketRequestError,
} from 'viem'
import { createSiweMessage, parseSiweMessage, type SiweMessage, validateSiweMessage } from 'viem/siwe'
import type { FoyerApp } from '../app.ts'
import { type ChainClient, ChainClients } from '../chains/chainClients.ts'
import { chainUnavailable } from '../chains/chainParams.ts'
import type { ChainConfig, ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest, forbidden } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { classifyChainError } from '../http/upstreamErrors.ts'
import { type Logger, silentLogger } from '../log.ts'
import type { Project } from '../projects/model.ts'
import { normalizeOrigin } from '../projects/model.ts'
import { SigningKeys } from './signingKeys.ts'
import { type SiweDb, withSiweTables } from './siweTables.ts'

/** Clock skew allowed to a wallet's `Issued At` and `Not Before` (ahead of the server's clock). */
export const SIWE_CLOCK_SKEW_MS = 60_000
/** The longest bearer token read (ours are ~600 characters). */
const MAX_TOKEN_LENGTH = 4_096

export interface SiweRouteDeps {
  config: ServerConfig
  db: FoyerDatabase
  /** The project middleware (rate limits, project, allowed origins) of the data routes. */
  project: MiddlewareHandler<AppEnv>
  logger?: Logger
  /** One RPC client per chain (default: a new set). */
  clients?: ChainClients
}

/**
 * Sign-in with Ethereum (EIP-4361), docs/siwe.md: `GET /v1/auth/siwe/nonce`, `POST /v1/auth/siwe/verify`,
 * `GET /v1/auth/siwe/session`, `POST /v1/auth/siwe/sign-out`, and the public keys of the tokens at
 * `GET /.well-known/jwks.json`. Tokens, signatures and keys are never logged.
 */
export function registerSiweRoutes(app: FoyerApp, deps: SiweRouteDeps) {
  const { config, project } = deps
  const db = withSiweTables(deps.db)
  const logger = deps.logger ?? silentLogger
  const clients = deps.clients ?? new ChainClients()
  const keys = new SigningKeys(db, config.siwe, logger)
  const issuer = config.embedded.publicUrl

  route(app, routes.siweNonce, project, async (c) => {
    // 16 random bytes as hex: 32 letters and digits (EIP-4361 asks for at least 8 alphanumerics, the contract 17).
    const nonce = randomBytes(16).toString('hex')
    const expiresAt = new Date(Date.now() + SIWE_NONCE_TTL_MS)
    await db
      .insertInto('siwe_nonces')
      .values({ nonce, project_id: c.get('project').id, expires_at: expiresAt })
      .execute()
    c.header('Cache-Control', 'no-store')
    return { nonce, expiresAt: expiresAt.toISOString() }
  })

  route(app, routes.siweVerify, project, async (c, request) => {
    const body = await request.body()
    const p = c.get('project')
    const message = parseMessage(body.message)
    const now = Date.now()

    // The first verify whose message names a nonce spends it, whatever it answers: one conditional update, so of
    // any number of attempts at once exactly one finds the nonce unspent, and a wrong signature gets no second try.
    const spent = await db
      .updateTable('siwe_nonces')
      .set({ used_at: new Date(now) })
      .where('nonce', '=', message.nonce)
      .where('project_id', '=', p.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .returning('nonce')
      .executeTakeFirst()
    if (!spent) throw invalidNonce()

    checkDomain(message, allowedOriginsFor(c, p))
    const chain = config.chains.find((ch) => ch.id === message.chainId)
    if (!chain) {
      const served = config.chains.map((ch) => `eip155:${ch.id}`)
      throw badRequest(
        'unsupported_chain',
        `Chain eip155:${message.chainId} is not served by this Foyer server${served.length ? ` (it serves ${served.join(', ')})` : ''}`,
        { chainId: `eip155:${message.chainId}`, served },
      )
    }
    checkTimes(message, now)

    const address = getAddress(message.address)
    await checkSignature(clients.get(chain), chain, address, body.message, body.signature)

    const signing = await keys.current(now)
    const expiresAt = new Date(
      Math.min(message.expirationTime?.getTime() ?? Number.POSITIVE_INFINITY, now + SIWE_TOKEN_MAX_TTL_MS),
    )
    const id = randomUUID()
    const token = await new SignJWT({ chain_id: chain.id })
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(address)
      .setAudience(p.id)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setJti(id)
      .sign(signing.privateKey)
    // The session keeps the hash of this exact string: another encoding of the same signature is not its token.
    await db
      .insertInto('siwe_sessions')
      .values({
        id,
        project_id: p.id,
        address,
        chain_id: chain.id,
        nonce: message.nonce,
        kid: signing.kid,
        token_sha256: sha256(token),
        expires_at: expiresAt,
      })
      .execute()
    c.header('Cache-Control', 'no-store')
    return {
      token,
      address,
      chainId: chain.id,
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
    }
  })

  /**
   * The token's claims when it is ours, for this project, unexpired; that it is the string its session was handed
   * (`tokenSha256`) and not revoked is still to be checked against the session row.
   */
  async function readToken(c: Context<AppEnv>) {
    const header = c.req.header('authorization')
    const token = header?.match(/^Bearer ([A-Za-z0-9_\-.]+)$/)?.[1]
    if (!token || token.length > MAX_TOKEN_LENGTH) throw unauthorized('Send Authorization: Bearer <token>')
    try {
      const key = async (header: { kid?: string }) => {
        const found = await keys.publicKey(header.kid)
        if (!found) throw new Error('unknown key id')
        return found
      }
      const { payload } = await jwtVerify(token, key, {
        issuer,
        audience: c.get('project').id,
        algorithms: ['ES256'],
        requiredClaims: ['sub', 'jti', 'exp', 'iat'],
      })
      if (typeof payload.jti !== 'string' || typeof payload.chain_id !== 'number' || typeof payload.sub !== 'string')
        throw new Error('claims')
      return {
        id: payload.jti,
        address: payload.sub,
        chainId: payload.chain_id,
        exp: payload.exp!,
        tokenSha256: sha256(token),
      }
    } catch (e) {
      if (e instanceof ApiError) throw e
      throw unauthorized('The token is not valid for this project')
    }
  }

  route(app, routes.siweSession, project, async (c) => {
    const claims = await readToken(c)
    const live = await liveSession(db, claims.id, claims.tokenSha256, c.get('project').id)
    if (!live) throw unauthorized('The token has been signed out')
    c.header('Cache-Control', 'no-store')
    return {
      address: claims.address as `0x${string}`,
      chainId: claims.chainId,
      expiresAt: new Date(claims.exp * 1000).toISOString(),
    }
  })

  route(app, routes.siweSignOut, project, async (c) => {
    const claims = await readToken(c)
    // Idempotent: a token already signed out is answered the same; the first revocation time is kept. Only the
    // token string the session was handed signs it out.
    const revoked = await db
      .updateTable('siwe_sessions')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
      .where('id', '=', claims.id)
      .where('project_id', '=', c.get('project').id)
      .where('token_sha256', '=', claims.tokenSha256)
      .executeTakeFirst()
    if (revoked.numUpdatedRows === 0n) throw unauthorized('The token is not valid for this project')
    c.header('Cache-Control', 'no-store')
    return { signedOut: true }
  })

  route(app, routes.jwks, async (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    c.header('Access-Control-Allow-Origin', '*')
    return await keys.jwks()
  })
}

function liveSession(db: SiweDb, id: string, tokenSha256: string, projectId: string) {
  return db
    .selectFrom('siwe_sessions')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .where('token_sha256', '=', tokenSha256)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
}

type ParsedMessage = SiweMessage & { expirationTime?: Date; notBefore?: Date }

/** The EIP-4361 fields of `text`, every one a well-formed value, or 400 `invalid_message`. */
function parseMessage(text: string): ParsedMessage {
  const invalid = (why: string) =>
    badRequest('invalid_message', `The message is not an EIP-4361 sign-in message: ${why}`)
  const parsed = parseSiweMessage(text)
  for (const field of ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const) {
    if (parsed[field] === undefined || parsed[field] === '') throw invalid(`no ${field}`)
  }
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const date = parsed[field]
    if (date !== undefined && Number.isNaN(date.getTime())) throw invalid(`${field} is not an RFC 3339 date-time`)
  }
  const message = parsed as ParsedMessage
  if (!Number.isSafeInteger(message.chainId) || message.chainId <= 0) throw invalid('chainId is not a chain id')
  let canonical: string
  try {
    // createSiweMessage checks each field's form (address, domain, URI, nonce, version, statement) and throws.
    canonical = createSiweMessage(message)
  } catch (e) {
    throw invalid((e as { shortMessage?: string }).shortMessage ?? 'a field is malformed')
  }
  // Written back, the fields must give the text that was signed (date-times in any RFC 3339 form): nothing before,
  // between or after them, the address checksummed.
  if (sameDates(canonical) !== sameDates(text))
    throw invalid('it has text outside the EIP-4361 fields, or a field out of place')
  // Its other rules (version 1, nonce form, address); lifetimes are checked by checkTimes with their own codes.
  if (!validateSiweMessage({ message: { ...message, expirationTime: undefined, notBefore: undefined } }))
    throw invalid('a field is malformed')
  return message
}

/** `text` with its date-time lines in one form (toISOString), to compare messages field by field. */
function sameDates(text: string): string {
  return text.replace(/^(Issued At|Expiration Time|Not Before): (.+)$/gm, (line, name: string, value: string) => {
    const date = new Date(value)
    return Number.isNaN(date.getTime()) ? line : `${name}: ${date.toISOString()}`
  })
}

/** The origins a sign-in may name: the request's Origin (already checked against the project), else the project's. */
function allowedOriginsFor(c: Context<AppEnv>, p: Project): string[] {
  const raw = c.req.header('origin')
  if (raw === undefined) return p.allowedOrigins
  const origin = normalizeOrigin(raw)
  return origin ? [origin] : []
}

/**
 * The message must be for an allowed origin (a phishing site's message is not ours): its domain that origin's host
 * (and port), its URI's origin — scheme, host and port, as WHATWG URL reads them — that origin, and its optional
 * scheme prefix that origin's scheme.
 */
function checkDomain(message: ParsedMessage, origins: string[]) {
  let uriOrigin: string | undefined
  try {
    uriOrigin = new URL(message.uri).origin
  } catch {
    uriOrigin = undefined
  }
  const matching = origins.find((o) => {
    const origin = new URL(o)
    return (
      origin.host === message.domain &&
      origin.origin === uriOrigin &&
      (message.scheme === undefined || `${message.scheme}:` === origin.protocol)
    )
  })
  if (!matching) {
    throw forbidden(
      'domain_mismatch',
      origins.length
        ? `The message's domain and URI must be the requesting site's (${origins.join(', ')})`
        : 'The message names a domain this project does not allow (the project allows no origin)',
    )
  }
}

/**
 * The signature is `address`'s signature of `text` on `chain`, or 401 `invalid_signature`; 502 `chain_unavailable`
 * only when the node did not answer a check that needs it. viem's `verifyMessage` decides (an account's key, an
 * ERC-1271 contract, an ERC-6492 or ERC-8010 wrapper); before it, a wrapper that viem's parsers cannot read is
 * refused, and so is the high-s twin of the account's own ECDSA signature (s > n/2, made from a valid signature
 * without the key). A contract account's signature is the contract's to judge.
 */
async function checkSignature(client: ChainClient, chain: ChainConfig, address: Address, text: string, signature: Hex) {
  try {
    if (isErc6492Signature(signature)) parseErc6492Signature(signature)
    if (isErc8010Signature(signature)) parseErc8010Signature(signature)
  } catch {
    throw invalidSignature('The signature is malformed')
  }
  if (hasHighS(signature)) {
    const signer = await recoverMessageAddress({ message: text, signature }).catch(() => undefined)
    if (signer === address)
      throw invalidSignature('The signature has a high s (the malleable twin of the account’s signature)')
  }
  let valid: boolean
  try {
    valid = await client.verifyMessage({ address, message: text, signature })
  } catch (e) {
    // The node's error text can carry the call data (the signature): only its name is kept.
    if (nodeFailed(e)) throw chainUnavailable(chain, new Error(`verifyMessage failed: ${(e as Error).name}`))
    // Anything else viem throws is about the signature's bytes (a wrapper whose inner parts do not decode).
    valid = false
  }
  if (!valid) throw invalidSignature('The signature is not the account’s signature of this message')
}

/** A 65-byte ECDSA signature whose s is above n/2 (the check is @noble/curves'). */
function hasHighS(signature: Hex): boolean {
  if (size(signature) !== 65) return false
  try {
    return secp256k1.Signature.fromCompact(signature.slice(2, 130)).hasHighS()
  } catch {
    return false // r or s out of range: no signature at all, viem refuses it
  }
}

/** The kinds of viem error that mean the node did not answer (or answered with an error of its own). */
const NODE_FAILURES = [HttpRequestError, TimeoutError, WebSocketRequestError, SocketClosedError, RpcRequestError]

/** Whether `error` is the chain's node failing, not a revert or a signature whose bytes do not decode. */
function nodeFailed(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    classifyChainError(error)?.status === 502 &&
    error.walk((e) => NODE_FAILURES.some((kind) => e instanceof kind)) !== null
  )
}

function checkTimes(message: ParsedMessage, now: number) {
  const issuedAt = message.issuedAt!.getTime()
  if (issuedAt > now + SIWE_CLOCK_SKEW_MS)
    throw badRequest('message_not_yet_valid', 'The message was issued in the future')
  if (issuedAt < now - SIWE_NONCE_TTL_MS - SIWE_CLOCK_SKEW_MS)
    throw badRequest('message_expired', 'The message was issued too long ago; sign a new one')
  if (message.expirationTime && message.expirationTime.getTime() <= now)
    throw badRequest('message_expired', 'The message has expired; sign a new one')
  if (message.notBefore && message.notBefore.getTime() > now + SIWE_CLOCK_SKEW_MS)
    throw badRequest('message_not_yet_valid', 'The message is not valid yet (Not Before is in the future)')
}

const invalidSignature = (message: string) => new ApiError(401, 'invalid_signature', message)

const invalidNonce = () =>
  new ApiError(401, 'invalid_nonce', 'The nonce is unknown, expired or already used; ask for a new one')

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const unauthorized = (message: string) =>
  new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer realm="foyer-siwe"' } })

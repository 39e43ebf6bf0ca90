import { randomBytes, randomUUID } from 'node:crypto'
import { routes, SIWE_NONCE_TTL_MS, SIWE_TOKEN_MAX_TTL_MS } from '@foyer/core/protocol'
import type { Context, MiddlewareHandler } from 'hono'
import { jwtVerify, SignJWT } from 'jose'
import { sql } from 'kysely'
import { getAddress } from 'viem'
import { createSiweMessage, parseSiweMessage, type SiweMessage, validateSiweMessage } from 'viem/siwe'
import type { FoyerApp } from '../app.ts'
import { ChainClients } from '../chains/chainClients.ts'
import { chainUnavailable } from '../chains/chainParams.ts'
import type { ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest, forbidden } from '../http/errors.ts'
import { route } from '../http/route.ts'
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
    const now = Date.now()
    checkTimes(message, now)

    // A cheap look first, so an unknown or spent nonce costs no RPC call; the nonce is consumed below.
    const usable = await db
      .selectFrom('siwe_nonces')
      .select('nonce')
      .where('nonce', '=', message.nonce)
      .where('project_id', '=', p.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date(now))
      .executeTakeFirst()
    if (!usable) throw invalidNonce()

    const address = getAddress(message.address)
    let valid: boolean
    try {
      valid = await clients.get(chain).verifyMessage({ address, message: body.message, signature: body.signature })
    } catch (e) {
      // The node's error text can carry the call data (the signature): only its name is kept.
      throw chainUnavailable(chain, new Error(`verifyMessage failed: ${(e as Error)?.name ?? 'error'}`))
    }
    if (!valid)
      throw new ApiError(401, 'invalid_signature', 'The signature is not the account’s signature of this message')

    const signing = await keys.current(now)
    const expiresAt = new Date(
      Math.min(message.expirationTime?.getTime() ?? Number.POSITIVE_INFINITY, now + SIWE_TOKEN_MAX_TTL_MS),
    )
    const id = randomUUID()
    // One statement: the nonce is spent and the session made together, or neither (a replay or a race lost).
    const made = await sql<{ id: string }>`
      with consumed as (
        update siwe_nonces set used_at = ${new Date(now)}
        where nonce = ${message.nonce} and project_id = ${p.id} and used_at is null and expires_at > ${new Date(now)}
        returning nonce
      )
      insert into siwe_sessions (id, project_id, address, chain_id, nonce, kid, expires_at)
      select ${id}, ${p.id}, ${address}, ${chain.id}, nonce, ${signing.kid}, ${expiresAt} from consumed
      returning id`.execute(db)
    if (made.rows.length !== 1) throw invalidNonce()

    const token = await new SignJWT({ chain_id: chain.id })
      .setProtectedHeader({ alg: 'ES256', kid: signing.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(address)
      .setAudience(p.id)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setJti(id)
      .sign(signing.privateKey)
    c.header('Cache-Control', 'no-store')
    return {
      token,
      address,
      chainId: chain.id,
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
    }
  })

  /** The token's claims when it is ours, for this project, unexpired; `revoked` still to be checked. */
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
      return { id: payload.jti, address: payload.sub, chainId: payload.chain_id, exp: payload.exp! }
    } catch (e) {
      if (e instanceof ApiError) throw e
      throw unauthorized('The token is not valid for this project')
    }
  }

  route(app, routes.siweSession, project, async (c) => {
    const claims = await readToken(c)
    const live = await liveSession(db, claims.id, c.get('project').id)
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
    // Idempotent: a token already signed out is answered the same; the first revocation time is kept.
    await db
      .updateTable('siwe_sessions')
      .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
      .where('id', '=', claims.id)
      .where('project_id', '=', c.get('project').id)
      .execute()
    c.header('Cache-Control', 'no-store')
    return { signedOut: true }
  })

  route(app, routes.jwks, async (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    c.header('Access-Control-Allow-Origin', '*')
    return await keys.jwks()
  })
}

function liveSession(db: SiweDb, id: string, projectId: string) {
  return db
    .selectFrom('siwe_sessions')
    .select('id')
    .where('id', '=', id)
    .where('project_id', '=', projectId)
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

/** The message's domain and URI must be those of an allowed origin (a phishing site's message is not ours). */
function checkDomain(message: ParsedMessage, origins: string[]) {
  const matching = origins.find((o) => new URL(o).host === message.domain)
  let uriHost: string | undefined
  try {
    uriHost = new URL(message.uri).host
  } catch {
    uriHost = undefined
  }
  const scheme = matching ? new URL(matching).protocol.slice(0, -1) : undefined
  if (!matching || uriHost !== message.domain || (message.scheme !== undefined && message.scheme !== scheme)) {
    throw forbidden(
      'domain_mismatch',
      origins.length
        ? `The message's domain and URI must be the requesting site's (${origins.map((o) => new URL(o).host).join(', ')})`
        : 'The message names a domain this project does not allow (the project allows no origin)',
    )
  }
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

const invalidNonce = () =>
  new ApiError(401, 'invalid_nonce', 'The nonce is unknown, expired or already used; ask for a new one')

const unauthorized = (message: string) =>
  new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer realm="foyer-siwe"' } })

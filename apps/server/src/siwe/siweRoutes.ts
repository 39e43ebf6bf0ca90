import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { routes, SIWE_NONCE_TTL_MS, SIWE_TOKEN_MAX_TTL_MS } from '@foyer/core/protocol'
import type { Context, MiddlewareHandler } from 'hono'
import { jwtVerify, SignJWT } from 'jose'
import { sql } from 'kysely'
import { getAddress } from 'viem'
import type { FoyerApp } from '../app.ts'
import { ChainClients } from '../chains/chainClients.ts'
import type { ServerConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import type { AppEnv } from '../http/context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { route } from '../http/route.ts'
import { type Logger, silentLogger } from '../log.ts'
import type { Project } from '../projects/model.ts'
import { normalizeOrigin } from '../projects/model.ts'
import { SigningKeys } from './signingKeys.ts'
import { checkDomain, checkTimes, parseMessage } from './siweMessage.ts'
import { checkSignature } from './siweSignature.ts'
import { type SiweDb, withSiweTables } from './siweTables.ts'

/** The longest bearer token read (ours are ~600 characters). */
const MAX_TOKEN_LENGTH = 4_096

export interface SiweRouteDeps {
  config: ServerConfig
  db: FoyerDatabase
  /** The project middleware (rate limits, project, allowed origins) of the data routes. */
  project: MiddlewareHandler<AppEnv>
  /** The same for the sign-in itself (nonce and verify): its limits refuse when they cannot be counted (default `project`). */
  signIn?: MiddlewareHandler<AppEnv>
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
  const signIn = deps.signIn ?? project
  const db = withSiweTables(deps.db)
  const logger = deps.logger ?? silentLogger
  const clients = deps.clients ?? new ChainClients({ timeoutMs: config.rpcTimeoutMs })
  const keys = new SigningKeys(db, config.siwe, logger)
  const issuer = config.embedded.publicUrl

  route(app, routes.siweNonce, signIn, async (c) => {
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

  route(app, routes.siweVerify, signIn, async (c, request) => {
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

/** The origins a sign-in may name: the request's Origin (already checked against the project), else the project's. */
function allowedOriginsFor(c: Context<AppEnv>, p: Project): string[] {
  const raw = c.req.header('origin')
  if (raw === undefined) return p.allowedOrigins
  const origin = normalizeOrigin(raw)
  return origin ? [origin] : []
}

const invalidNonce = () =>
  new ApiError(401, 'invalid_nonce', 'The nonce is unknown, expired or already used; ask for a new one')

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const unauthorized = (message: string) =>
  new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer realm="foyer-siwe"' } })

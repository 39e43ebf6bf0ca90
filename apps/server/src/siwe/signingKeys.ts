import { hkdfSync } from 'node:crypto'
import { SIWE_TOKEN_MAX_TTL_MS, type SiweJwk, type SiweJwksResponse } from '@foyer/core/protocol'
import {
  CompactEncrypt,
  type CryptoKey,
  calculateJwkThumbprint,
  compactDecrypt,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose'
import type { Selectable } from 'kysely'
import { ApiError } from '../http/errors.ts'
import type { Logger } from '../log.ts'
import type { SiweConfig } from './siweConfig.ts'
import type { SiweDb, SiweTables } from './siweTables.ts'

type KeyRow = Selectable<SiweTables['siwe_signing_keys']>

/** A key's id: its RFC 7638 thumbprint (base64url of a SHA-256). */
const KID_PATTERN = /^[A-Za-z0-9_-]{43}$/
/** How long this instance serves its copy of the key set before reading it again (another instance may rotate). */
const JWKS_CACHE_MS = 30_000
/** Clock skew allowed to the sites that check tokens: a superseded key stays published this much longer. */
const PUBLISH_SKEW_MS = 5 * 60 * 1000

export interface SigningKey {
  kid: string
  privateKey: CryptoKey
}

/**
 * The ES256 keys sign-in tokens are signed with, kept in the database so every instance signs with the same key and
 * a restart keeps tokens valid. The newest key signs; once it is older than the rotation period the next sign-in
 * makes a new one. A superseded key stays in the JWKS as long as a token it signed may still be valid.
 *
 * At rest the private JWK is encrypted (JWE, `dir` + A256GCM, the key id in the authenticated header) with a key
 * derived from FOYER_SIWE_KEY_SECRET when that is set; without it the database row is the secret.
 */
export class SigningKeys {
  readonly #db: SiweDb
  readonly #config: SiweConfig
  readonly #logger: Logger
  readonly #wrapKey: Uint8Array | undefined
  #current: (SigningKey & { createdAt: number }) | undefined
  #pending: Promise<SigningKey> | undefined
  readonly #publicKeys = new Map<string, CryptoKey>()
  #jwks: { at: number; body: SiweJwksResponse } | undefined
  #warnedPlain = false

  constructor(db: SiweDb, config: SiweConfig, logger: Logger) {
    this.#db = db
    this.#config = config
    this.#logger = logger
    this.#wrapKey = config.keySecret
      ? new Uint8Array(hkdfSync('sha256', config.keySecret, 'foyer-siwe-signing-key', 'jwe-dir-a256gcm-v1', 32))
      : undefined
  }

  /** The key to sign with now (made when there is none or the newest is due for rotation). */
  async current(now = Date.now()): Promise<SigningKey> {
    const cached = this.#current
    if (cached && now - cached.createdAt < this.#config.keyRotationMs) return cached
    // One read (and at most one new key) for the sign-ins of this instance that arrive together.
    this.#pending ??= this.#load(now).finally(() => {
      this.#pending = undefined
    })
    return this.#pending
  }

  async #load(now: number): Promise<SigningKey> {
    const newest = await this.#newest()
    if (newest && now - newest.created_at.getTime() < this.#config.keyRotationMs) return this.#use(newest)
    const made = await this.#create((newest?.generation ?? 0) + 1, now)
    // Another instance made this generation first: sign with its key.
    return this.#use(made ?? (await this.#newest())!)
  }

  #newest() {
    return this.#db
      .selectFrom('siwe_signing_keys')
      .selectAll()
      .orderBy('generation', 'desc')
      .limit(1)
      .executeTakeFirst()
  }

  async #use(row: KeyRow): Promise<SigningKey> {
    const privateJwk = await this.#openPrivate(row)
    const privateKey = (await importJWK(privateJwk, 'ES256')) as CryptoKey
    const key = { kid: row.kid, privateKey, createdAt: row.created_at.getTime() }
    this.#current = key
    return key
  }

  /** Inserts generation `generation`; undefined when another instance inserted it first. */
  async #create(generation: number, now: number): Promise<KeyRow | undefined> {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true })
    const publicJwk = await exportJWK(publicKey)
    const kid = await calculateJwkThumbprint(publicJwk)
    const privateJwk = await exportJWK(privateKey)
    let stored: string
    if (this.#wrapKey) {
      stored = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(privateJwk)))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid })
        .encrypt(this.#wrapKey)
    } else {
      stored = JSON.stringify(privateJwk)
      if (!this.#warnedPlain) {
        this.#warnedPlain = true
        this.#logger.warn(
          'sign-in with Ethereum: the token signing key is stored unencrypted; set FOYER_SIWE_KEY_SECRET to encrypt it',
        )
      }
    }
    const row = await this.#db
      .insertInto('siwe_signing_keys')
      .values({
        kid,
        generation,
        public_jwk: JSON.stringify({ kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x, y: publicJwk.y }),
        private_jwk: stored,
        encrypted: this.#wrapKey !== undefined,
        created_at: new Date(now),
      })
      .onConflict((oc) => oc.column('generation').doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) {
      this.#jwks = undefined
      this.#logger.info('sign-in with Ethereum: new token signing key', { kid, generation })
    }
    return row
  }

  async #openPrivate(row: KeyRow): Promise<JWK> {
    if (!row.encrypted) return JSON.parse(row.private_jwk) as JWK
    if (!this.#wrapKey)
      throw keyUnavailable(this.#logger, row.kid, 'it is encrypted and FOYER_SIWE_KEY_SECRET is not set')
    try {
      const { plaintext, protectedHeader } = await compactDecrypt(row.private_jwk, this.#wrapKey)
      if (protectedHeader.kid !== row.kid) throw new Error('the encrypted key belongs to another key id')
      return JSON.parse(new TextDecoder().decode(plaintext)) as JWK
    } catch {
      throw keyUnavailable(this.#logger, row.kid, 'FOYER_SIWE_KEY_SECRET does not decrypt it')
    }
  }

  /** The public key `kid` names, if it is one of ours (published or not: revocation and expiry do the rest). */
  async publicKey(kid: unknown): Promise<CryptoKey | undefined> {
    if (typeof kid !== 'string' || !KID_PATTERN.test(kid)) return undefined
    const known = this.#publicKeys.get(kid)
    if (known) return known
    const row = await this.#db
      .selectFrom('siwe_signing_keys')
      .select('public_jwk')
      .where('kid', '=', kid)
      .executeTakeFirst()
    if (!row) return undefined
    const key = (await importJWK(JSON.parse(row.public_jwk) as JWK, 'ES256')) as CryptoKey
    this.#publicKeys.set(kid, key)
    return key
  }

  /** `GET /.well-known/jwks.json`: the newest key, and each older one while a token it signed may be valid. */
  async jwks(now = Date.now()): Promise<SiweJwksResponse> {
    if (this.#jwks && now - this.#jwks.at < JWKS_CACHE_MS) return this.#jwks.body
    let rows = await this.#db
      .selectFrom('siwe_signing_keys')
      .select(['kid', 'public_jwk', 'created_at'])
      .orderBy('generation', 'desc')
      .execute()
    if (rows.length === 0) {
      await this.current(now) // so a site can fetch the key set before anyone signs in
      rows = await this.#db
        .selectFrom('siwe_signing_keys')
        .select(['kid', 'public_jwk', 'created_at'])
        .orderBy('generation', 'desc')
        .execute()
    }
    const keys: SiweJwk[] = []
    rows.forEach((row, i) => {
      const successor = rows[i - 1]
      if (successor && successor.created_at.getTime() + SIWE_TOKEN_MAX_TTL_MS + PUBLISH_SKEW_MS <= now) return
      const jwk = JSON.parse(row.public_jwk) as { x: string; y: string }
      keys.push({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: row.kid, alg: 'ES256', use: 'sig' })
    })
    const body = { keys }
    this.#jwks = { at: now, body }
    return body
  }
}

function keyUnavailable(logger: Logger, kid: string, why: string): ApiError {
  logger.error(`sign-in with Ethereum: cannot use the token signing key ${kid}: ${why}`)
  return new ApiError(503, 'signing_key_unavailable', 'The server cannot sign sign-in tokens right now')
}

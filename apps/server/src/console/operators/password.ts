/**
 * Operator passwords, hashed with scrypt from `node:crypto`. Why scrypt from node: it is OpenSSL's implementation
 * (well kept, constant-time where it matters, no native add-on to compile and no extra dependency), scrypt is
 * memory-hard (each guess costs 32 MiB here, which is what makes GPU guessing expensive), and Node runs it on its
 * thread pool, so hashing never blocks the event loop.
 *
 * A hash is a self-describing string in the PHC format: `$scrypt$ln=15,r=8,p=1$<salt>$<key>` (salt and key in
 * unpadded base64). The parameters travel with the hash, so they can be raised later without breaking stored
 * passwords; verifying reads them back (within bounds, so a damaged row cannot make the server burn gigabytes).
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

export interface ScryptParameters {
  /** log2 of the CPU/memory cost N. */
  ln: number
  r: number
  p: number
}

/** N = 2^15, r = 8, p = 1: 32 MiB and about 50–100 ms per hash on a server core (the OWASP minimum is N = 2^17 at r = 8 with p = 1 for 128 MiB; 2^15 keeps 100 parallel sign-ins within memory on a small host). */
export const DEFAULT_SCRYPT: ScryptParameters = { ln: 15, r: 8, p: 1 }
const SALT_BYTES = 16
const KEY_BYTES = 32
/** The shortest password an operator may set. */
export const MIN_PASSWORD_LENGTH = 12
/** The longest: scrypt hashes any length, but there is no reason to take megabytes. */
export const MAX_PASSWORD_LENGTH = 1024

const BOUNDS = { ln: [10, 20], r: [1, 32], p: [1, 16] } as const

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')

function derive(password: string, salt: Buffer, { ln, r, p }: ScryptParameters, length: number): Promise<Buffer> {
  const N = 2 ** ln
  // Node refuses anything above `maxmem` (32 MiB by default, exactly what r = 8, N = 2^15 needs plus a little).
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** A fresh hash of `password` with a random salt. */
export async function hashPassword(password: string, parameters: ScryptParameters = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, parameters, KEY_BYTES)
  return `$scrypt$ln=${parameters.ln},r=${parameters.r},p=${parameters.p}$${b64(salt)}$${b64(key)}`
}

export interface ParsedHash {
  parameters: ScryptParameters
  salt: Buffer
  key: Buffer
}

const HASH = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/

/** The parts of a hash string, or undefined when it is not one this module wrote (or its parameters are out of bounds). */
export function parsePasswordHash(hash: string): ParsedHash | undefined {
  const m = HASH.exec(hash)
  if (!m) return undefined
  const parameters = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }
  for (const name of ['ln', 'r', 'p'] as const) {
    const [min, max] = BOUNDS[name]
    if (parameters[name] < min || parameters[name] > max) return undefined
  }
  return { parameters, salt: Buffer.from(m[4]!, 'base64'), key: Buffer.from(m[5]!, 'base64') }
}

/** Whether `hash` is a password hash this module can verify. */
export const isPasswordHash = (hash: string) => parsePasswordHash(hash) !== undefined

/** A hash of nothing anyone knows, computed once: verified against when there is no real hash, so that takes as long. */
let dummy: Promise<string> | undefined
const dummyHash = () => (dummy ??= hashPassword(randomBytes(32).toString('hex')))

/**
 * Whether `password` matches `hash`, compared in constant time. With no hash (unknown operator, or one without a
 * password) a dummy hash is verified instead, and the answer is false: both cases cost one scrypt like a real check.
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const real = parsePasswordHash(hash ?? '')
  const parsed = real ?? parsePasswordHash(await dummyHash())!
  const key = await derive(password, parsed.salt, parsed.parameters, parsed.key.length)
  const same = timingSafeEqual(key, parsed.key)
  return real !== undefined && same
}

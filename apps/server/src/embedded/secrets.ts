import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'

/** A 6-digit one-time code (uniform, leading zeros kept). */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
/** An unguessable token (sessions, device links): 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url')
export const newId = () => randomUUID()

/** Only hashes of codes, tokens and device ids are stored. A code is bound to its challenge id. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const codeHash = (challengeId: string, code: string) => sha256(`${challengeId}:${code}`)

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * GF(2^8) arithmetic in constant time: the AES field (x^8 + x^4 + x^3 + x + 1), the same field as
 * shamir-secret-sharing and our earlier code. No branch and no table index depends on an operand, because the
 * operands here are bytes of key shares: a timing or cache side channel must not learn them.
 */

/** a·b: shift-and-add over the 8 bits of b, every step the same whatever the values. */
export function gfMul(a: number, b: number): number {
  let product = 0
  let x = a & 0xff
  let y = b & 0xff
  for (let bit = 0; bit < 8; bit++) {
    product ^= -(y & 1) & x // add x when the low bit of y is set, by mask (no branch)
    const carry = -(x >> 7) & 0x1b // reduce by the field polynomial when x overflows, by mask
    x = ((x << 1) ^ carry) & 0xff
    y >>= 1
  }
  return product & 0xff
}

/** a^-1 = a^254 (Fermat: a^255 = 1), by a fixed square-and-multiply chain; 0 maps to 0. */
export function gfInverse(a: number): number {
  const a2 = gfMul(a, a)
  const a3 = gfMul(a2, a)
  const a6 = gfMul(a3, a3)
  const a7 = gfMul(a6, a)
  const a14 = gfMul(a7, a7)
  const a15 = gfMul(a14, a)
  const a30 = gfMul(a15, a15)
  const a31 = gfMul(a30, a)
  const a62 = gfMul(a31, a31)
  const a63 = gfMul(a62, a)
  const a126 = gfMul(a63, a63)
  const a127 = gfMul(a126, a)
  return gfMul(a127, a127)
}

/** a / b. Throws only on b = 0, which callers reach only with public x coordinates (never with share bytes). */
export function gfDiv(a: number, b: number): number {
  if (b === 0) throw new RangeError('division by zero in GF(256)')
  return gfMul(a, gfInverse(b))
}

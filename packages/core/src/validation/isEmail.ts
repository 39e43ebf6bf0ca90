// Apart from the other checks: the Connect view's email field needs only this one.

/** A practical email check: one @, no spaces, a dot in the domain, at most 254 characters. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value)
}

/** An origin as the wallet keys its authorisations: `scheme://host[:port]`, or `null` for opaque origins. */
export function normalizeOrigin(origin: string): string {
  if (!origin || origin === 'null') return 'null'
  try {
    const o = new URL(origin).origin
    return o === 'null' ? 'null' : o
  } catch {
    return origin
  }
}

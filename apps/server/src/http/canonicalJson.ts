/**
 * JSON text that must be read exactly as it was signed. `JSON.parse` keeps the last of two equal keys (`{"name":"a",
 * "name":"b"}` is `{ name: "b" }`), while a wallet or a person reading the text may see the first: the signer would
 * approve one value and the server act on another. Rather than a parser of our own, the text must be exactly what
 * `JSON.stringify` writes for the value `JSON.parse` reads from it (both the engine's own, audited parsers). Text
 * with a key twice can never pass: `JSON.stringify` writes each own key of an object once, so its output has fewer
 * members than the text, and differs from it. The same rule refuses spaces, other number spellings (`1e3`, `1.0`),
 * escapes JSON.stringify would not write and keys in another order than it keeps (integer-like keys first) — a
 * message has one spelling, the one `createNameMessage` writes.
 */

/** The value of `text`, or undefined when it is not JSON or not exactly `JSON.stringify` of that value. */
export function parseCanonicalJson(text: string): { value: unknown } | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  return JSON.stringify(value) === text ? { value } : undefined
}

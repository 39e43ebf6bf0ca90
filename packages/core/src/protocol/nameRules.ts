/**
 * The rules of a Foyer account name, the one copy the server's schemas and the browser's checks share. No valibot
 * here, so the modal may check a name as it is typed without loading a schema.
 *
 * A name is `<label>.<suffix>`: the label is one DNS host-name label (RFC 1123 letters, digits and hyphens, no
 * hyphen first or last) of 4 to 63 characters, without `--` in its third and fourth places — the places RFC 5891
 * reserves for tagged labels such as punycode `xn--`, which would show as another name — and is kept lower-case; the suffix is the server operator's (FOYER_NAMES_SUFFIX, `foyer.id` by default).
 */

/** The suffix a server without FOYER_NAMES_SUFFIX gives its names. */
export const DEFAULT_NAMES_SUFFIX = 'foyer.id'

/**
 * Letters, digits and hyphens, 4 to 63 of them, any case; a letter or digit first and last; not `--` third and fourth.
 */
export const NAME_LABEL_PATTERN = /^(?!..--)[a-zA-Z0-9][a-zA-Z0-9-]{2,61}[a-zA-Z0-9]$/

/** The rule in words, for error messages. */
export const NAME_RULE_TEXT =
  '4 to 63 letters, digits or hyphens, a letter or digit first and last, and not -- in the third and fourth places (no xn--)'

/** Shortest and longest label. */
export const MIN_NAME_LABEL_LENGTH = 4
export const MAX_NAME_LABEL_LENGTH = 63

/** Whether `label` (the part before the suffix) may be registered: see `NAME_LABEL_PATTERN`. */
export function isValidNameLabel(label: unknown): label is string {
  return typeof label === 'string' && NAME_LABEL_PATTERN.test(label)
}

/**
 * A name as typed (`Alice`, `alice.foyer.id`, `ALICE.FOYER.ID`) as the label and full name it stands for, lower-case;
 * undefined when the label breaks the rule or another suffix than `suffix` follows it.
 */
export function normalizeName(input: string, suffix: string): { label: string; name: string } | undefined {
  const lower = input.trim().toLowerCase()
  const tail = `.${suffix.toLowerCase()}`
  const label = lower.endsWith(tail) ? lower.slice(0, -tail.length) : lower
  if (!isValidNameLabel(label)) return undefined
  return { label, name: `${label}${tail}` }
}

/** The bit a name's coin type sets on an EVM chain id (ENSIP-11): coin type = `(0x80000000 | chainId) >>> 0`. */
export const NAME_COIN_TYPE_FLAG = 0x80000000

/** The chain id a coin type names; undefined unless it has the EVM bit, fits 32 bits and names a chain id above 0. */
export function chainIdOfNameCoinType(coinType: number): number | undefined {
  if (!Number.isSafeInteger(coinType) || coinType < NAME_COIN_TYPE_FLAG || coinType > 0xffffffff) return undefined
  const chainId = coinType - NAME_COIN_TYPE_FLAG
  return chainId > 0 ? chainId : undefined
}

/** How old a signed name message may be (seconds), and how far ahead of the server's clock. */
export const NAME_MESSAGE_MAX_AGE_SECONDS = 300
export const NAME_MESSAGE_MAX_SKEW_SECONDS = 60

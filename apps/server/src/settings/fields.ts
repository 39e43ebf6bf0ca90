/**
 * The field schemas every server setting is parsed with. A setting arrives as a string (from the environment, or
 * from the config file turned into one), trimmed and never blank; a field turns it into its value or fails with
 * issues whose message says what a valid value looks like. Integers, booleans, durations, URLs and lists are each
 * parsed here and nowhere else.
 */
import * as v from 'valibot'

/** How one setting's string is parsed, and how it is described to people. */
export interface Field<T> {
  /** String in, value out; every issue's message is an "expected …" phrase (see settings/issues.ts). */
  readonly schema: v.GenericSchema<string, T>
  /** What a valid value looks like: the settings table's "expected" column and the error line's end. */
  readonly expects: string
  /** In a config file, a JSON value may stand for the value: `json` the array or object itself, `list` its items. */
  readonly fileArray?: 'json' | 'list'
  /** A path: relative to the current directory, or in a config file to the file's folder. */
  readonly isPath?: true
}

/** Words a boolean setting accepts, compared without case. */
export const TRUE_WORDS = ['1', 'true', 'yes', 'on'] as const
export const FALSE_WORDS = ['0', 'false', 'no', 'off'] as const

/** A non-negative whole number from `min` to `max`, written in decimal digits (`expects`: another wording). */
export function integer(min: number, max: number, expects = `an integer from ${min} to ${max}`): Field<number> {
  return {
    expects,
    schema: v.pipe(
      v.string(expects),
      v.regex(/^\d{1,15}$/, expects),
      v.transform(Number),
      v.minValue(min, expects),
      v.maxValue(max, expects),
    ),
  }
}

const UNIT_MS = { milliseconds: 1, seconds: 1000, days: 24 * 60 * 60 * 1000 } as const

/** A whole number of `unit`s from `min` to `max`; the value is in milliseconds. */
export function duration(unit: keyof typeof UNIT_MS, min: number, max: number): Field<number> {
  const whole = integer(min, max, `a whole number of ${unit} from ${min} to ${max}`)
  return {
    expects: whole.expects,
    schema: v.pipe(
      whole.schema,
      v.transform((n) => n * UNIT_MS[unit]),
    ),
  }
}

/** `true`/`false` (also 1/0, yes/no, on/off, in any case). Anything else is refused, never read as false. */
export function boolean(): Field<boolean> {
  const expects = 'true or false (or 1/0, yes/no, on/off)'
  return {
    expects,
    schema: v.pipe(
      v.string(expects),
      v.toLowerCase(),
      v.picklist([...TRUE_WORDS, ...FALSE_WORDS], expects),
      v.transform((word) => (TRUE_WORDS as readonly string[]).includes(word)),
    ),
  }
}

/** One of `values`, compared without case; the value is the lower-case word. */
export function oneOf<const T extends string>(values: readonly T[]): Field<T> {
  const expects = `one of ${values.join(', ')}`
  return { expects, schema: v.pipe(v.string(expects), v.toLowerCase(), v.picklist(values, expects)) }
}

/** Any string matching `pattern` (kept as written). */
export function matching(pattern: RegExp, expects: string): Field<string> {
  return { expects, schema: v.pipe(v.string(expects), v.regex(pattern, expects)) }
}

/** Any string: a free-form value such as a sender address or a user name. */
export function text(expects: string): Field<string> {
  return { expects, schema: v.string(expects) }
}

/** A file or folder; a relative one is resolved by the caller (against the current directory or the file's). */
export function path(expects = 'a file or folder path'): Field<string> {
  return { ...text(expects), isPath: true }
}

/** A host to listen on or connect to: a name or an IPv4/IPv6 address. */
export function hostname(): Field<string> {
  return matching(/^[A-Za-z0-9.:\-[\]%]{1,255}$/, 'a hostname or IP address')
}

/** A secret of printable ASCII without spaces; its value is never echoed (the setting is marked secret). */
export function secret(min: number, max: number): Field<string> {
  return matching(new RegExp(`^[\\x21-\\x7e]{${min},${max}}$`), `${min} to ${max} printable characters without spaces`)
}

export interface UrlOptions {
  /** Accepted schemes, with their colon: `['http:', 'https:']`. */
  protocols: readonly string[]
  /**
   * `url` (default): any URL of those schemes, kept as written; `base`: scheme and host only (one trailing slash
   * dropped); `origin`: an origin, normalised to `scheme://host[:port]`.
   */
  shape?: 'url' | 'base' | 'origin'
  /** Drop trailing slashes from the value. */
  trimSlashes?: boolean
  /** Override of the "expected" phrase. */
  expects?: string
}

/** A URL of the given schemes (see `UrlOptions.shape` for how much of it may be given). */
export function url(options: UrlOptions): Field<string> {
  const { protocols, shape = 'url' } = options
  const schemes = protocols.map((p) => `${p}//`).join(' or ')
  const article = protocols[0]?.startsWith('h') ? 'an' : 'a'
  const expects =
    options.expects ??
    (shape === 'origin'
      ? `an origin like https://wallet.example.com (${schemes}, no path)`
      : shape === 'base'
        ? `${article} ${schemes} base URL without a path`
        : `${article} ${schemes} URL`)
  const parse = (value: string): string | undefined => {
    if (shape === 'origin') return normalizeOrigin(value, protocols)
    if (shape === 'base') {
      const base = value.replace(/\/$/, '')
      const scheme = protocols.find((p) => base.startsWith(`${p}//`))
      return scheme && /^[^/\s]+$/.test(base.slice(scheme.length + 2)) ? base : undefined
    }
    try {
      const u = new URL(value)
      if (!protocols.includes(u.protocol) || u.host === '') return undefined
    } catch {
      return undefined
    }
    return options.trimSlashes ? value.replace(/\/+$/, '') : value
  }
  return {
    expects,
    schema: v.pipe(
      v.string(expects),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const parsed = parse(dataset.value)
        if (parsed === undefined) {
          addIssue({ message: expects })
          return NEVER
        }
        return parsed
      }),
    ),
  }
}

/**
 * Normalises a web origin: `HTTP://LocalHost:5173/` → `http://localhost:5173`. Only origins of `protocols`
 * (default http and https) without credentials, path, query or fragment are accepted; undefined otherwise.
 */
export function normalizeOrigin(
  value: unknown,
  protocols: readonly string[] = ['http:', 'https:'],
): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined
  let u: URL
  try {
    u = new URL(value)
  } catch {
    return undefined
  }
  if (!protocols.includes(u.protocol)) return undefined
  if (u.username || u.password || u.search || u.hash) return undefined
  if (u.pathname !== '/' && u.pathname !== '') return undefined
  // `new URL('http://a/')` has pathname '/' whether or not the slash was written; refuse any other path
  const trimmed = value.endsWith('/') ? value.slice(0, -1) : value
  if (trimmed.slice(u.protocol.length + 2).includes('/')) return undefined
  return u.origin
}

export interface ListOptions {
  /** The word that means an empty list (e.g. `none`), compared without case. */
  none?: string
  /** Drop repeated items. */
  unique?: boolean
}

/** Comma-separated items, each parsed by `item` (blank items are skipped); in a config file, also an array. */
export function list<T>(item: Field<T>, options: ListOptions = {}): Field<T[]> {
  const expects = `a comma-separated list of ${item.expects}${options.none ? `, or ${options.none}` : ''}`
  return {
    expects,
    fileArray: 'list',
    schema: v.pipe(
      v.string(expects),
      v.transform((value) =>
        options.none !== undefined && value.toLowerCase() === options.none
          ? []
          : value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
      ),
      v.array(item.schema, expects),
      v.transform((items) => (options.unique ? [...new Set(items)] : items)),
    ),
  }
}

/** A JSON document checked by `schema` (in a config file, the array itself may be written instead). */
export function json<T>(schema: v.GenericSchema<unknown, T>, expects: string): Field<T> {
  return {
    expects,
    fileArray: 'json',
    schema: v.pipe(v.string(expects), v.parseJson(undefined, `${expects} (this is not valid JSON)`), schema),
  }
}

/**
 * Refuses an array whose items repeat `key(item)`: the issue points at the repeated item's `field`.
 * Used for the id fields of the lists of projects, providers and chains.
 */
export function uniqueBy<T>(field: keyof T & string, expects: string) {
  return v.rawCheck<T[]>(({ dataset, addIssue }) => {
    // Also when other items are wrong: every problem is reported in one go.
    const list: unknown = dataset.value
    if (!Array.isArray(list)) return
    const seen = new Set<unknown>()
    list.forEach((entry: unknown, index) => {
      if (typeof entry !== 'object' || entry === null) return
      const item = entry as Record<string, unknown>
      const id = item[field]
      if (typeof id !== 'string' && typeof id !== 'number') return
      if (seen.has(id)) {
        addIssue({
          message: expects,
          input: id,
          path: [
            { type: 'array', origin: 'value', input: list, key: index, value: item },
            { type: 'object', origin: 'value', input: item, key: field, value: id },
          ],
        })
      }
      seen.add(id)
    })
  })
}

/**
 * The message of a strict object schema: `expects` when the value is not such an object, and the list of its fields
 * when it has one more (valibot reports that field with the expectation `never`).
 */
export function objectMessage(expects: string, fields: readonly string[]) {
  return (issue: v.BaseIssue<unknown>): string =>
    issue.expected === 'never' ? `no such field (the fields are ${fields.join(', ')})` : expects
}

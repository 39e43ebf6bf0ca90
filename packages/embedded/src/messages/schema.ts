/**
 * A very small runtime schema library for the frame messages (both sides validate everything they receive).
 * Kept here instead of a dependency: the embedded client is loaded on demand and every byte counts.
 */
export class SchemaError extends Error {
  override name = 'SchemaError'
  readonly path: string
  constructor(path: string, expected: string) {
    super(`${path || 'value'}: expected ${expected}`)
    this.path = path
  }
}

export type Schema<value> = { readonly expected: string; parse(input: unknown, path?: string): value }
export type Infer<schema> = schema extends Schema<infer value> ? value : never

function schema<value>(expected: string, check: (input: unknown, path: string) => value): Schema<value> {
  return { expected, parse: (input, path = '') => check(input, path) }
}

export function string(options: { min?: number; max?: number; pattern?: RegExp } = {}): Schema<string> {
  const { min = 0, max = 10_000, pattern } = options
  const expected = `a string of ${min}–${max} characters${pattern ? ` matching ${pattern}` : ''}`
  return schema(expected, (input, path) => {
    if (typeof input !== 'string' || input.length < min || input.length > max || (pattern && !pattern.test(input)))
      throw new SchemaError(path, expected)
    return input
  })
}

export function integer(options: { min?: number; max?: number } = {}): Schema<number> {
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = options
  const expected = `an integer from ${min} to ${max}`
  return schema(expected, (input, path) => {
    if (typeof input !== 'number' || !Number.isSafeInteger(input) || input < min || input > max)
      throw new SchemaError(path, expected)
    return input
  })
}

export const boolean: Schema<boolean> = schema('a boolean', (input, path) => {
  if (typeof input !== 'boolean') throw new SchemaError(path, 'a boolean')
  return input
})

export function oneOf<const values extends readonly (string | number | boolean)[]>(
  ...values: values
): Schema<values[number]> {
  const expected = `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`
  return schema(expected, (input, path) => {
    if (!values.includes(input as values[number])) throw new SchemaError(path, expected)
    return input as values[number]
  })
}

/**
 * Any JSON value (RPC params and results), bounded in depth and size so a message cannot be a bomb. A property whose
 * value is `undefined` is left out, as JSON leaves it out (viem's requests carry such keys, e.g. a call's `data`).
 */
export const json: Schema<unknown> = schema('a JSON value', (input, path) => jsonValue(input, path, 0))

function jsonValue(input: unknown, path: string, depth: number): unknown {
  if (depth > 32) throw new SchemaError(path, 'a JSON value nested at most 32 deep')
  if (input === null || typeof input === 'boolean' || typeof input === 'string') return input
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new SchemaError(path, 'a finite number')
    return input
  }
  if (Array.isArray(input)) {
    if (input.length > 10_000) throw new SchemaError(path, 'an array of at most 10000 items')
    return input.map((item, i) => jsonValue(item, `${path}[${i}]`, depth + 1))
  }
  if (isPlainObject(input)) {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(input))
      if (value !== undefined) out[key] = jsonValue(value, path ? `${path}.${key}` : key, depth + 1)
    return out
  }
  throw new SchemaError(path, 'a JSON value')
}

export function isPlainObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false
  const proto = Object.getPrototypeOf(input)
  return proto === Object.prototype || proto === null
}

export function optional<value>(inner: Schema<value>): Schema<value | undefined> & { optional: true } {
  return {
    optional: true,
    expected: `${inner.expected} or nothing`,
    parse: (input, path = '') => (input === undefined ? undefined : inner.parse(input, path)),
  }
}

export function nullable<value>(inner: Schema<value>): Schema<value | null> {
  return schema(`${inner.expected} or null`, (input, path) => (input === null ? null : inner.parse(input, path)))
}

export function array<value>(inner: Schema<value>, options: { max?: number } = {}): Schema<value[]> {
  const { max = 1000 } = options
  const expected = `an array of at most ${max} items`
  return schema(expected, (input, path) => {
    if (!Array.isArray(input) || input.length > max) throw new SchemaError(path, expected)
    return input.map((item, i) => inner.parse(item, `${path}[${i}]`))
  })
}

export function record<value>(
  key: Schema<string>,
  inner: Schema<value>,
  options: { max?: number } = {},
): Schema<Record<string, value>> {
  const { max = 100 } = options
  const expected = `an object of at most ${max} entries`
  return schema(expected, (input, path) => {
    if (!isPlainObject(input) || Object.keys(input).length > max) throw new SchemaError(path, expected)
    const out: Record<string, value> = {}
    for (const [k, v] of Object.entries(input))
      out[key.parse(k, `${path}.${k} (key)`)] = inner.parse(v, path ? `${path}.${k}` : k)
    return out
  })
}

type Shape = Record<string, Schema<unknown>>
type OptionalKeys<shape extends Shape> = {
  [k in keyof shape]: shape[k] extends { optional: true } ? k : never
}[keyof shape]
export type ObjectValue<shape extends Shape> = {
  [k in Exclude<keyof shape, OptionalKeys<shape>>]: Infer<shape[k]>
} & { [k in OptionalKeys<shape>]?: Infer<shape[k]> }

/** A plain object with exactly these keys: unknown keys are refused (a message never carries extras). */
export function object<shape extends Shape>(
  shape: shape,
): Schema<{ [k in keyof ObjectValue<shape>]: ObjectValue<shape>[k] }> {
  const keys = Object.keys(shape)
  const expected = `an object with keys ${keys.join(', ') || '(none)'}`
  return schema(expected, (input, path) => {
    if (!isPlainObject(input)) throw new SchemaError(path, expected)
    for (const key of Object.keys(input))
      if (!(key in shape)) throw new SchemaError(path ? `${path}.${key}` : key, 'no such key')
    const out: Record<string, unknown> = {}
    for (const key of keys) {
      const value = shape[key]!.parse(input[key], path ? `${path}.${key}` : key)
      if (value !== undefined) out[key] = value
    }
    return out as never
  })
}

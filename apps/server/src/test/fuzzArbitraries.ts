/**
 * fast-check arbitraries for fuzzing the HTTP routes: hostile values of every kind, mixed with plausible ones
 * (real token ids, addresses, chain ids) so that runs also get past validation and reach the chain and database.
 */
import fc from 'fast-check'
import { featurePlausible, HUGE, hex } from './fuzzFeatureValues.ts'

/** What plausible values are built from: the chains and contracts of the fuzz run. */
export interface FuzzWorld {
  liveChainId: number
  deadChainId: number
  tokens: string[]
  accounts: string[]
  projectIds: string[]
  origins: string[]
}

const DEEP_JSON = `${'['.repeat(5_000)}${']'.repeat(5_000)}`
const DEEP_OBJECT = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`

/** Strings that broke or might break parsers: numbers at the edges, injection-ish text, odd unicode, huge. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1.5',
  '9e15',
  '9007199254740993',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '18446744073709551616',
  '115792089237316195423570985008687907853269984665640564039457584007913129639936',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "' OR 1=1 --",
  '"; drop table projects; --',
  '1); select pg_sleep(5); --',
  '%00',
  '\u0000',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  'eip155:',
  'eip155:1',
  'eip155:31337:',
  'eip155:0:0x0000000000000000000000000000000000000000',
  'eip155:99999999999999999:0x0000000000000000000000000000000000000000',
  'solana:abc:def',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvd0',
  'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
  'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
  '0x',
  '0xZZ',
  '0X00',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\uD800',
  '\uFEFF',
  'ǅ',
  '\u202Eevil',
  'a\nb',
  'a\r\nX-Injected: 1',
  HUGE,
] as const

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }).map(String) },
)

/** A history cursor: base64url of four numbers, often out of range. */
const cursor = fc
  .array(
    fc.oneof(
      fc.integer(),
      fc.constantFrom(
        9e15,
        8.64e15,
        8.64e15 + 1,
        Date.UTC(10_000, 0, 1),
        Date.UTC(9999, 11, 31, 23, 59, 59, 999),
        -0,
        2 ** 31,
        2 ** 31 - 1,
        2 ** 53,
        1e308,
        -1,
      ),
      fc.double(),
      fc.string(),
    ),
    { minLength: 0, maxLength: 6 },
  )
  .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'))

/** A value for a parameter called `name`: plausible for that name, or hostile. */
export function valueFor(name: string, world: FuzzWorld): fc.Arbitrary<string> {
  const pick = plausibleFor(name, world)
  return pick ? fc.oneof({ weight: 3, arbitrary: pick }, { weight: 2, arbitrary: hostileString }) : hostileString
}

/** A well-formed value for a parameter called `name` (so runs get past validation), when the name is known. */
export function plausibleFor(name: string, world: FuzzWorld): fc.Arbitrary<string> | undefined {
  const chainIds = [world.liveChainId, world.deadChainId, 1, 0]
  const address = fc.oneof(fc.constantFrom(...world.tokens, ...world.accounts), hex(20))
  const tokenId = fc.tuple(fc.constantFrom(...chainIds), address).map(([id, a]) => `eip155:${id}:${a}`)
  const plausible: Record<string, fc.Arbitrary<string>> = {
    chainId: fc.oneof(
      fc.constantFrom(...chainIds).map(String),
      fc.constantFrom(...chainIds).map((id) => `eip155:${id}`),
    ),
    from: tokenId,
    to: tokenId,
    tokenAddress: tokenId,
    userAddress: fc.oneof(tokenId, address),
    address,
    account: address,
    amount: fc.oneof(
      fc.bigInt({ min: 1n, max: 10n ** 24n }).map(String),
      fc.bigInt({ min: 0n, max: 2n ** 260n }).map(String),
      fc.constantFrom('1000000000000000000', '1', '100.00'),
    ),
    gasPrice: fc.bigInt({ min: 0n, max: 2n ** 80n }).map(String),
    cursor,
    limit: fc.integer({ min: -5, max: 1000 }).map(String),
    page: fc.integer({ min: -5, max: 200_000 }).map(String),
    entries: fc.integer({ min: -5, max: 200 }).map(String),
    currency: fc.constantFrom('usd', 'USD', 'eur', ''),
    forceUpdate: fc.oneof(fc.constantFrom('true', 'false', '1', '0'), tokenId, address),
    chains: fc.constantFrom(
      'eip155',
      'eip155:1,solana',
      'eip155:1',
      'x'.repeat(200),
      Array.from({ length: 150 }, (_, i) => `w${i}`).join(','),
    ),
    include: fc.constantFrom(
      'metamask',
      'metamask,rainbow',
      'rainbow',
      'UPPER',
      Array.from({ length: 150 }, (_, i) => `w${i}`).join(','),
    ),
    exclude: fc.constantFrom('metamask', 'rainbow', ',,,', '-bad'),
    search: fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom('wallet', '%', '_', '\\')),
    imageId: fc.oneof(fc.constantFrom('metamask', 'rainbow', 'eip155:1', 'a.b:c'), fc.string({ maxLength: 140 })),
    ...featurePlausible(world),
  }
  return plausible[name]
}

/** Any JSON value, including prototype-pollution keys and arrays where objects are expected. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__":{"polluted":true}}'),
    { constructor: { prototype: { x: 1 } } },
    [],
    [[[]]],
    null,
    -0,
    1e308,
  ),
)

/** A JSON request body for a route whose fields are `fields`: an object of plausible/hostile values, or junk. */
export function bodyFor(fields: readonly string[], world: FuzzWorld): fc.Arbitrary<string> {
  const objectBody = fc
    .record(
      Object.fromEntries(
        [...fields, 'projectId'].map((f) => [
          f,
          fc.oneof(valueFor(f, world), hostileJson, fc.array(valueFor(f, world), { maxLength: 60 })),
        ]),
      ),
      { requiredKeys: [] },
    )
    .chain((o) =>
      fc.constantFrom(o, { ...o, projectId: world.projectIds[0] }, { ...o, eip155: { slippage: o.slippage ?? 1 } }),
    )
    .map((o) => JSON.stringify(o))
  // Every field well-formed: gets past validation to the database, the chain and the mailer.
  const wellFormed = wellFormedValues(fields, world, { allKeys: true }).map((o) =>
    JSON.stringify({
      ...o,
      ...(fields.includes('eip155') ? { eip155: { slippage: 1 } } : {}),
      ...(fields.includes('addresses') ? { addresses: [o.address ?? world.tokens[0]] } : {}),
      // Analytics: one event of the list, with a fresh id (a fixed one would be stored once and then be a no-op).
      ...(fields.includes('props')
        ? {
            eventId: crypto.randomUUID(),
            url: 'https://site.example/page',
            domain: 'site.example',
            timestamp: Date.now(),
            props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
          }
        : {}),
      // The on-ramp: an amount within the limits, a wallet to pay out to (and no quote, which would have to exist).
      ...(fields.includes('purchaseCurrency') ? { amount: '100.00' } : {}),
      ...(fields.includes('destinationWallets')
        ? {
            destinationWallets: [
              { address: world.accounts[0], blockchains: [`eip155:${world.liveChainId}`], assets: ['fUSD'] },
            ],
            defaultNetwork: `eip155:${world.liveChainId}`,
            defaultExperience: 'buy',
            presetFiatAmount: '100.00',
            quoteId: undefined,
          }
        : {}),
    }),
  )
  return fc.oneof(
    { weight: 3, arbitrary: wellFormed },
    { weight: 6, arbitrary: objectBody },
    { weight: 2, arbitrary: hostileJson.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        'NaN',
        '"x"',
        '\u0000',
        DEEP_JSON,
        DEEP_OBJECT,
        '{"a":1}{"b":2}',
        `{"projectId":"${HUGE}"}`,
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  )
}

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.foyer+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  '',
  undefined,
)

/** A header value a client can really send (printable ASCII; fetch refuses the rest before it leaves). */
export const headerValue = hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '').slice(0, 4_000))

/** Puts a value into a URL path segment: usually encoded, sometimes raw (malformed percent escapes included). */
export function pathSegment(value: string, raw: boolean): string {
  if (raw) return value.replace(/[/?#\s]/g, '').replace(/[^\x21-\x7e]/g, '') || '%'
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80' // a lone surrogate, as its (invalid) UTF-8 bytes
  }
}

/**
 * Well-formed values for every field (absent ones optional unless `allKeys`), all on ONE chain (the live or the
 * dead one), so runs reach the handler's real work: the pools, the node, the database.
 */
export function wellFormedValues(
  fields: readonly string[],
  world: FuzzWorld,
  { allKeys = false } = {},
): fc.Arbitrary<Record<string, string>> {
  const record = fc.record(
    Object.fromEntries(fields.map((f) => [f, plausibleFor(f, world) ?? hostileString])),
    allKeys ? undefined : { requiredKeys: [] },
  ) as fc.Arbitrary<Record<string, string>>
  return fc
    .tuple(record, fc.constantFrom(world.liveChainId, world.liveChainId, world.deadChainId))
    .map(([values, chainId]) =>
      Object.fromEntries(
        Object.entries(values).map(([k, v]) => [
          k,
          k === 'chainId' ? String(chainId) : v.replace(/^eip155:\d+:/, `eip155:${chainId}:`),
        ]),
      ),
    )
}

/**
 * Property-based fuzzing of EVERY route of the server (fast-check): random and hostile path, query, body and
 * header values. The property: the server never answers 5xx except a deliberate 502 `chain_unavailable` (the
 * dead chain below) or 503, and every 4xx carries the JSON error shape `{ error: { code, message } }`.
 *
 * The route list comes from Hono's `app.routes`, and the test fails when a registered route is missing from
 * ROUTES below: a new route gets fuzz coverage or the suite goes red. Runs are bounded (FOYER_FUZZ_RUNS, default
 * 100 per route) and seeded (FOYER_FUZZ_SEED, default fixed); fast-check prints the seed and the failing request.
 */
import {
  ANY_ROUTE_ERRORS,
  type ApiErrorCode,
  isValidNameLabel,
  type NameRecord,
  normalizeName,
  type Route,
  routes,
} from '@foyer/core/protocol'
import { devAccounts, type RunningDevnet, startDevnet } from '@foyer/devnet'
import { secp256k1 } from '@noble/curves/secp256k1'
import fc from 'fast-check'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from './app.ts'
import { loadConfig, parseDevnetFile } from './config.ts'
import { CONSOLE_ROUTES } from './console/contract.ts'
import type { Mailer } from './embedded/mailer.ts'
import { parseCanonicalJson } from './http/canonicalJson.ts'
import { seedProjects } from './projects/seed.ts'
import { ProjectStore } from './projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from './test/backends.ts'
import {
  bodyFor,
  contentType,
  type FuzzWorld,
  headerValue,
  hostileString,
  pathSegment,
  valueFor,
  wellFormedValues,
} from './test/fuzzArbitraries.ts'
import { hex } from './test/fuzzFeatureValues.ts'
import { refusingRpcUrl } from './test/refusingRpcUrl.ts'

const RUNS = Number(process.env.FOYER_FUZZ_RUNS || 100)
const SEED = Number(process.env.FOYER_FUZZ_SEED || 20_261_123)
const ANVIL_PORT = 19410
const LIVE_CHAIN = 31337
const DEAD_CHAIN = 31339

/** Every route and the parameters it reads. Path parameters come from the path itself. */
const ROUTES: Record<string, { query?: readonly string[]; body?: readonly string[]; html?: boolean; form?: boolean }> =
  {
    'GET /health': {},
    'GET /metrics': {},
    'GET /v1/project': {},
    'GET /v1/convert/tokens': { query: ['chainId'] },
    'GET /v1/convert/quotes': { query: ['from', 'to', 'amount', 'userAddress', 'gasPrice'] },
    'GET /v1/convert/allowance': { query: ['tokenAddress', 'userAddress'] },
    'GET /v1/convert/gas-price': { query: ['chainId'] },
    'GET /v1/convert/build-approve': { query: ['from', 'to', 'userAddress', 'amount'] },
    'POST /v1/convert/build-transaction': { body: ['amount', 'eip155', 'from', 'to', 'userAddress', 'slippage'] },
    'GET /v1/account/:address/balance': { query: ['currency', 'chainId', 'forceUpdate'] },
    'POST /v1/fungible/price': { body: ['currency', 'addresses', 'chainId'] },
    'GET /v1/identity/:address': {},
    'GET /v1/account/:account/history': { query: ['cursor', 'onramp', 'chainId', 'limit'] },
    'GET /v1/onramp/providers': {},
    'GET /v1/onramp/options': { query: ['provider'] },
    'POST /v1/onramp/quote': {
      body: ['purchaseCurrency', 'paymentCurrency', 'amount', 'network', 'paymentMethod', 'provider'],
    },
    'POST /v1/generators/onrampurl': {
      body: [
        'destinationWallets',
        'defaultNetwork',
        'partnerUserId',
        'defaultExperience',
        'presetCryptoAmount',
        'presetFiatAmount',
        'paymentCurrency',
        'paymentMethod',
        'quoteId',
        'provider',
      ],
    },
    'GET /v1/onramp/purchases/:id': {},
    'POST /v1/onramp/webhook/:provider': { body: ['eventId', 'purchaseId', 'status', 'txHash', 'failureReason'] },
    'GET /v1/auth/siwe/nonce': {},
    'POST /v1/auth/siwe/verify': { body: ['message', 'signature'] },
    'GET /v1/auth/siwe/session': {},
    'POST /v1/auth/siwe/sign-out': {},
    'GET /.well-known/jwks.json': {},
    'GET /v1/profile/account/:name': {},
    'GET /v1/profile/reverse/:address': {},
    'GET /v1/profile/suggestions/:name': {},
    'POST /v1/profile/account': { body: ['coin_type', 'address', 'message', 'signature'] },
    'POST /v1/paymaster': { body: ['jsonrpc', 'id', 'method', 'params'] },
    'GET /getWallets': { query: ['page', 'entries', 'chains', 'include', 'exclude', 'search'] },
    'GET /getWalletImage/:id': {},
    'GET /public/getAssetImage/:id': {},
    'GET /public/getCurrencyImage/:id': {},
    'GET /public/getTokenImage/:id': {},
    'GET /getAnalyticsConfig': {},
    'POST /e': { body: ['eventId', 'url', 'domain', 'timestamp', 'props'] },
    'GET /v1/embedded/config': {},
    'POST /v1/embedded/email/start': { body: ['email', 'deviceId'] },
    // The device-approval link is opened by a person in a browser: it answers HTML pages, errors included.
    'GET /v1/embedded/device/approve': { query: ['token'], html: true },
    'POST /v1/embedded/device/approve': { body: ['token'], html: true, form: true },
    'POST /v1/embedded/email/verify': { body: ['email', 'deviceId', 'otp'] },
    'GET /v1/embedded/session': {},
    'POST /v1/embedded/wallet': { body: ['address', 'authShare', 'signature'] },
    'POST /v1/embedded/sign-out': { body: ['everywhere'] },
    'POST /v1/embedded/email/update': { body: ['email'] },
    'POST /v1/embedded/email/update/primary': { body: ['otp'] },
    'POST /v1/embedded/email/update/secondary': { body: ['otp'] },
    'GET /v1/embedded/devices': {},
    'POST /v1/embedded/devices/revoke': { body: ['id'] },
    'POST /v1/embedded/social/:provider/start': { body: ['deviceId', 'origin'] },
    'GET /v1/embedded/social/:provider/callback': { query: ['code', 'state', 'error'], html: true },
    'POST /v1/embedded/social/finish': { body: ['flow', 'deviceId', 'link'] },
    'POST /v1/embedded/paymaster': { body: ['jsonrpc', 'id', 'method', 'params'] },
    // The operator console's API: signed out here, so past the sign-in routes the guard answers.
    'GET /console/api/session': {},
    'POST /console/api/session': { body: ['email', 'password'] },
    'POST /console/api/session/link': { body: ['email'] },
    'POST /console/api/session/link/use': { body: ['token'] },
    'DELETE /console/api/session': {},
    'GET /console/api/projects': {},
    'POST /console/api/projects': { body: ['id', 'name', 'allowedOrigins'] },
    'PATCH /console/api/projects/:id': { body: ['name', 'allowedOrigins', 'features'] },
    'PUT /console/api/projects/:id/social/:provider': { body: ['clientId', 'clientSecret', 'issuer'] },
    'DELETE /console/api/projects/:id/social/:provider': {},
    'GET /console/api/projects/:id/analytics': { query: ['range'] },
    'GET /console/api/chains': {},
  }

/** A mailer stub (no SMTP in this test): counts what would be sent. The embedded suite uses the real mail sink. */
const stubMailer: Mailer & { sent: number } = {
  sent: 0,
  async send() {
    stubMailer.sent++
  },
  close() {},
}

let devnet: RunningDevnet
let t: TestDatabase
let app: FoyerApp
let world: FuzzWorld
/** Errors only the handler's real work gives (the node, the pools, the gas estimate): validation was passed. */
const DEEP_ERRORS =
  /"code":"(chain_unavailable|no_route|transaction_would_fail|insufficient_allowance|contract_call_failed)"/
/** Routes that answered 2xx (or a DEEP_ERROR) at least once: the fuzz must get past validation, not only bounce off it. */
const succeeded = new Set<string>()
/** Answers by route and status (and error code): printed when the fuzz did not get anywhere. */
const statuses: Record<string, Record<string, number>> = {}

beforeAll(async () => {
  ;[devnet, t] = await Promise.all([
    startDevnet({
      chains: [{ id: LIVE_CHAIN, name: 'Fuzz', port: ANVIL_PORT, portEnv: 'FOYER_TEST_PORT' }],
      devnetFile: null,
    }),
    openTestPGlite(),
  ])
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        {
          id: 'fuzz-site',
          allowedOrigins: ['https://site.example'],
          // A provider given by its endpoints: /social/github/start answers without reaching GitHub.
          features: { socials: ['github'] },
          socialLogin: {
            github: {
              clientId: 'fuzz-client',
              clientSecret: 'fuzz-secret',
              authorizationEndpoint: 'https://github.example/login/oauth/authorize',
              tokenEndpoint: 'https://github.example/login/oauth/access_token',
              userinfoEndpoint: 'https://api.github.example/user',
            },
          },
        },
      ]),
      // The limiter runs (one counter hit per request) but never refuses: rate limits have their own tests.
      FOYER_RATE_LIMIT_PER_CLIENT: '1000000000',
      FOYER_RATE_LIMIT_PER_PROJECT: '1000000000',
      // The on-ramp's sandbox provider (nothing listens there: the server never calls it).
      FOYER_ONRAMP_PROVIDERS: JSON.stringify([
        { id: 'sandbox', url: 'http://127.0.0.1:19549', webhookSecret: 'fuzz-sandbox-secret-0123456789' },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  const live = parseDevnetFile(JSON.stringify(devnet.info), [])!.chains[0]!
  const dead = { ...live, id: DEAD_CHAIN, name: 'Dead', rpcUrl: await refusingRpcUrl() }
  config.chains = [live, dead]
  const projects = new ProjectStore(t.database.kysely)
  await seedProjects(projects, config)
  app = createApp({ db: t.database, config, projects, mailer: stubMailer })
  world = {
    liveChainId: LIVE_CHAIN,
    deadChainId: DEAD_CHAIN,
    tokens: [
      ...Object.values(live.contracts),
      ...live.tokens.map((tk) => tk.address),
      '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    ].filter(Boolean) as string[],
    accounts: devnet.info.accounts.slice(0, 3).map((a) => a.address),
    projectIds: ['foyer-demo', 'fuzz-site'],
    origins: ['https://site.example', config.embedded.frameOrigin],
  }
}, BACKEND_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all([devnet?.stop(), t?.cleanup()])
})

function registeredRoutes(): string[] {
  const keys = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)
  return [...new Set(keys)].sort()
}

/** Usually absent, sometimes a (hostile) value: so most runs get past the checks a bad header trips. */
const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value })

/** An HTML form's body (what a browser posts), or junk. */
function formBody(fields: readonly string[]) {
  return fc.oneof(
    fc
      .record(Object.fromEntries(fields.map((f) => [f, valueFor(f, world)])), { requiredKeys: [] })
      .map((o) => new URLSearchParams(o as Record<string, string>).toString()),
    hostileString,
  )
}

/** One fuzzed request for a route. */
function requestFor(key: string) {
  const [method, path] = key.split(' ') as [string, string]
  const spec = ROUTES[key]!
  const pathParams = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  const query = fc.oneof(
    fc.record(Object.fromEntries((spec.query ?? []).map((q) => [q, valueFor(q, world)])), { requiredKeys: [] }),
    wellFormedValues(spec.query ?? [], world),
  )
  return fc
    .record({
      params: fc.tuple(...pathParams.map((p) => fc.tuple(valueFor(p === 'id' ? 'imageId' : p, world), fc.boolean()))),
      query,
      extraQuery: fc.option(fc.tuple(hostileString, hostileString), { nil: undefined }),
      projectId: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...world.projectIds) },
        { weight: 1, arbitrary: headerValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      projectIn: fc.constantFrom('header', 'query', 'both'),
      origin: rarely(fc.oneof(fc.constantFrom(...world.origins), headerValue)),
      sdk: rarely(headerValue),
      authorization: rarely(headerValue.map((v) => `Bearer ${v}`)),
      forwardedFor: rarely(headerValue),
      ifNoneMatch: rarely(headerValue),
      body:
        method === 'GET'
          ? fc.constant(undefined)
          : spec.form
            ? formBody(spec.body ?? [])
            : bodyFor(spec.body ?? [], world),
      contentType:
        method === 'GET'
          ? fc.constant(undefined)
          : fc.oneof(
              {
                weight: 4,
                arbitrary: fc.constant(spec.form ? 'application/x-www-form-urlencoded' : 'application/json'),
              },
              { weight: 2, arbitrary: contentType },
            ),
    })
    .map((r) => {
      let url = path
      pathParams.forEach((name, i) => {
        const [value, raw] = r.params[i]!
        url = url.replace(`:${name}`, pathSegment(value, raw))
      })
      const search = new URLSearchParams(r.query as Record<string, string>)
      if (r.extraQuery) search.append(r.extraQuery[0], r.extraQuery[1])
      if (r.projectId !== undefined && r.projectIn !== 'header') search.set('projectId', r.projectId)
      const headers: Record<string, string> = {}
      if (r.projectId !== undefined && r.projectIn !== 'query') headers['x-project-id'] = r.projectId
      if (r.origin !== undefined) headers.origin = r.origin
      if (r.sdk !== undefined) headers['x-sdk-version'] = r.sdk
      if (r.authorization !== undefined) headers.authorization = r.authorization
      if (r.forwardedFor !== undefined) headers['x-forwarded-for'] = r.forwardedFor
      if (r.ifNoneMatch !== undefined) headers['if-none-match'] = r.ifNoneMatch
      if (r.contentType) headers['content-type'] = r.contentType
      const query = search.toString()
      return { method, url: `${url}${query ? `?${query}` : ''}`, headers, body: r.body }
    })
}

async function send(request: { method: string; url: string; headers: Record<string, string>; body?: string }) {
  const response = await app.request(
    request.url,
    { method: request.method, headers: request.headers, body: request.body },
    { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
  )
  const text = await response.text()
  return { status: response.status, text, contentType: response.headers.get('content-type') ?? '' }
}

/**
 * The codes a route may answer with: its entry's in the route table, those of any route, and `not_found` (a fuzzed
 * path parameter can make the path match no route).
 */
const ALLOWED_CODES = new Map<string, ReadonlySet<ApiErrorCode>>(
  [
    ...(Object.values(routes) as Route[]).map((route) => [`${route.method} ${route.path}`, route.errors] as const),
    ...Object.entries(CONSOLE_ROUTES),
  ].map(([key, errors]) => [key, new Set<ApiErrorCode>([...errors, ...ANY_ROUTE_ERRORS, 'not_found'])]),
)

/** The property every answer must hold. */
function checkAnswer(key: string, answer: { status: number; text: string; contentType: string }) {
  const context = `${key} → ${answer.status} ${answer.text.slice(0, 300)}`
  if (answer.status >= 500) {
    const body = JSON.parse(answer.text) as { error?: { code?: string } }
    const deliberate = (answer.status === 502 && body.error?.code === 'chain_unavailable') || answer.status === 503
    expect(deliberate, context).toBe(true)
  }
  if (answer.status >= 400 && answer.status < 500 && ROUTES[key]!.html) {
    expect(answer.contentType, context).toMatch(/^text\/html/)
    expect(answer.text, context).toMatch(/<html/)
  } else if (answer.status >= 400 && answer.status < 500) {
    let body: { error?: { code?: unknown; message?: unknown } } | undefined
    try {
      body = JSON.parse(answer.text)
    } catch {
      body = undefined
    }
    expect(typeof body?.error?.code, context).toBe('string')
    expect(typeof body?.error?.message, context).toBe('string')
    expect(ALLOWED_CODES.get(key)!.has(body!.error!.code as ApiErrorCode), `${context}: a code its entry lists`).toBe(
      true,
    )
  }
}

describe('route fuzzing', () => {
  it('has a fuzz entry for every registered route, and no entry for a route that is gone', () => {
    expect(registeredRoutes()).toEqual(Object.keys(ROUTES).sort())
  })

  for (const key of Object.keys(ROUTES)) {
    it(`${key}: no 5xx but a deliberate 502/503, every 4xx in the JSON error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(key), async (request) => {
          const answer = await send(request)
          if (answer.status < 300 || DEEP_ERRORS.test(answer.text)) succeeded.add(key)
          statuses[key] ??= {}
          const seen = statuses[key]
          const label =
            answer.status >= 400
              ? `${answer.status} ${answer.text.match(/"code":"(\w+)"/)?.[1] ?? ''}`
              : String(answer.status)
          seen[label] = (seen[label] ?? 0) + 1
          checkAnswer(key, answer)
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      )
    }, 60_000)
  }

  it('reached the chains and the mailer (the fuzz is not stuck at validation)', async () => {
    const dead = await send({
      method: 'GET',
      url: `/v1/convert/allowance?projectId=foyer-demo&tokenAddress=eip155:${DEAD_CHAIN}:${world.tokens[0]}&userAddress=eip155:${DEAD_CHAIN}:${world.accounts[0]}`,
      headers: {},
    })
    expect(dead.status).toBe(502)
    expect(stubMailer.sent).toBeGreaterThan(0)
    // Routes that need a session, a mailed code, a device link or a signed sign-in message cannot succeed with
    // random values; the rest must.
    const needsSecrets = Object.keys(ROUTES).filter(
      (k) =>
        /embedded\/(session|wallet|sign-out|email\/(verify|update)|devices|device\/approve|paymaster)/.test(k) ||
        // a flow's token (finish) or its state (the provider's callback) comes only from a start
        /embedded\/social\/(finish|:provider\/callback)/.test(k) ||
        /auth\/siwe\/(verify|session|sign-out)/.test(k) ||
        // a name to find must be registered first, and registering one needs a signed message
        /profile\/account/.test(k) ||
        // a purchase to read must be made first; a webhook must be signed with the provider's secret
        /onramp\/(purchases|webhook)/.test(k) ||
        // the console's routes take an operator's session and its CSRF token, or a sign-in from the console's own
        // origin (their tests sign in: console/session, console/projects, console/analytics)
        /^\w+ \/console\/api\//.test(k),
    )
    // A social start succeeds only for a project, one of its providers and one of its origins together, which random
    // values seldom meet: one well-formed start shows the route gets past validation to the provider's URL.
    const start = await send({
      method: 'POST',
      url: '/v1/embedded/social/github/start',
      headers: { 'x-project-id': 'fuzz-site', 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: 'ab'.repeat(32), origin: 'https://site.example' }),
    })
    expect(start.status, start.text).toBe(200)
    expect(JSON.parse(start.text).url).toMatch(/^https:\/\/github\.example\/login\/oauth\/authorize\?/)
    const seldom = ['POST /v1/embedded/social/:provider/start']
    const missing = Object.keys(ROUTES).filter(
      (k) => !needsSecrets.includes(k) && !seldom.includes(k) && !succeeded.has(k),
    )
    expect(missing, JSON.stringify(Object.fromEntries(missing.map((k) => [k, statuses[k]])))).toEqual([])
  })
})

// ─── Sign-in verify's signature and message, balance's forceUpdate: hostile values on the live chain ───────────────
// The route fuzz above lets a 502 chain_unavailable pass (it may be the dead chain). Here every request names the
// live chain, whose node answers, so no 5xx at all is allowed: what a client sends is answered 4xx with a reason.

describe('hostile sign-in signatures and messages, and forceUpdate values, on the live chain: no 5xx', () => {
  const SITE = 'https://site.example'
  const ERC8010_MAGIC = '8010801080108010801080108010801080108010801080108010801080108010'
  const ERC6492_MAGIC = '6492649264926492649264926492649264926492649264926492649264926492'
  const [signer] = devAccounts(1).map((a) => privateKeyToAccount(a.privateKey))
  const word = (n: bigint) => n.toString(16).padStart(64, '0')

  /** Asserts a 2xx or a 4xx in the JSON error shape with a code the route lists; never a 5xx. */
  function noServerError(key: string, answer: { status: number; text: string; contentType: string }) {
    expect(answer.status, `${key} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500)
    checkAnswer(key, answer)
  }

  /** A signature for `text`: the signer's, its high-s twin, random bytes, or a wrapper with garbage inside. */
  const signatureFor = (text: string) =>
    fc
      .oneof(
        fc.constant('good'),
        fc.constant('twin'),
        fc.integer({ min: 0, max: 300 }).chain((n) => hex(n)),
        fc.tuple(hex(40), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })).map(([g, n]) => ({ inner: g, n, magic: 8010 })),
        fc.tuple(hex(40), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })).map(([g, n]) => ({ inner: g, n, magic: 6492 })),
      )
      .map(async (kind) => {
        const good = await signer!.signMessage({ message: text })
        if (kind === 'good') return good
        if (kind === 'twin') {
          const s = secp256k1.Signature.fromCompact(good.slice(2, 130))
          const twin = new secp256k1.Signature(s.r, secp256k1.CURVE.n - s.s).toCompactHex()
          return `0x${twin}${good.endsWith('1b') ? '1c' : '1b'}`
        }
        if (typeof kind === 'string') return kind
        // A signature, then garbage, a length word and the ERC-8010 magic; or garbage and the ERC-6492 magic.
        return kind.magic === 8010
          ? `${good}${kind.inner.slice(2)}${word(kind.n % 2n ? kind.n : 40n)}${ERC8010_MAGIC}`
          : `0x${kind.inner.slice(2)}${ERC6492_MAGIC}`
      })

  /** The EIP-4361 message for a fresh nonce, or one of its fields made hostile. */
  const messageFor = (nonce: string) => {
    const base = {
      domain: 'site.example',
      uri: `${SITE}/login`,
      address: signer!.address,
      chainId: LIVE_CHAIN,
      nonce,
      version: '1' as const,
      issuedAt: new Date(),
    }
    return fc.oneof(
      fc.constant(createSiweMessage(base)),
      fc
        .constantFrom(
          'ftp://site.example/',
          'http://site.example/',
          'https://site.example:1/',
          'javascript:alert(1)',
          'https://site.example@evil.example/',
        )
        .map((uri) => createSiweMessage(base).replace(`URI: ${base.uri}`, `URI: ${uri}`)),
      fc
        .tuple(fc.constantFrom('URI', 'Chain ID', 'Nonce', 'Issued At', 'Version'), hostileString)
        .map(([field, value]) =>
          createSiweMessage(base).replace(new RegExp(`^${field}: .*$`, 'm'), `${field}: ${value}`),
        ),
      fc.constantFrom(...world.accounts).map((other) => createSiweMessage(base).replace(base.address, other)),
    )
  }

  it(`POST /v1/auth/siwe/verify: ${RUNS} hostile signatures and messages, each with a fresh nonce`, async () => {
    const key = 'POST /v1/auth/siwe/verify'
    await fc.assert(
      fc.asyncProperty(fc.context(), fc.gen(), async (ctx, gen) => {
        const headers = { 'x-project-id': 'fuzz-site', origin: SITE }
        const nonce = ((await (await app.request('/v1/auth/siwe/nonce', { headers })).json()) as { nonce: string })
          .nonce
        const message = gen(() => messageFor(nonce))
        const signature = await gen(() => signatureFor(message))
        ctx.log(JSON.stringify({ message, signature: signature.slice(0, 400) }))
        noServerError(
          key,
          await send({
            method: 'POST',
            url: '/v1/auth/siwe/verify',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ message, signature }),
          }),
        )
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  }, 120_000)

  it(`GET /v1/account/:address/balance: ${RUNS} forceUpdate addresses (accounts, contracts, random) on the live chain`, async () => {
    const key = 'GET /v1/account/:address/balance'
    const target = fc.oneof(fc.constantFrom(...world.tokens, ...world.accounts), hex(20))
    await fc.assert(
      fc.asyncProperty(target, fc.boolean(), fc.constantFrom(...world.accounts), async (address, caip, holder) => {
        const forceUpdate = caip ? `eip155:${LIVE_CHAIN}:${address}` : address
        noServerError(
          key,
          await send({
            method: 'GET',
            url: `/v1/account/${holder}/balance?chainId=${LIVE_CHAIN}&forceUpdate=${forceUpdate}`,
            headers: { 'x-project-id': 'fuzz-site' },
          }),
        )
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  }, 120_000)
})

// ── Account names: malformed registration messages and labels ─────────────────────────────────────────────────────
// Kept as its own block. The fuzz above sends random `message` text, which rarely gets past JSON parsing; here the
// message is signed by a real key and broken one way at a time (a key twice, a field missing, of another type or
// for another chain, address or project, other spellings, hostile labels), so the checks behind the signature are
// reached. The property: the answer holds `checkAnswer`, and a 200 registers exactly what the canonical text says,
// bound to this request.

describe('route fuzzing: account names', () => {
  const encodable = (text: string) => {
    try {
      encodeURIComponent(text)
      return true
    } catch {
      return false
    }
  }
  const signer = privateKeyToAccount(generatePrivateKey())
  const other = privateKeyToAccount(generatePrivateKey()).address
  const coinTypeOf = (chainId: number) => (0x80000000 | chainId) >>> 0
  const label = fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9][a-z0-9-]{2,20}[a-z0-9]$/) },
    fc.stringMatching(/^[a-z0-9-]{1,66}$/),
    fc.constantFrom('----', '-x-', '-abcd', 'abcd-', 'xn--bcher-kva', 'XN--ABCD', 'ab--cd', 'a--bc', 'good-name'),
    hostileString,
  )
  const name = fc
    .tuple(label, fc.constantFrom('', '.foyer.id', '', '.foyer.id', '.FOYER.ID', '.evil.id', '.'))
    .map(([l, s]) => l + s)
  /** Mostly the value that passes, sometimes another. */
  const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 9, arbitrary: good as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: bad })
  const hostileValue = fc.oneof(hostileString, fc.constant(null), fc.integer(), fc.constant([]), fc.constant({}))
  const fields = fc.record({
    name: mostly(name, hostileValue),
    address: mostly(
      fc.constantFrom(signer.address, signer.address.toLowerCase()),
      fc.oneof(fc.constant(other), hostileValue),
    ),
    chainId: mostly(
      fc.constant(LIVE_CHAIN),
      fc.oneof(fc.constantFrom(1, DEAD_CHAIN, 0, -1, 2 ** 31, 2 ** 53, 1.5), hostileValue),
    ),
    project: mostly(fc.constant('foyer-demo'), fc.oneof(fc.constant('fuzz-site'), hostileValue)),
    attributes: mostly(
      fc.constant({}),
      fc.oneof(fc.constant({ bio: 'hi' }), fc.constant({ email: 'a@b.c' }), hostileValue),
    ),
    // Seconds from now when a number.
    timestamp: mostly(fc.constant(0), fc.oneof(fc.constantFrom(-1000, 1000, -1e12), hostileValue)),
  })
  /** How the JSON text is broken after JSON.stringify wrote it. */
  const breaking = fc.oneof(
    { weight: 8, arbitrary: fc.constant('none') },
    fc.constantFrom(
      'a key left out',
      'name twice',
      'a key twice',
      'an extra key',
      'spaces',
      'pretty',
      'trailing newline',
    ),
  )
  const breakText = (text: string, how: string, value: unknown): string => {
    const inner = text.slice(1, -1)
    switch (how) {
      case 'name twice':
        return `{${inner}${inner ? ',' : ''}"name":"other-name.foyer.id"}`
      case 'a key twice': {
        const [first] = Object.keys(value as object)
        return first
          ? `{${inner},${JSON.stringify(first)}:${JSON.stringify((value as Record<string, unknown>)[first])}}`
          : text
      }
      case 'a key left out': {
        const [first, ...rest] = Object.keys(value as object)
        return first
          ? JSON.stringify(Object.fromEntries(rest.map((k) => [k, (value as Record<string, unknown>)[k]])))
          : text
      }
      case 'an extra key':
        return `{${inner}${inner ? ',' : ''}"note":"x"}`
      case 'spaces':
        return text.replace(/,/g, ', ')
      case 'pretty':
        return JSON.stringify(value, null, 1)
      case 'trailing newline':
        return `${text}\n`
      default:
        return text
    }
  }
  const registration = fc.record({
    fields,
    how: breaking,
    coinType: fc.oneof(
      { weight: 6, arbitrary: fc.constant<unknown>(coinTypeOf(LIVE_CHAIN)) },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.constant<unknown>(coinTypeOf(DEAD_CHAIN)),
          fc.constant<unknown>(coinTypeOf(1)),
          hostileValue,
        ),
      },
    ),
    sender: fc.oneof(
      { weight: 6, arbitrary: fc.constant(signer.address as string) },
      { weight: 1, arbitrary: fc.constant(other) },
    ),
  })

  it('POST /v1/profile/account with signed, broken messages: checkAnswer holds, and a 200 registers only what the canonical text binds to this request', async () => {
    const key = 'POST /v1/profile/account'
    const seen: Record<string, number> = {}
    await fc.assert(
      fc.asyncProperty(registration, async ({ fields, how, coinType, sender }) => {
        const now = Math.floor(Date.now() / 1000)
        const value = {
          ...fields,
          ...(typeof fields.timestamp === 'number' ? { timestamp: now + fields.timestamp } : {}),
        }
        const message = breakText(JSON.stringify(value), how, value)
        const signature = await signer.signMessage({ message })
        const answer = await send({
          method: 'POST',
          url: '/v1/profile/account',
          headers: { 'content-type': 'application/json', 'x-project-id': 'foyer-demo' },
          body: JSON.stringify({ coin_type: coinType, address: sender, message, signature }),
        })
        const label =
          answer.status >= 400 ? `${answer.status} ${answer.text.match(/"code":"(\w+)"/)?.[1] ?? ''}` : '200'
        seen[label] = (seen[label] ?? 0) + 1
        checkAnswer(key, answer)
        if (answer.status !== 200) return
        const parsed = parseCanonicalJson(message)
        expect(parsed, message).toBeDefined()
        const signed = parsed!.value as Record<string, unknown>
        const expected = normalizeName(String(signed.name), 'foyer.id')
        expect(expected && isValidNameLabel(expected.label), message).toBe(true)
        expect((JSON.parse(answer.text) as NameRecord).name).toBe(expected!.name)
        expect(String(signed.address).toLowerCase()).toBe(sender.toLowerCase())
        expect(sender).toBe(signer.address)
        expect(signed.chainId).toBe(LIVE_CHAIN)
        expect(coinType).toBe(coinTypeOf(LIVE_CHAIN))
        expect(signed.project).toBe('foyer-demo')
        expect(
          Object.keys(signed).every((k) =>
            ['name', 'address', 'chainId', 'project', 'attributes', 'timestamp'].includes(k),
          ),
        ).toBe(true)
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
    // The fuzz reaches every check: registrations, and refusals of each kind.
    for (const answer of ['200', '400 invalid_request', '400 invalid_name', '400 message_mismatch'])
      expect(seen[answer] ?? 0, `${answer} in ${JSON.stringify(seen)}`).toBeGreaterThan(0)
  }, 120_000)

  it('GET /v1/profile/account/:name and /suggestions/:name answer 400 invalid_name exactly when the shared rule refuses the label', async () => {
    await fc.assert(
      fc.asyncProperty(
        label.filter((l) => !/[./\\?#%]/.test(l) && l.trim() === l && l.length > 0 && encodable(l)),
        fc.constantFrom('account', 'suggestions'),
        async (l, route) => {
          const answer = await send({
            method: 'GET',
            url: `/v1/profile/${route}/${encodeURIComponent(l)}`,
            headers: { 'x-project-id': 'foyer-demo' },
          })
          checkAnswer(`GET /v1/profile/${route}/:name`, answer)
          const refused = answer.status === 400 && answer.text.includes('"invalid_name"')
          expect(refused, `${l} → ${answer.status} ${answer.text.slice(0, 200)}`).toBe(!isValidNameLabel(l))
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  }, 120_000)
})

import { IdentityResponse, NameRecord, NameRecordList, NameSuggestionsResponse } from '@foyer/core/protocol'
import { devAccounts, type RunningChain, startChain } from '@foyer/devnet'
import { sql } from 'kysely'
import * as v from 'valibot'
import { keccak256, toHex } from 'viem'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig, type ServerConfig } from '../config.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, openTestPostgres, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor } from '../test/eachBackend.ts'
import { deployOwnedWallets, type OwnedWallets } from '../test/ownedWallets.ts'
import { MAX_NAME_VARIANTS, nameVariants } from './nameSuggestions.ts'

// One anvil on 19510 (the names-server test range): registrations are verified with viem's verifyMessage on it.
const postgres = await probePostgresFor('nameRoutes.test.ts')

const CHAIN_ID = 31337
const COIN_TYPE = (0x80000000 | CHAIN_ID) >>> 0
const SUFFIX = 'foyer.id'

// Contract accounts (test/ownedWallets.ts): walletOwner's key signs for them (ERC-1271, ERC-6492 before deployment).
const [deployer, walletOwner] = devAccounts(2).map((a) => privateKeyToAccount(a.privateKey))

let chain: RunningChain
let config: ServerConfig
let wallets: OwnedWallets
let deployedWallet: `0x${string}`
beforeAll(async () => {
  chain = await startChain({ id: CHAIN_ID, name: 'Foyer Local', port: 19510, portEnv: 'FOYER_TEST_PORT' })
  config = configWith({})
  wallets = await deployOwnedWallets({
    rpcUrl: chain.rpcUrl,
    deployer: deployer!,
    owner: walletOwner!,
    deployedSalt: 'names-1271',
  })
  deployedWallet = wallets.deployed
}, BACKEND_TIMEOUT_MS)

afterAll(async () => chain?.stop())

function configWith(env: Record<string, string>): ServerConfig {
  const base = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'no-names', allowedOrigins: [], features: { names: false } },
        { id: 'other-site', allowedOrigins: [] },
      ]),
      ...env,
    },
    { repoRoot: '/nonexistent' },
  )
  const rpcUrl = chain.rpcUrl
  return {
    ...base,
    chains: [{ id: CHAIN_ID, name: 'Foyer Local', rpcUrl, nativeSymbol: 'ETH', contracts: {}, tokens: [], nfts: [] }],
  }
}

const now = () => Math.floor(Date.now() / 1000)
const newAccount = () => privateKeyToAccount(generatePrivateKey())
let serial = 0
/** A fresh valid label per test, so the tests of one backend never collide. */
const freshLabel = (prefix = 'name') => `${prefix}-${Date.now().toString(36)}-${serial++}`

/** `signature` with its byte at `index` inverted. */
const flipByte = (signature: string, index: number) => {
  const at = 2 + index * 2
  const byte = (0xff - Number.parseInt(signature.slice(at, at + 2), 16)).toString(16).padStart(2, '0')
  return `${signature.slice(0, at)}${byte}${signature.slice(at + 2)}`
}

type ErrorBody = { error: { code: string; message: string } }

/**
 * A registration message with every field the server binds, in the order `createNameMessage` writes them: the name,
 * the address, the chain id, the project, the attributes and the signing time. `fields` override or add (a field
 * set to undefined is left out of the JSON).
 */
const messageOf = (name: string, address: string, fields: Record<string, unknown> = {}) => ({
  name,
  address,
  chainId: CHAIN_ID,
  project: 'foyer-demo',
  attributes: {},
  timestamp: now(),
  ...fields,
})
const textOf = (name: string, address: string, fields?: Record<string, unknown>) =>
  JSON.stringify(messageOf(name, address, fields))

function suite(open: () => Promise<TestDatabase>) {
  let t: TestDatabase
  let app: FoyerApp
  const headers = (project = 'foyer-demo') => ({ 'x-project-id': project })
  const get = (path: string, project?: string) => app.request(path, { headers: headers(project) })
  const post = (body: unknown, project = 'foyer-demo', target = app) =>
    target.request('/v1/profile/account', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers(project) },
      body: JSON.stringify(body),
    })
  const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error

  /**
   * Signs `message` with `signer` and posts it for `address` (the signer's by default). An object is completed with
   * the bound fields of this request (`messageOf`: the address, the chain, the project) and sent as JSON text.
   */
  async function register(
    signer: PrivateKeyAccount,
    message: Record<string, unknown> | string,
    {
      address = signer.address,
      coinType = COIN_TYPE as number | string,
      signature,
      project,
      target,
    }: { address?: string; coinType?: number | string; signature?: string; project?: string; target?: FoyerApp } = {},
  ) {
    const text =
      typeof message === 'string'
        ? message
        : textOf(message.name as string, address, { project: project ?? 'foyer-demo', ...message })
    return post(
      {
        coin_type: coinType,
        address,
        message: text,
        signature: signature ?? (await signer.signMessage({ message: text })),
      },
      project,
      target,
    )
  }
  const registerName = (
    signer: PrivateKeyAccount,
    name: string,
    attributes: Record<string, string> = {},
    timestamp = now(),
  ) => register(signer, { name, attributes, timestamp })

  const historyOf = async (name: string) =>
    (
      await sql<{
        action: string
        address: string
      }>`select action, address from account_name_history where name = ${name} order by id`.execute(t.database.kysely)
    ).rows

  beforeAll(async () => {
    t = await open()
    const projects = new ProjectStore(t.database.kysely)
    await seedProjects(projects, config)
    app = createApp({ db: t.database, config, projects })
  }, BACKEND_TIMEOUT_MS)
  afterAll(() => t?.cleanup(), BACKEND_TIMEOUT_MS)

  it('registers a name signed by its address; it is found by label or full name in any case, and answers the schemas', async () => {
    const alice = newAccount()
    const label = freshLabel('Alice')
    const res = await registerName(alice, `${label}.${SUFFIX}`, { avatar: 'https://example.com/a.png', bio: 'hi' })
    expect(res.status).toBe(200)
    const record = v.parse(NameRecord, await res.json())
    expect(record).toEqual({
      name: `${label.toLowerCase()}.${SUFFIX}`,
      addresses: { [String(COIN_TYPE)]: { address: alice.address } },
      attributes: { avatar: 'https://example.com/a.png', bio: 'hi' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    for (const asked of [label, label.toUpperCase(), `${label.toLowerCase()}.${SUFFIX}`, `${label}.FOYER.ID`]) {
      const found = await get(`/v1/profile/account/${encodeURIComponent(asked)}`)
      expect(found.status, asked).toBe(200)
      expect(v.parse(NameRecord, await found.json())).toEqual(record)
    }
    expect(await historyOf(record.name)).toEqual([{ action: 'register', address: alice.address.toLowerCase() }])
    const missing = await get(`/v1/profile/account/${freshLabel('nobody')}`)
    expect(missing.status).toBe(404)
    expect((await errorOf(missing)).code).toBe('name_not_found')
  })

  it('refuses names that break the rule: too short, bad characters, another suffix, too long (400 invalid_name)', async () => {
    const signer = newAccount()
    const label63 = 'a'.repeat(63)
    for (const bad of [
      'abc',
      'al_ce',
      'al ce',
      'alice!',
      'ali.ce',
      'alice.eth',
      `alice.${SUFFIX}.x`,
      'a'.repeat(64),
      'é'.repeat(5),
      // DNS label rules: no hyphen first or last, no `--` in the third and fourth places (`xn--` punycode and the
      // other reserved prefixes).
      '----',
      '-x-',
      '-abcd',
      'abcd-',
      'xn--bcher-kva',
      'XN--abcd',
      'ab--cd',
    ]) {
      const lookup = await get(`/v1/profile/account/${encodeURIComponent(bad)}`)
      expect(lookup.status, bad).toBe(400)
      expect((await errorOf(lookup)).code, bad).toBe('invalid_name')
      const suggestions = await get(`/v1/profile/suggestions/${encodeURIComponent(bad)}`)
      expect((await errorOf(suggestions)).code, bad).toBe('invalid_name')
      const res = await registerName(signer, bad)
      expect(res.status, bad).toBe(400)
      expect((await errorOf(res)).code, bad).toBe('invalid_name')
    }
    // The rule's edges: 4 characters, 63 characters, hyphens, digits, the label alone.
    for (const good of ['abcd', label63, `a-b-${serial++}`, `a--b-${serial++}`, `${Date.now()}`]) {
      const res = await registerName(newAccount(), good)
      expect(res.status, good).toBe(200)
      expect(((await res.json()) as NameRecord).name).toBe(`${good}.${SUFFIX}`)
    }
  })

  it('a name another address holds is 409 name_taken; its owner may change the attributes with a later message', async () => {
    const [owner, other] = [newAccount(), newAccount()]
    const name = `${freshLabel('taken')}.${SUFFIX}`
    const t0 = now() - 100
    expect((await registerName(owner, name, {}, t0)).status).toBe(200)
    const taken = await registerName(other, name.toUpperCase())
    expect(taken.status).toBe(409)
    expect(await errorOf(taken)).toMatchObject({ code: 'name_taken' })

    const updated = await registerName(owner, name, { bio: 'second' }, t0 + 10)
    expect(updated.status).toBe(200)
    expect(((await updated.json()) as NameRecord).attributes).toEqual({ bio: 'second' })
    // The first message again (a replay within its 5 minutes), or one no later than the last change: refused.
    const replay = await registerName(owner, name, {}, t0)
    expect(replay.status).toBe(400)
    expect((await errorOf(replay)).code).toBe('stale_message')
    expect(await historyOf(name)).toEqual([
      { action: 'register', address: owner.address.toLowerCase() },
      { action: 'update', address: owner.address.toLowerCase() },
    ])
  })

  it('100 concurrent registrations of one name by different addresses: exactly one 200, the rest 409, one history row', async () => {
    const name = `${freshLabel('race')}.${SUFFIX}`
    const signers = Array.from({ length: 100 }, newAccount)
    const timestamp = now()
    const bodies = await Promise.all(
      signers.map(async (signer) => {
        const message = textOf(name, signer.address, { timestamp })
        return {
          coin_type: COIN_TYPE,
          address: signer.address,
          message,
          signature: await signer.signMessage({ message }),
        }
      }),
    )
    const answers = await Promise.all(bodies.map((body) => post(body)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(99)
    const winner = signers[statuses.indexOf(200)]!
    for (const r of answers.filter((a) => a.status === 409)) expect((await errorOf(r)).code).toBe('name_taken')
    expect(await historyOf(name)).toEqual([{ action: 'register', address: winner.address.toLowerCase() }])
    const stored = await sql<{ n: number }>`select count(*)::int as n from account_names where name = ${name}`.execute(
      t.database.kysely,
    )
    expect(stored.rows[0]!.n).toBe(1)
    const found = (await (await get(`/v1/profile/account/${name}`)).json()) as NameRecord
    expect(found.addresses[String(COIN_TYPE)]!.address).toBe(winner.address)
  })

  it('100 identical registrations at once (one signed message sent 100 times): one 200, the replays 400 stale_message', async () => {
    const signer = newAccount()
    const name = `${freshLabel('replay')}.${SUFFIX}`
    const message = textOf(name, signer.address, { attributes: { bio: 'once' } })
    const body = {
      coin_type: COIN_TYPE,
      address: signer.address,
      message,
      signature: await signer.signMessage({ message }),
    }
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(body)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 400)).toHaveLength(99)
    for (const r of answers.filter((a) => a.status === 400)) expect((await errorOf(r)).code).toBe('stale_message')
    expect(await historyOf(name)).toEqual([{ action: 'register', address: signer.address.toLowerCase() }])
  })

  it('refuses a forged signature, one of another message, and a malformed one (401 invalid_signature)', async () => {
    const [victim, forger] = [newAccount(), newAccount()]
    const name = `${freshLabel('forged')}.${SUFFIX}`
    const message = textOf(name, victim.address)
    const cases = {
      'signed by another key': await forger.signMessage({ message }),
      'signed for another message': await victim.signMessage({
        message: textOf(`${freshLabel('else')}.${SUFFIX}`, victim.address),
      }),
      'not a signature': '0x1234',
      'a signature with a byte of r changed': flipByte(await victim.signMessage({ message }), 10),
    }
    for (const [what, signature] of Object.entries(cases)) {
      const res = await register(victim, message, { signature })
      expect(res.status, what).toBe(401)
      expect((await errorOf(res)).code, what).toBe('invalid_signature')
    }
    expect((await get(`/v1/profile/account/${name}`)).status).toBe(404)
    expect(await historyOf(name)).toEqual([])
  })

  it('binds the chain, the address and the project: a valid signature of a message meant for another is refused (400 message_mismatch)', async () => {
    const victim = newAccount()
    const name = `${freshLabel('bound')}.${SUFFIX}`
    const signedFor = async (signer: PrivateKeyAccount, fields: Record<string, unknown>) => {
      const message = textOf(name, signer.address, fields)
      return { message, signature: await signer.signMessage({ message }) }
    }
    // Someone else's signed message, not sent yet, posted by an attacker: for chain 1 but sent with this chain's
    // coin type; for the owner's key but sent for the contract account that key controls (ERC-1271 would accept the
    // signature); for another project of this server.
    const cases: [string, PrivateKeyAccount, Record<string, unknown>, string][] = [
      ['signed for chain 1, sent for 31337', victim, { chainId: 1 }, victim.address],
      ['signed by the owner key for itself, sent for its wallet', walletOwner!, {}, deployedWallet],
      ['signed for project other-site, sent to foyer-demo', victim, { project: 'other-site' }, victim.address],
      ['signed for another address', victim, { address: newAccount().address }, victim.address],
    ]
    for (const [what, signer, fields, address] of cases) {
      const { message, signature } = await signedFor(signer, fields)
      const res = await register(signer, message, { address, signature })
      expect(res.status, what).toBe(400)
      expect((await errorOf(res)).code, what).toBe('message_mismatch')
    }
    // A message that binds nothing (name, attributes and time only) is refused as malformed.
    const unbound = JSON.stringify({ name, attributes: {}, timestamp: now() })
    const res = await register(victim, unbound)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).code).toBe('invalid_request')
    expect((await get(`/v1/profile/account/${name}`)).status).toBe(404)
    expect(await historyOf(name)).toEqual([])
    // The same fields as the request: registered (the address in any case).
    const lower = textOf(name, victim.address.toLowerCase())
    expect((await register(victim, lower)).status).toBe(200)
  })

  it('refuses a message with a key twice (one name shown, another registered), other keys, or JSON not as JSON.stringify writes it (400 invalid_request)', async () => {
    const signer = newAccount()
    const [shown, hidden] = [`${freshLabel('shown')}.${SUFFIX}`, `${freshLabel('hidden')}.${SUFFIX}`]
    const compact = textOf(shown, signer.address)
    const cases: [string, string][] = [
      ['"name" twice', `${compact.slice(0, -1)},"name":"${hidden}"}`],
      ['"name" twice, the other first', `{"name":"${hidden}",${compact.slice(1)}`],
      [
        '"bio" twice in attributes',
        textOf(shown, signer.address, { attributes: {} }).replace(
          '"attributes":{}',
          '"attributes":{"bio":"a","bio":"b"}',
        ),
      ],
      ['"address" twice', `${compact.slice(0, -1)},"address":"${signer.address}"}`],
      ['another key', textOf(shown, signer.address, { note: 'hello' })],
      ['pretty-printed', JSON.stringify(messageOf(shown, signer.address), null, 2)],
      ['a space after a colon', compact.replace('"name":', '"name": ')],
      [
        'a number written 1e3 style',
        compact.replace(/"timestamp":(\d+)/, (_, t) => `"timestamp":${Number(t) / 1000}e3`),
      ],
    ]
    for (const [what, message] of cases) {
      const res = await register(signer, message)
      expect(res.status, what).toBe(400)
      expect((await errorOf(res)).code, what).toBe('invalid_request')
    }
    for (const name of [shown, hidden]) expect((await get(`/v1/profile/account/${name}`)).status).toBe(404)
    expect((await register(signer, compact)).status).toBe(200)
  })

  it('refuses a message older than 5 minutes or more than 60 s ahead (400 stale_message)', async () => {
    const signer = newAccount()
    // Each timestamp is taken just before its request, and a few seconds past the limit ahead: on a loaded machine the
    // requests before it can take long enough to bring a message fixed at 61 s ahead back within the limit.
    for (const [what, offset] of [
      ['301 s old', -301],
      ['an hour old', -3600],
      ['65 s ahead', 65],
      ['a day ahead', 86_400],
    ] as const) {
      const res = await registerName(signer, freshLabel('stale'), {}, now() + offset)
      expect(res.status, what).toBe(400)
      expect((await errorOf(res)).code, what).toBe('stale_message')
    }
    for (const timestamp of [now() - 280, now() + 30]) {
      expect((await registerName(newAccount(), freshLabel('fresh'), {}, timestamp)).status).toBe(200)
    }
  })

  it('refuses coin types without the EVM bit, past 32 bits (chain id ≥ 2147483648), or of a chain not served (400 invalid_coin_type)', async () => {
    const signer = newAccount()
    for (const [what, coinType] of [
      ['the chain id alone', CHAIN_ID],
      ['ETH’s SLIP-44 60', 60],
      ['0x80000000 (chain 0)', 0x80000000],
      ['0x80000000 + 2147483648', 0x80000000 + 2147483648],
      ['2^53', 2 ** 53],
      ['negative', -COIN_TYPE],
      ['a fraction', COIN_TYPE + 0.5],
      ['chain 1, not served', (0x80000000 | 1) >>> 0],
      ['chain 2147483647, not served', 0xffffffff],
      ['text that is not a number', 'eip155:31337'],
    ] as const) {
      const res = await register(signer, { name: freshLabel('coin'), attributes: {}, timestamp: now() }, { coinType })
      expect(res.status, what).toBe(400)
      expect((await errorOf(res)).code, what).toBe('invalid_coin_type')
    }
    const asText = await register(
      signer,
      { name: freshLabel('coin'), attributes: {}, timestamp: now() },
      { coinType: String(COIN_TYPE) },
    )
    expect(asText.status).toBe(200)
  })

  it('reverse lists the address’s names, the newest (primary) first; identity answers the primary name and avatar', async () => {
    const owner = newAccount()
    const [first, second] = [`${freshLabel('first')}.${SUFFIX}`, `${freshLabel('second')}.${SUFFIX}`]
    const empty = await get(`/v1/profile/reverse/${owner.address}`)
    expect(await empty.json()).toEqual([])
    expect(await (await get(`/v1/identity/${owner.address}`)).json()).toEqual({ name: null, avatar: null })

    expect((await registerName(owner, first, { avatar: 'https://example.com/first.png' })).status).toBe(200)
    expect(await (await get(`/v1/identity/${owner.address}`)).json()).toEqual({
      name: first,
      avatar: 'https://example.com/first.png',
    })
    expect((await registerName(owner, second, { bio: 'no avatar' })).status).toBe(200)

    for (const address of [owner.address, owner.address.toLowerCase(), owner.address.slice(2)]) {
      const res = await get(`/v1/profile/reverse/${address}`)
      expect(res.status).toBe(200)
      const list = v.parse(NameRecordList, await res.json())
      expect(list.map((r) => r.name)).toEqual([second, first])
    }
    const identity = v.parse(IdentityResponse, await (await get(`/v1/identity/${owner.address}`)).json())
    expect(identity).toEqual({ name: second, avatar: null })

    const bad = await get('/v1/profile/reverse/0x1234')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).code).toBe('invalid_address')
  })

  it('suggestions: the name itself, registered or not, then up to 4 free variants', async () => {
    const label = freshLabel('sugg')
    const full = (l: string) => `${l}.${SUFFIX}`
    const before = v.parse(NameSuggestionsResponse, await (await get(`/v1/profile/suggestions/${label}`)).json())
    expect(before.suggestions[0]).toEqual({ name: full(label), registered: false })
    expect(before.suggestions).toHaveLength(1 + MAX_NAME_VARIANTS)
    expect(before.suggestions.slice(1).every((s) => !s.registered && s.name !== full(label))).toBe(true)

    const [firstVariant] = nameVariants(label)
    expect((await registerName(newAccount(), full(label))).status).toBe(200)
    expect((await registerName(newAccount(), full(firstVariant!))).status).toBe(200)
    const after = v.parse(
      NameSuggestionsResponse,
      await (await get(`/v1/profile/suggestions/${encodeURIComponent(full(label).toUpperCase())}`)).json(),
    )
    expect(after.suggestions[0]).toEqual({ name: full(label), registered: true })
    expect(after.suggestions).toHaveLength(1 + MAX_NAME_VARIANTS)
    expect(after.suggestions.map((s) => s.name)).not.toContain(full(firstVariant!))
    expect(after.suggestions.slice(1).every((s) => !s.registered)).toBe(true)
    // A 63-character label's variants stay within the limit.
    const long = v.parse(NameSuggestionsResponse, await (await get(`/v1/profile/suggestions/${'b'.repeat(63)}`)).json())
    expect(long.suggestions.every((s) => s.name.split('.')[0]!.length <= 63)).toBe(true)
  })

  it('refuses malformed bodies and messages with 4xx JSON', async () => {
    const signer = newAccount()
    const ok = { name: freshLabel('body'), attributes: {}, timestamp: now() }
    const cases: [string, Response | Promise<Response>, number, string][] = [
      [
        'no body',
        app.request('/v1/profile/account', { method: 'POST', headers: headers() }),
        415,
        'unsupported_media_type',
      ],
      ['empty object (the first coded field is named)', post({}), 400, 'invalid_coin_type'],
      ['coin type right, the rest missing', post({ coin_type: COIN_TYPE }), 400, 'invalid_address'],
      ['no signature', post({ coin_type: COIN_TYPE, address: signer.address, message: '{}' }), 400, 'invalid_request'],
      ['message not JSON', register(signer, 'not json'), 400, 'invalid_request'],
      ['message JSON but no name', register(signer, { timestamp: now() }), 400, 'invalid_name'],
      [
        'message without timestamp',
        register(signer, { name: freshLabel('x'), timestamp: undefined }),
        400,
        'invalid_request',
      ],
      [
        'attributes with another key',
        register(signer, { ...ok, attributes: { email: 'a@b.c' } }),
        400,
        'invalid_request',
      ],
      [
        'avatar not a URL',
        register(signer, { ...ok, attributes: { avatar: 'javascript:alert(1)' } }),
        400,
        'invalid_request',
      ],
      ['bio too long', register(signer, { ...ok, attributes: { bio: 'x'.repeat(281) } }), 400, 'invalid_request'],
      ['bad address', register(signer, ok, { address: '0x12' }), 400, 'invalid_address'],
      ['message too long', register(signer, 'x'.repeat(5000)), 400, 'invalid_request'],
    ]
    for (const [what, pending, status, code] of cases) {
      const res = await pending
      expect(res.status, what).toBe(status)
      expect((await errorOf(res)).code, what).toBe(code)
    }
  })

  it('registers a name for a contract account: ERC-1271 when deployed, ERC-6492 before (the owner’s key signs for it)', async () => {
    const stranger = newAccount()
    // Deployed: the wallet's isValidSignature accepts its owner's signature of the message, and no one else's.
    const name = `${freshLabel('wallet')}.${SUFFIX}`
    const message = textOf(name, deployedWallet)
    const forged = await register(stranger, message, { address: deployedWallet })
    expect(forged.status).toBe(401)
    const res = await register(walletOwner!, message, { address: deployedWallet })
    expect(res.status).toBe(200)
    expect(((await res.json()) as NameRecord).addresses[String(COIN_TYPE)]!.address).toBe(deployedWallet)
    expect(await (await get(`/v1/identity/${deployedWallet}`)).json()).toMatchObject({ name })

    // Not deployed: the signature carries the factory call that would create the wallet.
    const salt = keccak256(toHex(`names-6492-${serial++}`))
    const undeployed = await wallets.addressOf(salt)
    const later = `${freshLabel('counterfactual')}.${SUFFIX}`
    const text = textOf(later, undeployed)
    const wrapped = (signer: PrivateKeyAccount) => wallets.sign6492({ signer, message: text, salt })
    expect((await register(stranger, text, { address: undeployed, signature: await wrapped(stranger) })).status).toBe(
      401,
    )
    const counterfactual = await register(walletOwner!, text, {
      address: undeployed,
      signature: await wrapped(walletOwner!),
    })
    expect(counterfactual.status).toBe(200)
    expect(((await counterfactual.json()) as NameRecord).name).toBe(later)
  })

  it('with features.names off the project is refused on every route (403 feature_disabled)', async () => {
    const signer = newAccount()
    const answers = [
      await get('/v1/profile/account/alice', 'no-names'),
      await get(`/v1/profile/reverse/${signer.address}`, 'no-names'),
      await get('/v1/profile/suggestions/alice', 'no-names'),
      await register(signer, { name: freshLabel('off'), attributes: {}, timestamp: now() }, { project: 'no-names' }),
    ]
    for (const res of answers) {
      expect(res.status).toBe(403)
      expect((await errorOf(res)).code).toBe('feature_disabled')
    }
    // Names are one namespace on the server: what one project registers, another finds.
    const name = `${freshLabel('shared')}.${SUFFIX}`
    expect((await registerName(signer, name)).status).toBe(200)
    expect((await get(`/v1/profile/account/${name}`, 'other-site')).status).toBe(200)
  })

  it('takes the suffix from FOYER_NAMES_SUFFIX: its names are accepted, foyer.id ones are not', async () => {
    const projects = new ProjectStore(t.database.kysely)
    const other = createApp({ db: t.database, config: configWith({ FOYER_NAMES_SUFFIX: 'Example.ORG' }), projects })
    const signer = newAccount()
    const label = freshLabel('suffix')
    const res = await register(
      signer,
      { name: `${label}.example.org`, attributes: {}, timestamp: now() },
      { target: other },
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as NameRecord).name).toBe(`${label}.example.org`)
    const foreign = await register(
      signer,
      { name: `${freshLabel('x')}.${SUFFIX}`, attributes: {}, timestamp: now() },
      { target: other },
    )
    expect((await errorOf(foreign)).code).toBe('invalid_name')
    const suggestions = (await (
      await other.request(`/v1/profile/suggestions/${label}`, { headers: headers() })
    ).json()) as NameSuggestionsResponse
    expect(suggestions.suggestions.every((s) => s.name.endsWith('.example.org'))).toBe(true)
  })
}

describe('account names API on PGlite', () => suite(openTestPGlite))
describe.skipIf(!postgres.available)('account names API on Postgres', () => suite(() => openTestPostgres()))

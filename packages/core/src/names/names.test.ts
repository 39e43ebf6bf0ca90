// The names actions against the real Foyer server: its app (PGlite, one anvil on 19511 — the names range) listening
// on a loopback port, reached over HTTP as a site reaches it. Signatures are made by viem accounts, as a wallet's
// personal_sign makes them.
import { type RunningChain, startChain } from '@foyer/devnet'
import { loadConfig } from '@foyer/server'
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../../../../apps/server/src/test/backends.ts'
import { createApiClient } from '../api/apiClient.ts'
import { ClientNotSetError, UnsupportedChainError } from '../errors/errors.ts'
import { en } from '../locale/en.ts'
import { isValidNameLabel, normalizeName } from '../protocol/nameRules.ts'
import { listenTestServer } from '../test/listenTestServer.ts'
import { createNameMessage, nameCoinType } from './createNameMessage.ts'
import { fetchAccountName } from './fetchAccountName.ts'
import { fetchAccountNames } from './fetchAccountNames.ts'
import { fetchNameSuggestions } from './fetchNameSuggestions.ts'
import { chainIdOfNameCoinType } from './nameCoinType.ts'
import { AccountNamesError, NameSuggestionsError, RegisterNameError, ResolveNameError } from './nameErrors.ts'
import { registerAccountName } from './registerAccountName.ts'

const CHAIN_ID = 31337
let chain: RunningChain
let database: TestDatabase
let server: Awaited<ReturnType<typeof listenTestServer>> | undefined
let apiUrl = ''

beforeAll(async () => {
  ;[chain, database] = await Promise.all([
    startChain({ id: CHAIN_ID, name: 'Foyer Local', port: 19511, portEnv: 'FOYER_TEST_PORT' }),
    openTestPGlite(),
  ])
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([{ id: 'no-names', allowedOrigins: [], features: { names: false } }]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = [
    {
      id: CHAIN_ID,
      name: 'Foyer Local',
      rpcUrl: chain.rpcUrl,
      nativeSymbol: 'ETH',
      contracts: {},
      tokens: [],
      nfts: [],
    },
  ]
  server = await listenTestServer(database.database, config)
  apiUrl = server.apiUrl
}, BACKEND_TIMEOUT_MS)

afterAll(async () => {
  await server?.close()
  await Promise.all([chain?.stop(), database?.cleanup()])
}, BACKEND_TIMEOUT_MS)

const client = (projectId = 'foyer-demo') => ({ api: createApiClient({ apiUrl, projectId }) })
const newAccount = () => privateKeyToAccount(generatePrivateKey())
let serial = 0
const freshLabel = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${serial++}`

/** What the modal does: build the message, have the wallet sign it, post it with the chain's coin type. */
async function signAndRegister(
  account: PrivateKeyAccount,
  name: string,
  { attributes, projectId }: { attributes?: { avatar?: string; bio?: string }; projectId?: string } = {},
) {
  const message = createNameMessage({
    name,
    address: account.address,
    chainId: CHAIN_ID,
    project: projectId ?? 'foyer-demo',
    attributes,
  })
  return registerAccountName(client(projectId), {
    coinType: nameCoinType(CHAIN_ID),
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  })
}

describe('name rules, message and coin type', () => {
  it('isValidNameLabel: one DNS label of letters, digits and hyphens, 4 to 63, no hyphen at the ends, no xn--', () => {
    for (const good of ['abcd', 'Alice', 'a-b-c', 'a--b', 'abc--d', '1234', '0-0-0', 'x'.repeat(63)])
      expect(isValidNameLabel(good), good).toBe(true)
    for (const bad of [
      'abc',
      '',
      'al_ce',
      'al ce',
      'alice.foyer',
      'é'.repeat(4),
      'x'.repeat(64),
      42,
      undefined,
      '----',
      '-x-',
      '-abc',
      'abc-',
      'a-b-',
      'xn--bcher-kva',
      'XN--abcd',
      'ab--cd',
      `${'x'.repeat(62)}-`,
    ])
      expect(isValidNameLabel(bad), String(bad)).toBe(false)
    expect(normalizeName('Alice.FOYER.id', 'foyer.id')).toEqual({ label: 'alice', name: 'alice.foyer.id' })
    expect(normalizeName('alice.eth', 'foyer.id')).toBeUndefined()
  })

  it('createNameMessage is the JSON text the server reads, binding address, chain and project; nameCoinType sets the EVM bit below 2^31', () => {
    const address = '0x00000000000000000000000000000000000000aA'
    const bound = { address, chainId: 10, project: 'my-site' }
    expect(
      createNameMessage({ name: 'Alice.foyer.id', ...bound, attributes: { bio: 'hi' }, timestamp: 1_700_000_000 }),
    ).toBe(
      `{"name":"alice.foyer.id","address":"${address}","chainId":10,"project":"my-site","attributes":{"bio":"hi"},"timestamp":1700000000}`,
    )
    const { timestamp } = JSON.parse(createNameMessage({ name: 'alice', ...bound })) as { timestamp: number }
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5)
    expect(nameCoinType(31337)).toBe(2147514985)
    expect(nameCoinType(1)).toBe(2147483649)
    expect(nameCoinType(2147483647)).toBe(0xffffffff)
    expect(chainIdOfNameCoinType(2147514985)).toBe(31337)
    for (const bad of [2147483648, 0, -1, 1.5, Number.NaN])
      expect(() => nameCoinType(bad), String(bad)).toThrow(UnsupportedChainError)
  })
})

describe('names actions against the Foyer server', () => {
  it('registers, resolves (null when free), lists by address with the primary first and suggests free names', async () => {
    const account = newAccount()
    const [first, second] = [freshLabel('first'), freshLabel('Second')]
    expect(await fetchAccountName(client(), { name: first })).toBeNull()
    expect(await fetchAccountNames(client(), { address: account.address })).toEqual([])
    const suggestions = await fetchNameSuggestions(client(), { name: first })
    expect(suggestions[0]).toEqual({ name: `${first}.foyer.id`, registered: false })
    expect(suggestions.length).toBe(5)

    const record = await signAndRegister(account, `${first}.foyer.id`, {
      attributes: { avatar: 'https://example.com/me.png' },
    })
    expect(record).toMatchObject({
      name: `${first}.foyer.id`,
      addresses: { [String(nameCoinType(CHAIN_ID))]: { address: account.address } },
      attributes: { avatar: 'https://example.com/me.png' },
    })
    expect(await fetchAccountName(client(), { name: first.toUpperCase() })).toEqual(record)
    await signAndRegister(account, second) // the label alone: the server adds its suffix
    const names = await fetchAccountNames(client(), { address: account.address.toLowerCase() })
    expect(names.map((n) => n.name)).toEqual([`${second.toLowerCase()}.foyer.id`, `${first}.foyer.id`])
    const again = await fetchNameSuggestions(client(), { name: `${first}.foyer.id` })
    expect(again[0]).toEqual({ name: `${first}.foyer.id`, registered: true })
    expect(again.slice(1).every((s) => !s.registered)).toBe(true)
  })

  it('wraps refusals in the modal’s messages with locale keys, and says why in `reason`', async () => {
    const [owner, other] = [newAccount(), newAccount()]
    const name = `${freshLabel('taken')}.foyer.id`
    await signAndRegister(owner, name)

    const taken = await signAndRegister(other, name).catch((e: unknown) => e)
    expect(taken).toBeInstanceOf(RegisterNameError)
    expect(taken).toMatchObject({
      shortMessage: 'Error registering name',
      messageKey: 'snackbar.errorRegisteringName',
      reason: 'name_taken',
    })

    const message = createNameMessage({
      name: freshLabel('forged'),
      address: owner.address,
      chainId: CHAIN_ID,
      project: 'foyer-demo',
    })
    const forged = await registerAccountName(client(), {
      coinType: nameCoinType(CHAIN_ID),
      address: owner.address,
      message,
      signature: await other.signMessage({ message }),
    }).catch((e: unknown) => e)
    expect(forged).toMatchObject({ name: 'RegisterNameError', reason: 'invalid_signature' })

    const stale = createNameMessage({
      name: freshLabel('stale'),
      address: owner.address,
      chainId: CHAIN_ID,
      project: 'foyer-demo',
      timestamp: Math.floor(Date.now() / 1000) - 600,
    })
    const staleError = await registerAccountName(client(), {
      coinType: nameCoinType(CHAIN_ID),
      address: owner.address,
      message: stale,
      signature: await owner.signMessage({ message: stale }),
    }).catch((e: unknown) => e)
    expect(staleError).toMatchObject({ name: 'RegisterNameError', reason: 'stale_message' })

    // Signed for another chain (1), sent with this chain's coin type: the signature holds, the message does not.
    const elsewhere = createNameMessage({
      name: freshLabel('elsewhere'),
      address: owner.address,
      chainId: 1,
      project: 'foyer-demo',
    })
    const mismatch = await registerAccountName(client(), {
      coinType: nameCoinType(CHAIN_ID),
      address: owner.address,
      message: elsewhere,
      signature: await owner.signMessage({ message: elsewhere }),
    }).catch((e: unknown) => e)
    expect(mismatch).toMatchObject({ name: 'RegisterNameError', reason: 'message_mismatch' })

    const badName = await fetchAccountName(client(), { name: 'abc' }).catch((e: unknown) => e)
    expect(badName).toBeInstanceOf(ResolveNameError)
    expect(badName).toMatchObject({ shortMessage: 'Error resolving name', reason: 'invalid_name' })

    const off = client('no-names')
    const errors = await Promise.all([
      fetchAccountNames(off, { address: owner.address }).catch((e: unknown) => e),
      fetchNameSuggestions(off, { name: 'alice' }).catch((e: unknown) => e),
      fetchAccountName(off, { name: 'alice' }).catch((e: unknown) => e),
    ])
    expect(errors[0]).toBeInstanceOf(AccountNamesError)
    expect(errors[1]).toBeInstanceOf(NameSuggestionsError)
    expect(errors[2]).toBeInstanceOf(ResolveNameError)
    for (const error of errors) expect(error).toMatchObject({ reason: 'feature_disabled' })
    expect(errors.map((e) => (e as AccountNamesError).shortMessage)).toEqual([
      'Error fetching names for address',
      'Error fetching name suggestions',
      'Error resolving name',
    ])
    for (const error of [taken, badName, ...errors]) {
      const key = (error as RegisterNameError).messageKey as keyof typeof en
      expect(en[key]).toBe((error as RegisterNameError).shortMessage)
    }
  })

  it('needs apiUrl', async () => {
    await expect(fetchAccountName({}, { name: 'alice' })).rejects.toBeInstanceOf(ClientNotSetError)
    await expect(
      fetchAccountNames({}, { address: '0x0000000000000000000000000000000000000001' }),
    ).rejects.toBeInstanceOf(ClientNotSetError)
    await expect(fetchNameSuggestions({}, { name: 'alice' })).rejects.toBeInstanceOf(ClientNotSetError)
    await expect(
      registerAccountName({}, { coinType: nameCoinType(1), address: '0x', message: '', signature: '0x' }),
    ).rejects.toBeInstanceOf(ClientNotSetError)
  })
})

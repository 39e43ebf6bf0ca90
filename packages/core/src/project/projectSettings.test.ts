// The project-settings action against the real Foyer server: its app (PGlite) listening on a loopback port, reached
// over HTTP as a site reaches it, with a project whose swaps the operator turned off.
import { loadConfig } from '@foyer/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../../../../apps/server/src/test/backends.ts'
import { createApiClient } from '../api/apiClient.ts'
import { ClientNotSetError } from '../errors/errors.ts'
import { type FoyerOptions, resolveOptions } from '../options/options.ts'
import { DEFAULT_FEATURES } from '../protocol/features.ts'
import { createQueryCache } from '../query/queryCache.ts'
import { listenTestServer } from '../test/listenTestServer.ts'
import { localNetwork } from '../test/localNetwork.ts'
import {
  fetchProjectSettings,
  loadProjectSettings,
  PROJECT_SETTINGS_STALE_MS,
  projectSettingsQueryKey,
} from './fetchProjectSettings.ts'
import { isGasSponsored, paymasterServiceUrl } from './gasSponsorship.ts'
import { isFeatureEnabled, offeredSocials, projectFeaturesOf, readProjectFeatures } from './projectFeatures.ts'
import { isTransactionSponsored } from './transactionSponsorship.ts'

let database: TestDatabase
let server: Awaited<ReturnType<typeof listenTestServer>> | undefined
let apiUrl = ''

beforeAll(async () => {
  database = await openTestPGlite()
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PAYMASTER_SIGNER_KEY: `0x${'11'.repeat(32)}`,
      FOYER_PAYMASTERS: JSON.stringify({ 31337: `0x${'22'.repeat(20)}` }),
      FOYER_PROJECTS: JSON.stringify([
        { id: 'no-swaps', name: 'No swaps', allowedOrigins: [], features: { swaps: false, socials: ['github'] } },
        {
          id: 'sponsoring',
          allowedOrigins: [],
          sponsorship: {
            chains: [31337, 8453],
            contracts: [`0x${'33'.repeat(20)}`, `0x${'AB'.repeat(20)}`],
            maxOperationsPerAccountPerDay: 5,
            maxGasWeiPerAccountPerDay: '1000000000000000',
          },
        },
        {
          id: 'no-contracts',
          allowedOrigins: [],
          sponsorship: {
            chains: [31337],
            contracts: [],
            maxOperationsPerAccountPerDay: 5,
            maxGasWeiPerAccountPerDay: '1000000000000000',
          },
        },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  // The chain is never called: the answer names it because the server serves it and has its paymaster.
  config.chains = [
    {
      id: 31337,
      name: 'Local',
      rpcUrl: 'http://127.0.0.1:9/',
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
  await database?.cleanup()
}, BACKEND_TIMEOUT_MS)

/** A client as `createFoyerClient` builds one, counting the requests it sends; `debug` collects the debug log. */
function siteClient(options: Partial<FoyerOptions> = {}) {
  const requests: string[] = []
  const debug: unknown[][] = []
  const resolved = resolveOptions({ adapters: [], networks: [localNetwork(31337, 'Local')], ...options })
  const api = resolved.apiUrl
    ? createApiClient({
        apiUrl: resolved.apiUrl,
        projectId: resolved.projectId,
        fetch: (input, init) => {
          requests.push(String(input))
          return fetch(input, init)
        },
      })
    : undefined
  const client = {
    options: resolved,
    api,
    queries: createQueryCache(),
    logger: { debug: (...v: unknown[]) => debug.push(v) },
  }
  return { client, requests, debug }
}

describe('fetchProjectSettings', () => {
  it('answers the project’s features as the operator set them, the rest at their defaults', async () => {
    const { client } = siteClient({ apiUrl, projectId: 'no-swaps' })
    expect(await fetchProjectSettings(client)).toEqual({
      id: 'no-swaps',
      name: 'No swaps',
      features: { ...DEFAULT_FEATURES, swaps: false, socials: ['github'] },
      sponsorship: { chains: [], contracts: [] },
    })
  })

  it('refuses without an apiUrl', async () => {
    await expect(fetchProjectSettings({})).rejects.toBeInstanceOf(ClientNotSetError)
  })

  it('says on which chains the project pays the gas, for calls to which contracts, and where its paymaster service is', async () => {
    const { client } = siteClient({ apiUrl, projectId: 'sponsoring' })
    const settings = await fetchProjectSettings(client)
    // 8453: in the policy, but this server has no paymaster there. The contracts: the policy's, lower-case.
    expect(settings.sponsorship).toEqual({
      chains: [31337],
      contracts: [`0x${'33'.repeat(20)}`, `0x${'ab'.repeat(20)}`],
    })
    expect(isGasSponsored(settings, 31337)).toBe(true)
    expect(isGasSponsored(settings, 8453)).toBe(false)
    expect(
      isGasSponsored(await fetchProjectSettings(siteClient({ apiUrl, projectId: 'no-swaps' }).client), 31337),
    ).toBe(false)
    expect(isGasSponsored(undefined, 31337)).toBe(false)
    expect(paymasterServiceUrl(client.options)).toBe(`${apiUrl}/v1/paymaster?projectId=sponsoring`)
    expect(paymasterServiceUrl({ apiUrl })).toBeUndefined()
    const answer = await fetch(paymasterServiceUrl(client.options)!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: [] }),
    })
    expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(-32602)
  })
})

describe('loadProjectSettings', () => {
  it('asks once however many callers ask at once, and keeps the answer', async () => {
    const { client, requests } = siteClient({ apiUrl, projectId: 'no-swaps' })
    expect(readProjectFeatures(client)).toBe('loading')
    const answers = await Promise.all([loadProjectSettings(client), loadProjectSettings(client)])
    expect(answers[0]?.features.swaps).toBe(false)
    expect(answers[1]).toBe(answers[0])
    await loadProjectSettings(client)
    expect(requests).toEqual([`${apiUrl}/v1/project?projectId=no-swaps`])
    const features = readProjectFeatures(client)
    expect(isFeatureEnabled(client.options, 'swaps', features)).toBe(false)
    expect(isFeatureEnabled(client.options, 'onramp', features)).toBe(true)
  })

  it('an operator’s change shows at the next ask after a few seconds, the last answer shown meanwhile', async () => {
    expect(PROJECT_SETTINGS_STALE_MS).toBeLessThanOrEqual(5_000)
    await server!.projects.create({ id: 'changing', name: 'Changing', allowedOrigins: [], features: {} })
    const { client, requests } = siteClient({ apiUrl, projectId: 'changing' })
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    try {
      await loadProjectSettings(client) // the modal opens
      expect(isFeatureEnabled(client.options, 'swaps', readProjectFeatures(client))).toBe(true)
      await server!.projects.change('changing', { features: { swaps: false } }) // the operator turns swaps off

      // Opened again within the stale time: the answer held, no request.
      vi.setSystemTime(Date.now() + PROJECT_SETTINGS_STALE_MS - 1)
      await loadProjectSettings(client)
      expect(requests).toHaveLength(1)
      expect(isFeatureEnabled(client.options, 'swaps', readProjectFeatures(client))).toBe(true)

      // Opened after it: asked again; the views read the last answer while it runs, then the new one.
      vi.setSystemTime(Date.now() + 1)
      const again = loadProjectSettings(client)
      expect(client.queries.getState(projectSettingsQueryKey(client)).fetching).toBe(true)
      expect(isFeatureEnabled(client.options, 'swaps', readProjectFeatures(client))).toBe(true)
      expect((await again)?.features.swaps).toBe(false)
      expect(isFeatureEnabled(client.options, 'swaps', readProjectFeatures(client))).toBe(false)
      expect(requests).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('the sponsored chains and contracts it caches are what send and swap read: the smart account calling the policy’s contract on 31337 goes without gas', async () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const account = (type: 'eoa' | 'smartAccount') => ({
      address,
      preferredAccountType: type,
      allAccounts: [{ address, type }],
    })
    // A token in the policy (checksummed, as a token list gives it), and a person a native send would pay.
    const token = `0x${'Ab'.repeat(20)}`
    const person = address
    for (const [projectId, smart, eoa] of [
      ['sponsoring', true, false],
      ['no-swaps', false, false],
      // A policy without contracts: the paymaster refuses every call, so nothing is said sponsored.
      ['no-contracts', false, false],
    ] as const) {
      const { client } = siteClient({ apiUrl, projectId })
      const sponsored = (type: 'eoa' | 'smartAccount', { chainId = 31337, target = token } = {}) =>
        isTransactionSponsored(
          { ...client, getState: () => ({ account: account(type) }) },
          localNetwork(chainId, 'Local'),
          [target],
        )
      expect(sponsored('smartAccount')).toBe(false) // nothing loaded yet
      await loadProjectSettings(client)
      expect([projectId, sponsored('smartAccount'), sponsored('eoa')]).toEqual([projectId, smart, eoa])
      // 8453 is in the policy, but this server has no paymaster there.
      expect(sponsored('smartAccount', { chainId: 8453 })).toBe(false)
      // A native send to a person: not a contract the policy names.
      expect(sponsored('smartAccount', { target: person })).toBe(false)
    }
  })

  it('the default project has swaps on', async () => {
    const { client } = siteClient({ apiUrl, projectId: 'foyer-demo' })
    await loadProjectSettings(client)
    expect(isFeatureEnabled(client.options, 'swaps', readProjectFeatures(client))).toBe(true)
  })

  it('an unknown project leaves the site’s options to decide, logged at debug level', async () => {
    const { client, debug } = siteClient({ apiUrl, projectId: 'no-such-project', features: { names: false } })
    expect(await loadProjectSettings(client)).toBeUndefined()
    const features = readProjectFeatures(client)
    expect(features).toBe('unavailable')
    expect(isFeatureEnabled(client.options, 'swaps', features)).toBe(true)
    expect(isFeatureEnabled(client.options, 'names', features)).toBe(false)
    expect(debug).toHaveLength(1)
    expect(debug[0]?.[1]).toMatchObject({ status: 403, details: 'Unknown project "no-such-project"' })
  })

  it('a server that does not answer leaves the site’s options to decide', async () => {
    const down = await listenTestServer(database.database, loadConfig({ PORT: '0' }, { repoRoot: '/nonexistent' }))
    await down.close()
    const { client, debug, requests } = siteClient({ apiUrl: down.apiUrl, projectId: 'no-swaps' })
    expect(await loadProjectSettings(client)).toBeUndefined()
    expect(requests.length).toBe(3) // the cache's retries of a network failure
    expect(readProjectFeatures(client)).toBe('unavailable')
    expect(isFeatureEnabled(client.options, 'swaps', 'unavailable')).toBe(true)
    expect(debug).toHaveLength(1)
  })

  it('without an apiUrl asks nothing, and the server features are off', async () => {
    const { client, requests } = siteClient()
    expect(await loadProjectSettings(client)).toBeUndefined()
    expect(requests).toEqual([])
    expect(readProjectFeatures(client)).toBe('unavailable')
    expect(isFeatureEnabled(client.options, 'swaps', 'unavailable')).toBe(false)
    expect(isFeatureEnabled(client.options, 'allWallets', 'unavailable')).toBe(true)
  })
})

describe('isFeatureEnabled', () => {
  const { client } = siteClient({ apiUrl: 'http://127.0.0.1:9', features: { socials: ['google', 'github'] } })
  const project = { ...DEFAULT_FEATURES, history: false, socials: ['github', 'discord'] }

  it('keeps a server feature off until the project answers; a site feature does not wait', () => {
    expect(isFeatureEnabled(client.options, 'history', 'loading')).toBe(false)
    expect(isFeatureEnabled(client.options, 'allWallets', 'loading')).toBe(true)
    expect(offeredSocials(client.options, 'loading')).toEqual([])
  })

  it('needs both the site and the project; socials are the providers both list', () => {
    expect(isFeatureEnabled(client.options, 'history', project)).toBe(false)
    expect(isFeatureEnabled(client.options, 'names', project)).toBe(true)
    expect(offeredSocials(client.options, project)).toEqual(['github'])
    expect(isFeatureEnabled(client.options, 'socials', { ...project, socials: ['discord'] })).toBe(false)
    expect(offeredSocials(client.options, 'unavailable')).toEqual(['google', 'github'])
  })

  it('a failed refresh keeps the last answer, and a failure without one stays a failure while it retries', () => {
    const settings = { id: 'p', name: 'p', features: project, sponsorship: { chains: [], contracts: [] } }
    const base = { fetching: true, updatedAt: 0 }
    expect(projectFeaturesOf({ ...base, status: 'success', data: settings, error: new Error('x') })).toBe(project)
    expect(projectFeaturesOf({ ...base, status: 'pending', error: new Error('x') })).toBe('unavailable')
    expect(projectFeaturesOf({ ...base, status: 'pending' })).toBe('loading')
    expect(projectSettingsQueryKey(client)).toEqual(['foyer', 'project', null])
  })
})

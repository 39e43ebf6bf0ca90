/**
 * GET /console/api/chains: the server's chains with their paymasters, whether it has the signer (never the key), and
 * only for a signed-in operator.
 */
import { devAccountAt } from '@foyer/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChainConfig, loadConfig, type ServerConfig } from '../../config.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite } from '../../test/backends.ts'
import { type ConsoleKit, startConsoleKit } from '../consoleTestKit.ts'
import type { ConsoleChains } from '../contract.ts'
import { createConsoleChainsRoutes } from './consoleChainsRoutes.ts'

const SIGNER_KEY = devAccountAt(30).privateKey
const PAYMASTER = '0x00000000000000000000000000000000000A11CE'
const PASSWORD = 'a long operator password'

const chain = (id: number, name: string): ChainConfig => ({
  id,
  name,
  rpcUrl: 'http://127.0.0.1:9/',
  nativeSymbol: 'ETH',
  contracts: {},
  tokens: [],
  nfts: [],
})

function configWith(settings: Record<string, string>): ServerConfig {
  const base = loadConfig(
    { PORT: '0', FOYER_DEVNET_FILE: '/nonexistent/devnet.json', FOYER_DATA_DIR: '/nonexistent/data', ...settings },
    { repoRoot: '/nonexistent' },
  )
  return { ...base, chains: [chain(31337, 'Foyer Local'), chain(31338, 'Foyer Local 2')] }
}

const chainsOf = async (config: ServerConfig) =>
  (await (await createConsoleChainsRoutes(config).request('/chains')).json()) as ConsoleChains

describe('GET /console/api/chains', () => {
  it('lists the served chains in order, each with its paymaster (lower-case) or null, and says the signer is set', async () => {
    const config = configWith({
      FOYER_PAYMASTER_SIGNER_KEY: SIGNER_KEY,
      FOYER_PAYMASTERS: JSON.stringify({ 31337: PAYMASTER, 8453: PAYMASTER }),
    })
    const answer = await chainsOf(config)
    expect(answer).toEqual({
      chains: [
        { id: 31337, name: 'Foyer Local', paymaster: PAYMASTER.toLowerCase() },
        { id: 31338, name: 'Foyer Local 2', paymaster: null },
      ],
      paymasterSigner: true,
    })
    expect(JSON.stringify(answer)).not.toContain(SIGNER_KEY.slice(2))
  })

  it('says when the server has no signer: then no chain is sponsored', async () => {
    const answer = await chainsOf(configWith({ FOYER_PAYMASTERS: JSON.stringify({ 31337: PAYMASTER }) }))
    expect(answer.paymasterSigner).toBe(false)
    expect(answer.chains.map((c) => c.paymaster)).toEqual([PAYMASTER.toLowerCase(), null])
  })

  describe('mounted behind the sign-in guard', () => {
    const k = {} as ConsoleKit
    beforeAll(async () => void Object.assign(k, await startConsoleKit(openTestPGlite)), BACKEND_TIMEOUT_MS)
    afterAll(() => k.close?.(), BACKEND_TIMEOUT_MS)

    it('answers 401 not_signed_in without a session, and the chains with one', async () => {
      const anonymous = await k.call('GET', '/chains')
      expect(anonymous.status).toBe(401)
      expect((await anonymous.json()).error.code).toBe('not_signed_in')
      const { token } = await k.signIn(await k.operator(PASSWORD), PASSWORD)
      const signedIn = await k.call('GET', '/chains', { cookie: token })
      expect(signedIn.status).toBe(200)
      expect(signedIn.headers.get('cache-control')).toBe('no-store')
      // The kit's server has no devnet file and no signer.
      expect(await signedIn.json()).toEqual({ chains: [], paymasterSigner: false })
    })
  })
})

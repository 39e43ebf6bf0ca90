import { ENTRY_POINT_V08, PAYMASTER_RPC_ERRORS } from '@foyer/core/protocol'
import { devAccountAt } from '@foyer/devnet'
import * as v from 'valibot'
import { encodeFunctionData, parseAbi, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ConfigError, loadConfig, type ServerConfig } from '../config.ts'
import { createServer, type FoyerServer } from '../index.ts'
import { BACKEND_TIMEOUT_MS, type TestDatabase } from '../test/backends.ts'
import { probePostgresFor, testBackends } from '../test/eachBackend.ts'

// Policy and limits read the project and the database, and signing reads nothing: the chains here are never called
// (their RPC refuses connections). The real paymaster, bundler and chain are in sponsorship.devnet.test.ts.
const postgres = await probePostgresFor('sponsorship.test.ts')

const CHAIN = 31337
const OTHER_CHAIN = 31338
const PAYMASTER = '0x00000000000000000000000000000000000a11ce'
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const ROUTER = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const SIGNER_KEY = devAccountAt(30).privateKey

const accountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])
const transfer = encodeFunctionData({
  abi: parseAbi(['function transfer(address to, uint256 amount) returns (bool)']),
  args: ['0x000000000000000000000000000000000000dEaD', 1n],
})
const execute = (target: `0x${string}`) =>
  encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [target, 0n, transfer] })
const batch = (...targets: `0x${string}`[]) =>
  encodeFunctionData({
    abi: accountAbi,
    functionName: 'executeBatch',
    args: [targets.map((target) => ({ target, value: 0n, data: transfer }))],
  })

const policy = (fields: Record<string, unknown> = {}) => ({
  chains: [CHAIN],
  contracts: [TOKEN, ROUTER],
  maxOperationsPerAccountPerDay: 5,
  maxGasWeiPerAccountPerDay: '50000000000000000',
  ...fields,
})

function testConfig(): ServerConfig {
  const base = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
      FOYER_INDEXER: 'false',
      FOYER_PAYMASTER_SIGNER_KEY: SIGNER_KEY,
      FOYER_PAYMASTERS: JSON.stringify({ [CHAIN]: PAYMASTER }),
      FOYER_PROJECTS: JSON.stringify([
        { id: 'sponsor', name: 'Sponsoring site', allowedOrigins: [], sponsorship: policy() },
        { id: 'no-sponsor', allowedOrigins: [] },
        // Its policy names the other chain, on which this server has no paymaster.
        { id: 'both-chains', allowedOrigins: [], sponsorship: policy({ chains: [CHAIN, OTHER_CHAIN] }) },
        // Its policy names no contract: every call is outside it.
        { id: 'no-contracts', allowedOrigins: [], sponsorship: policy({ contracts: [] }) },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  const chain = (id: number) => ({
    id,
    name: `Chain ${id}`,
    rpcUrl: 'http://127.0.0.1:9/',
    nativeSymbol: 'ETH',
    contracts: {},
    tokens: [],
    nfts: [],
  })
  return { ...base, chains: [chain(CHAIN), chain(OTHER_CHAIN)] }
}

type RpcAnswer = {
  jsonrpc: '2.0'
  id: unknown
  result?: Record<string, string>
  error?: { code: number; message: string; data?: Record<string, unknown> }
}

const operation = (fields: Record<string, unknown> = {}) => ({
  sender: privateKeyToAccount(generatePrivateKey()).address,
  nonce: '0x0',
  callData: execute(TOKEN),
  callGasLimit: '0x186a0',
  verificationGasLimit: '0x186a0',
  preVerificationGas: '0xc350',
  maxFeePerGas: toHex(2_000_000_000n),
  maxPriorityFeePerGas: toHex(1_000_000_000n),
  signature: '0x',
  ...fields,
})

for (const [name, open] of testBackends(postgres)) {
  describe(`POST /v1/paymaster's policy and limits, on a listening server (${name})`, () => {
    let t: TestDatabase
    let server: FoyerServer
    let url: string
    beforeAll(async () => {
      t = await open()
      server = await createServer(testConfig(), { database: t.database })
      url = (await server.listen()).url
    }, BACKEND_TIMEOUT_MS)
    afterAll(async () => {
      await server?.close()
      await t?.cleanup()
    }, BACKEND_TIMEOUT_MS)

    async function rpc(
      method: string,
      params: unknown,
      project = 'sponsor',
    ): Promise<{ status: number; body: RpcAnswer }> {
      const response = await fetch(`${url}/v1/paymaster?projectId=${project}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
      })
      return { status: response.status, body: (await response.json()) as RpcAnswer }
    }
    const refusal = async (method: string, params: unknown, project?: string) => {
      const { status, body } = await rpc(method, params, project)
      expect(status).toBe(200)
      expect(body.id).toBe(7)
      expect(body.error?.code, JSON.stringify(body)).toBe(PAYMASTER_RPC_ERRORS.sponsorshipRefused)
      return body.error!
    }
    const params = (op: unknown, chainId = CHAIN) => [op, ENTRY_POINT_V08, toHex(chainId), null]

    it('GET /v1/project names the sponsored chains (the policy’s, where this server has a paymaster) and the policy’s contracts', async () => {
      const project = async (id: string) => {
        const response = await fetch(`${url}/v1/project?projectId=${id}`)
        expect(response.status).toBe(200)
        const sponsorship = v.object({ chains: v.array(v.number()), contracts: v.array(v.string()) })
        return v.parse(v.object({ sponsorship }), await response.json())
      }
      expect((await project('sponsor')).sponsorship).toEqual({ chains: [CHAIN], contracts: [TOKEN, ROUTER] })
      expect((await project('both-chains')).sponsorship).toEqual({ chains: [CHAIN], contracts: [TOKEN, ROUTER] })
      expect((await project('no-sponsor')).sponsorship).toEqual({ chains: [], contracts: [] })
      // A policy without contracts answers none, and the paymaster refuses its every call: nothing is sponsored.
      expect((await project('no-contracts')).sponsorship).toEqual({ chains: [CHAIN], contracts: [] })
      const error = await refusal(
        'pm_getPaymasterStubData',
        params(operation({ callData: execute(TOKEN) })),
        'no-contracts',
      )
      expect(error.data).toEqual({ reason: 'contract_not_sponsored', chainId: CHAIN, target: TOKEN })
    })

    it('a project without a policy: sponsorship_disabled', async () => {
      const error = await refusal('pm_getPaymasterStubData', params(operation()), 'no-sponsor')
      expect(error.data).toEqual({ reason: 'sponsorship_disabled' })
      expect(error.message).toMatch(/sponsors no gas/)
    })

    it('another chain: chain_not_sponsored, both where the policy leaves it out and where no paymaster is', async () => {
      for (const [project, chainId] of [
        ['sponsor', OTHER_CHAIN],
        ['both-chains', OTHER_CHAIN],
        ['sponsor', 1],
      ] as const) {
        for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
          const error = await refusal(method, params(operation(), chainId), project)
          expect(error.data).toEqual({ reason: 'chain_not_sponsored', chainId })
          expect(error.message).toContain(`chain ${chainId}`)
        }
      }
    })

    it('another contract: contract_not_sponsored, naming it, in a single call or anywhere in a batch', async () => {
      const stranger = '0x1111111111111111111111111111111111111111'
      for (const callData of [execute(stranger), batch(TOKEN, stranger, ROUTER)]) {
        for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
          const error = await refusal(method, params(operation({ callData })))
          expect(error.data).toEqual({ reason: 'contract_not_sponsored', chainId: CHAIN, target: stranger })
          expect(error.message).toContain(stranger)
        }
      }
      // Call data that is no account's execute, and an empty batch.
      for (const callData of ['0xdeadbeef', '0x', batch()]) {
        const error = await refusal('pm_getPaymasterData', params(operation({ callData })))
        expect(error.data).toEqual({ reason: 'contract_not_sponsored', chainId: CHAIN })
      }
    })

    it('over the gas limit: daily_gas_exceeded, before anything is counted', async () => {
      const op = operation({ maxFeePerGas: toHex(10n ** 15n) })
      const error = await refusal('pm_getPaymasterData', params(op))
      expect(error.data).toMatchObject({ reason: 'daily_gas_exceeded', limit: '50000000000000000', used: '0' })
    })

    it('malformed params, another entry point, an unknown method and a batch: JSON-RPC errors, nothing counted', async () => {
      const bad = async (method: string, p: unknown, code: number) => {
        const { status, body } = await rpc(method, p)
        expect(status).toBe(200)
        expect(body.error?.code, JSON.stringify(body)).toBe(code)
        return body.error!
      }
      const invalid = PAYMASTER_RPC_ERRORS.invalidParams
      expect(
        (
          await bad(
            'pm_getPaymasterData',
            [operation(), '0x0000000071727De22E5E9d8BAf0edAc6f37da032', toHex(CHAIN), null],
            invalid,
          )
        ).message,
      ).toMatch(/EntryPoint v0\.8/)
      await bad('pm_getPaymasterData', [operation({ sender: '0x12' }), ENTRY_POINT_V08, toHex(CHAIN), null], invalid)
      await bad('pm_getPaymasterData', [operation({ nonce: 5 }), ENTRY_POINT_V08, toHex(CHAIN), null], invalid)
      await bad('pm_getPaymasterData', [operation(), ENTRY_POINT_V08, '31337', null], invalid)
      await bad('pm_getPaymasterData', { userOp: operation() }, invalid)
      expect(
        (await bad('pm_getPaymasterData', params(operation({ callGasLimit: undefined })), invalid)).message,
      ).toMatch(/callGasLimit/)
      await bad('eth_sendUserOperation', params(operation()), PAYMASTER_RPC_ERRORS.methodNotFound)
      const response = await fetch(`${url}/v1/paymaster?projectId=sponsor`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [] }]),
      })
      expect(((await response.json()) as RpcAnswer).error?.code).toBe(PAYMASTER_RPC_ERRORS.invalidRequest)
    })

    it('100 parallel pm_getPaymasterData for one account against a limit of 5 operations: exactly 5 signed', async () => {
      const sender = privateKeyToAccount(generatePrivateKey()).address
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          rpc('pm_getPaymasterData', params(operation({ sender, nonce: toHex(i) }))),
        ),
      )
      const signed = answers.filter((a) => a.body.result)
      const refused = answers.filter((a) => a.body.error)
      expect(signed).toHaveLength(5)
      expect(refused).toHaveLength(95)
      for (const { status, body } of refused) {
        expect(status).toBe(200)
        expect(body.error).toMatchObject({
          code: PAYMASTER_RPC_ERRORS.sponsorshipRefused,
          data: { reason: 'daily_operations_exceeded', limit: 5, used: 5 },
        })
      }
      for (const { body } of signed) {
        expect(body.result).toMatchObject({ paymaster: PAYMASTER, paymasterVerificationGasLimit: expect.any(String) })
        expect(body.result!.paymasterData).toMatch(/^0x[0-9a-f]{154}$/) // validUntil, validAfter, signature
      }
      // The stub now refuses too, before any estimate; another account still has its own 5.
      const stub = await refusal('pm_getPaymasterStubData', params(operation({ sender })))
      expect(stub.data).toMatchObject({ reason: 'daily_operations_exceeded' })
      expect((await rpc('pm_getPaymasterData', params(operation()))).body.result).toBeDefined()
    })

    it('the day’s gas: grants while the sum of the operations’ most cost fits, then daily_gas_exceeded', async () => {
      const sender = privateKeyToAccount(generatePrivateKey()).address
      // (100k + 100k + 50k + 60k paymaster) gas × 40 gwei = 0.0124 ETH: four fit in 0.05 ETH, a fifth does not.
      const costly = () => operation({ sender, maxFeePerGas: toHex(40_000_000_000n) })
      const answers = await Promise.all(Array.from({ length: 20 }, () => rpc('pm_getPaymasterData', params(costly()))))
      expect(answers.filter((a) => a.body.result)).toHaveLength(4)
      const error = answers.find((a) => a.body.error)!.body.error!
      expect(error.data).toMatchObject({ reason: 'daily_gas_exceeded', used: '49600000000000000' })
    })

    it('an unknown project or none: the server’s own 4xx envelope, as on every project route', async () => {
      const none = await fetch(`${url}/v1/paymaster`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [] }),
      })
      expect(none.status).toBe(401)
      expect(((await none.json()) as { error: { code: string } }).error.code).toBe('missing_project_id')
      const unknown = await fetch(`${url}/v1/paymaster?projectId=nobody`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(unknown.status).toBe(403)
    })
  })
}

describe('the sponsorship policy as a setting', () => {
  const load = (sponsorship: unknown) =>
    loadConfig(
      {
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_PROJECTS: JSON.stringify([{ id: 'x', allowedOrigins: [], sponsorship }]),
      },
      { repoRoot: '/nonexistent' },
    )
  it('reads a policy: addresses lower-case, repeats dropped, wei kept as a decimal string', () => {
    const config = load(
      policy({ contracts: [TOKEN.toUpperCase().replace('0X', '0x'), TOKEN], maxGasWeiPerAccountPerDay: 1000 }),
    )
    expect(config.projects[0]!.sponsorship).toEqual({
      ...policy(),
      contracts: [TOKEN],
      maxGasWeiPerAccountPerDay: '1000',
    })
  })
  it('refuses a bad policy, saying where', () => {
    for (const [bad, where] of [
      [policy({ chains: ['1'] }), 'chains'],
      [policy({ contracts: ['0x12'] }), 'contracts'],
      [policy({ maxOperationsPerAccountPerDay: -1 }), 'maxOperationsPerAccountPerDay'],
      [policy({ maxGasWeiPerAccountPerDay: '0.05' }), 'maxGasWeiPerAccountPerDay'],
      [policy({ limit: 3 }), 'limit'],
    ] as const) {
      let error: ConfigError | undefined
      try {
        load(bad)
      } catch (e) {
        error = e as ConfigError
      }
      expect(error?.issues.map((i) => i.path).join(' '), JSON.stringify(bad)).toContain(where)
    }
  })
  it('refuses a signer key that is not one, without echoing it', () => {
    expect(() => loadConfig({ FOYER_PAYMASTER_SIGNER_KEY: '0x1234secret' }, { repoRoot: '/nonexistent' })).toThrow(
      /FOYER_PAYMASTER_SIGNER_KEY/,
    )
    try {
      loadConfig({ FOYER_PAYMASTER_SIGNER_KEY: '0x1234secret' }, { repoRoot: '/nonexistent' })
    } catch (e) {
      expect((e as Error).message).not.toContain('1234secret')
    }
  })
})

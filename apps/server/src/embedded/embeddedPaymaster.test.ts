/**
 * `POST /v1/embedded/paymaster`: the frame's paymaster service. The signed-in session decides the project and the
 * account; the policy, refusals and daily limits are those of `POST /v1/paymaster` (one service, one count). Signing
 * reads no chain: the chains here are never called.
 */
import { randomBytes } from 'node:crypto'
import { ENTRY_POINT_V08, PAYMASTER_RPC_ERRORS } from '@foyer/core/protocol'
import { devAccountAt } from '@foyer/devnet'
import { encodeFunctionData, parseAbi, toHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { beforeAll, expect, it } from 'vitest'
import type { ChainConfig } from '../config.ts'
import { describeEmbedded, type EmbeddedKit } from './embeddedTestKit.ts'

const CHAIN = 31337
const PAYMASTER = '0x00000000000000000000000000000000000a11ce'
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const OTHER = '0x000000000000000000000000000000000000bEEF'
const PROJECT = 'frame-sponsor'
const SITE = 'https://sponsor.example'

const execute = (target: `0x${string}`) =>
  encodeFunctionData({
    abi: parseAbi(['function execute(address target, uint256 value, bytes data)']),
    functionName: 'execute',
    args: [target, 0n, '0x'],
  })

const operation = (sender: string, target: `0x${string}` = TOKEN) => ({
  sender,
  nonce: '0x0',
  callData: execute(target),
  callGasLimit: '0x186a0',
  verificationGasLimit: '0x186a0',
  preVerificationGas: '0xc350',
  maxFeePerGas: toHex(2_000_000_000n),
  maxPriorityFeePerGas: toHex(1_000_000_000n),
  signature: '0x',
})

const rpc = (method: string, op: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 7,
  method,
  params: [op, ENTRY_POINT_V08, toHex(CHAIN), null],
})

const chain: ChainConfig = {
  id: CHAIN,
  name: 'Sponsored chain',
  rpcUrl: 'http://127.0.0.1:9/',
  nativeSymbol: 'ETH',
  contracts: {},
  tokens: [],
  nfts: [],
  accountAbstraction: {
    entryPoint: ENTRY_POINT_V08,
    simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
    bundlerUrl: 'http://127.0.0.1:9/31337',
  },
}

await describeEmbedded(
  'embeddedPaymaster.test.ts',
  (k: EmbeddedKit, name: string) => {
    // The kit reads no chains file: the one chain is put in the configuration the app reads.
    beforeAll(() => void Object.assign(k.config, { chains: [chain] }))

    const headers = (token?: string) => ({
      'x-project-id': PROJECT,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    })
    /** A signed-in person of the project with a linked wallet: the session token and the wallet's address. */
    async function signedIn(label: string) {
      const { token, user } = await k.login(`${label}-${name}@example.com`.toLowerCase(), undefined, undefined, PROJECT)
      const wallet = await k.signedWallet(user.id, `02${randomBytes(32).toString('hex')}`, generatePrivateKey())
      expect((await k.call('/v1/embedded/wallet', wallet, headers(token))).status).toBe(200)
      return { token, address: wallet.address }
    }
    const embedded = async (body: unknown, token?: string) =>
      k.json(await k.call('/v1/embedded/paymaster', body as Record<string, unknown>, headers(token)))

    it('needs a session: 401 without one, or with one that is not valid', async () => {
      const { address } = await signedIn('anon')
      const none = await embedded(rpc('pm_getPaymasterStubData', operation(address)))
      expect(none).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
      const forged = await embedded(rpc('pm_getPaymasterStubData', operation(address)), 'x'.repeat(43))
      expect(forged).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } })
    })

    it('tells the frame which chains the project sponsors', async () => {
      const config = await k.json(await k.call('/v1/embedded/config', undefined, headers()))
      expect(config.body.chains[0].smartAccount).toMatchObject({ sponsored: true })
      const demo = await k.json(await k.call('/v1/embedded/config'))
      expect(demo.body.chains[0].smartAccount).toMatchObject({ sponsored: false })
    })

    it('signs for the session’s own account, and passes the policy’s refusals through', async () => {
      const { token, address } = await signedIn('grant')
      const stub = await embedded(rpc('pm_getPaymasterStubData', operation(address)), token)
      expect(stub.body.result).toMatchObject({ paymaster: PAYMASTER, isFinal: false })
      const refused = await embedded(rpc('pm_getPaymasterData', operation(address, OTHER)), token)
      expect(refused.body.error).toMatchObject({
        code: PAYMASTER_RPC_ERRORS.sponsorshipRefused,
        data: { reason: 'contract_not_sponsored' },
      })
      const someoneElse = await embedded(rpc('pm_getPaymasterData', operation(OTHER)), token)
      expect(someoneElse.body.error).toMatchObject({ code: PAYMASTER_RPC_ERRORS.invalidParams })
      const signed = await embedded(rpc('pm_getPaymasterData', operation(address)), token)
      expect(signed.body.result.paymaster).toBe(PAYMASTER)
      expect(signed.body.result.paymasterData.length).toBeGreaterThan(2 + 40)
    })

    it('counts against the same daily limit as POST /v1/paymaster', async () => {
      const { token, address } = await signedIn('limit')
      const viaSite = async () =>
        k.json(
          await k.call(`/v1/paymaster?projectId=${PROJECT}`, rpc('pm_getPaymasterData', operation(address)), {
            origin: SITE,
            'x-project-id': PROJECT,
          }),
        )
      expect((await embedded(rpc('pm_getPaymasterData', operation(address)), token)).body.result).toBeDefined()
      const site = await viaSite()
      expect(site.body.result, JSON.stringify(site.body)).toBeDefined()
      // The limit is two operations a day: the third, either way, is refused.
      const third = await embedded(rpc('pm_getPaymasterData', operation(address)), token)
      expect(third.body.error?.data).toMatchObject({ reason: 'daily_operations_exceeded', used: 2 })
      expect((await viaSite()).body.error?.data).toMatchObject({ reason: 'daily_operations_exceeded' })
    })

    it('50 requests at once, half through each route, against a limit of 2: exactly 2 signed', async () => {
      const { token, address } = await signedIn('parallel')
      const body = rpc('pm_getPaymasterData', operation(address))
      const answers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) =>
          i % 2
            ? embedded(body, token)
            : k.json(
                await k.call(`/v1/paymaster?projectId=${PROJECT}`, body, { origin: SITE, 'x-project-id': PROJECT }),
              ),
        ),
      )
      expect(answers.filter((a) => a.body.result).length).toBe(2)
      expect(answers.filter((a) => a.body.error?.data?.reason === 'daily_operations_exceeded').length).toBe(48)
    })
  },
  {
    FOYER_PAYMASTER_SIGNER_KEY: devAccountAt(30).privateKey,
    FOYER_PAYMASTERS: JSON.stringify({ [CHAIN]: PAYMASTER }),
    FOYER_PROJECTS: JSON.stringify([
      {
        id: PROJECT,
        name: 'Sponsoring site',
        allowedOrigins: [SITE],
        features: { email: true },
        sponsorship: {
          chains: [CHAIN],
          contracts: [TOKEN],
          maxOperationsPerAccountPerDay: 2,
          maxGasWeiPerAccountPerDay: '50000000000000000',
        },
      },
    ]),
  },
)

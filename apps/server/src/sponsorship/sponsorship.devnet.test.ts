/**
 * Gas sponsorship end to end: a devnet chain with the EntryPoint v0.8, the Simple7702Account and the verifying
 * paymaster (read from the devnet file the server loads), a real alto bundler, and this server listening. A fresh
 * account with 0 ETH sends fUSD through viem's bundler client, whose paymaster is `POST /v1/paymaster`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PAYMASTER_RPC_ERRORS } from '@foyer/core/protocol'
import { type RunningBundler, type RunningDevnet, sponsorAccount, startDevnet } from '@foyer/devnet'
import { SIMPLE_7702_ACCOUNT_V08 } from '@foyer/devnet/account-abstraction'
import { createPublicClient, createWalletClient, erc20Abi, http, type PublicClient, parseAbi, parseUnits } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Abi,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createServer, type FoyerServer } from '../index.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../test/backends.ts'

// One anvil on 19660 (the sponsorship test range); the bundler picks a free port.
const CHAIN_ID = 31337
const chain = { ...foundry, id: CHAIN_ID }

let dir: string
let devnet: RunningDevnet
let bundler: RunningBundler
let t: TestDatabase
let server: FoyerServer
let serverUrl: string
let client: PublicClient
let usd: `0x${string}`
let paymaster: `0x${string}`

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'foyer-sponsorship-'))
  const devnetFile = join(dir, 'devnet.json')
  ;[devnet, t] = await Promise.all([
    startDevnet({
      chains: [{ id: CHAIN_ID, name: 'Sponsored chain', port: 19660, portEnv: 'TEST' }],
      devnetFile,
      seedHistory: false,
      bundler: { port: 0 },
    }),
    openTestPGlite(),
  ])
  bundler = devnet.bundler!
  const [first] = devnet.info.chains
  usd = first!.contracts.usd
  paymaster = first!.accountAbstraction.paymaster
  client = createPublicClient({ chain, transport: http(first!.rpcUrl) }) as PublicClient
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      FOYER_DEVNET_FILE: devnetFile,
      FOYER_DATA_DIR: join(dir, 'data'),
      FOYER_INDEXER: 'false',
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
      FOYER_PAYMASTER_SIGNER_KEY: sponsorAccount().privateKey,
      FOYER_PROJECTS: JSON.stringify([
        {
          id: 'shop',
          allowedOrigins: [],
          sponsorship: {
            chains: [CHAIN_ID],
            contracts: [usd],
            maxOperationsPerAccountPerDay: 20,
            maxGasWeiPerAccountPerDay: '50000000000000000',
          },
        },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  server = await createServer(config, { database: t.database })
  serverUrl = (await server.listen()).url
}, BACKEND_TIMEOUT_MS)

afterAll(async () => {
  await server?.close()
  await t?.cleanup()
  await devnet?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
}, BACKEND_TIMEOUT_MS)

const bundlerClient = () =>
  createBundlerClient({
    client,
    transport: http(bundler.urls[CHAIN_ID]),
    paymaster: createPaymasterClient({ transport: http(`${serverUrl}/v1/paymaster?projectId=shop`) }),
  })

const usdBalance = (of: `0x${string}`) =>
  client.readContract({ address: usd, abi: erc20Abi, functionName: 'balanceOf', args: [of] })

describe('a sponsored user operation through the real bundler', () => {
  it('a new Simple7702Account with 0 ETH sends fUSD; the paymaster’s deposit pays', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimple7702SmartAccount({ client, owner })
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    // fUSD for the account from a dev account; no ETH.
    const funder = devnet.info.accounts[1]!
    const wallet = createWalletClient({
      account: privateKeyToAccount(funder.privateKey),
      chain,
      transport: http(devnet.info.chains[0]!.rpcUrl),
    })
    const funding = await wallet.writeContract({
      address: usd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [owner.address, parseUnits('10', 6)],
    })
    await client.waitForTransactionReceipt({ hash: funding })
    expect(await client.getBalance({ address: owner.address })).toBe(0n)
    const depositOf = () =>
      client.readContract({
        address: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
        abi: entryPoint08Abi,
        functionName: 'balanceOf',
        args: [paymaster],
      })
    const before = await depositOf()

    const authorization = await owner.signAuthorization({
      chainId: CHAIN_ID,
      contractAddress: SIMPLE_7702_ACCOUNT_V08,
      nonce: await client.getTransactionCount({ address: owner.address }),
    })
    const bundle = bundlerClient()
    const hash = await bundle.sendUserOperation({
      account,
      authorization,
      calls: [{ to: usd, abi: erc20Abi, functionName: 'transfer', args: [recipient, parseUnits('4', 6)] }],
    })
    const receipt = await bundle.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    expect(receipt.success).toBe(true)
    expect(receipt.paymaster?.toLowerCase()).toBe(paymaster.toLowerCase())
    expect(await usdBalance(recipient)).toBe(parseUnits('4', 6))
    expect(await usdBalance(owner.address)).toBe(parseUnits('6', 6))
    expect(await client.getBalance({ address: owner.address })).toBe(0n)
    expect(await depositOf()).toBe(before - receipt.actualGasCost)

    // A call to another contract is refused by the server, with its reason, before the bundler sees it.
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    const refused = await bundle
      .sendUserOperation({ account, calls: [{ to: stranger, data: '0x' }] })
      .then(() => undefined)
      .catch((error: Error) => error)
    expect(refused?.message).toMatch(/not sponsored by this project/)
    const direct = await fetch(`${serverUrl}/v1/paymaster?projectId=shop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'pm_getPaymasterStubData',
        params: [
          {
            sender: owner.address,
            nonce: '0x1',
            callData: await account.encodeCalls([{ to: stranger, data: '0x' }]),
          },
          '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
          `0x${CHAIN_ID.toString(16)}`,
          null,
        ],
      }),
    })
    expect(await direct.json()).toMatchObject({
      error: {
        code: PAYMASTER_RPC_ERRORS.sponsorshipRefused,
        data: { reason: 'contract_not_sponsored', target: stranger.toLowerCase() },
      },
    })
    // The signer key is the paymaster's verifying signer.
    const verifyingSigner = await client.readContract({
      address: paymaster,
      abi: parseAbi(['function verifyingSigner() view returns (address)']),
      functionName: 'verifyingSigner',
    })
    expect(verifyingSigner).toBe(sponsorAccount().address)
  })
})

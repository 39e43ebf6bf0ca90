/**
 * The embedded wallet as a smart account, end to end against a real anvil chain with the ERC-4337 contracts and a
 * real alto bundler: eth_sendTransaction as a user operation (the first one delegates the key, EIP-7702),
 * EIP-5792 batches, and a bundler that is down or slow. The person's decision is the `approve` function the RPC is
 * given (the approval screen and its queue have their own tests).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EmbeddedSmartAccountSupport } from '@foyer/core/protocol'
import {
  devAccounts,
  type RunningBundler,
  type RunningChain,
  type RunningDevnet,
  sponsorAccount,
  startDevnet,
} from '@foyer/devnet'
import { type MailSink, startMailSink } from '@foyer/devnet/mail'
import { FrameHostError } from '@foyer/embedded/host'
import { createServer as createFoyerServer, type FoyerServer, loadConfig } from '@foyer/server'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { entryPoint08Abi, entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// A PGlite copied from a migrated template (a fresh one migrates for seconds).
import { openTestPGlite, type TestDatabase } from '../../../server/src/test/backends.ts'
import type { ApprovalDetails } from '../approval/approvalScreen.ts'
import { createRpc, type RpcContext } from '../rpc/rpc.ts'
import { smartAccountState } from './accountState.ts'
import { accountTypes } from './accountType.ts'
import { delegationDesignator, isDelegatedTo } from './delegation.ts'
import { parseSendCalls } from './sendCalls.ts'
import { ENTRY_POINT_V08 } from './support.ts'
import { bundlerFor, prepareCalls, type SponsorEndpoint, waitForOperation } from './userOperation.ts'

const CHAIN_PORT = 19662
let devnet: RunningDevnet
let anvil: RunningChain
let bundler: RunningBundler
let chain: Chain
let client: PublicClient
let support: EmbeddedSmartAccountSupport

let usd: Address
let paymaster: Address

// What a user operation needs: one anvil chain, the ERC-4337 contracts (with the verifying paymaster) and alto; the
// devnet's tokens, for the sponsored fUSD transfer.
beforeAll(async () => {
  devnet = await startDevnet({
    chains: [{ id: 31337, name: 'Frame AA test', port: CHAIN_PORT, portEnv: 'TEST' }],
    devnetFile: null,
    seedHistory: false,
    bundler: { port: 0 },
  })
  anvil = devnet.chains[0]!
  bundler = devnet.bundler!
  const { contracts, accountAbstraction: aa } = devnet.info.chains[0]!
  usd = contracts.usd
  paymaster = aa.paymaster
  chain = defineChain({
    id: anvil.id,
    name: anvil.name,
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  client = createPublicClient({ chain, transport: http() })
  support = { bundlerUrl: bundler.urls[anvil.id], entryPoint: aa.entryPoint, implementation: aa.simple7702Account }
}, 60_000)

afterAll(async () => {
  await devnet?.stop()
})

/** A fresh key with 1 ETH, so each test starts from an account that never delegated. */
async function fundedOwner() {
  const owner = privateKeyToAccount(generatePrivateKey())
  const funder = privateKeyToAccount(devAccounts(2)[1].privateKey)
  const hash = await createWalletClient({ account: funder, chain, transport: http() }).sendTransaction({
    to: owner.address,
    value: parseEther('1'),
  })
  await client.waitForTransactionReceipt({ hash })
  return owner
}

function rpcFor(
  owner: ReturnType<typeof privateKeyToAccount>,
  options: Partial<RpcContext> & { decide?: (details: ApprovalDetails) => void } = {},
) {
  const shown: ApprovalDetails[] = []
  const rpc = createRpc({
    site: 'https://shop.example',
    signedIn: async () => undefined,
    account: () => owner,
    chain: () => chain,
    chains: () => [chain],
    smartAccount: () => support,
    approve: async (details) => {
      shown.push(details)
      options.decide?.(details)
    },
    ...options,
  })
  return { rpc, shown }
}

const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const row = (details: ApprovalDetails, key: string) => details.rows.filter(([k]) => k === key).map(([, v]) => v)

describe('eth_sendTransaction from the smart account', () => {
  it('builds, shows, signs and lands a user operation; the first one delegates the key (deployed false → true)', async () => {
    const owner = await fundedOwner()
    const { rpc, shown } = rpcFor(owner)
    const to = fresh()
    expect(await isDelegatedTo(chain, owner.address, support.implementation)).toBe(false)

    const hash = (await rpc('eth_sendTransaction', [
      { from: owner.address, to, value: numberToHex(parseEther('0.1')) },
    ])) as Hex

    const receipt = await client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    // The bundler's transaction goes to the EntryPoint, not from the person's key.
    expect(receipt.to?.toLowerCase()).toBe(support.entryPoint.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.1'))
    expect(await client.getCode({ address: owner.address })).toBe(delegationDesignator(support.implementation))
    expect(await isDelegatedTo(chain, owner.address, support.implementation)).toBe(true)

    expect(shown).toHaveLength(1)
    const [details] = shown
    expect(details.title).toBe('frame.sendTransaction')
    expect(row(details, 'frame.to')).toEqual([to])
    expect(row(details, 'frame.value')).toEqual(['0.1 ETH'])
    expect(row(details, 'frame.from')).toEqual([`${owner.address} (smart account)`])
    expect(details.summary?.map((s) => s.key)).toEqual(['frame.delegation'])
    // The most it may cost is shown and really bounds what the account paid.
    const [maxFee] = row(details, 'frame.maxNetworkFee')
    const maxWei = parseEther(maxFee.replace(' ETH', ''))
    expect(maxWei).toBeGreaterThan(0n)
    const spent = parseEther('1') - parseEther('0.1') - (await client.getBalance({ address: owner.address }))
    expect(spent).toBeGreaterThan(0n)
    expect(spent).toBeLessThanOrEqual(maxWei)

    // Delegated now: the next operation carries no authorization and says nothing of it.
    const second = (await rpc('eth_sendTransaction', [{ to, value: numberToHex(1n) }])) as Hex
    expect((await client.getTransactionReceipt({ hash: second })).status).toBe('success')
    expect(shown[1].summary).toBeUndefined()
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.1') + 1n)
  }, 30_000)

  it('a rejection sends nothing and answers the usual rejected error', async () => {
    const owner = await fundedOwner()
    const { rpc, shown } = rpcFor(owner, {
      decide: () => {
        throw new FrameHostError('rejected', 'User rejected the request')
      },
    })
    const to = fresh()
    await expect(rpc('eth_sendTransaction', [{ to, value: numberToHex(5n) }])).rejects.toMatchObject({
      code: 'rejected',
    })
    expect(shown).toHaveLength(1)
    expect(await client.getBalance({ address: to })).toBe(0n)
    expect(await client.getCode({ address: owner.address })).toBeUndefined()
  })

  it('a key that already delegates to another contract is refused before anything is shown', async () => {
    const owner = await fundedOwner()
    const other = delegationDesignator(fresh())
    await client.request({ method: 'anvil_setCode' as never, params: [owner.address, other] as never })
    const { rpc, shown } = rpcFor(owner)
    await expect(rpc('eth_sendTransaction', [{ to: fresh(), value: '0x1' }])).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringMatching(/another contract/),
    })
    expect(shown).toHaveLength(0)
    expect(await client.getCode({ address: owner.address })).toBe(other)
  })

  it('a call that would revert is refused with the bundler’s reason, nothing shown or sent', async () => {
    const owner = await fundedOwner()
    const { rpc, shown } = rpcFor(owner)
    // The EntryPoint has no such function and no fallback that accepts it.
    const failing = rpc('eth_sendTransaction', [{ to: support.entryPoint, data: '0xdeadbeef' }])
    await expect(failing).rejects.toMatchObject({ code: 'rpc_error', rpcCode: -32603 })
    await expect(failing).rejects.toThrow(/revert/i)
    expect(shown).toHaveLength(0)
    expect(await client.getCode({ address: owner.address })).toBeUndefined()
  })

  it('eth_signTransaction and contract creation are refused for the smart account', async () => {
    const owner = await fundedOwner()
    const { rpc, shown } = rpcFor(owner)
    await expect(rpc('eth_signTransaction', [{ to: fresh() }])).rejects.toMatchObject({ code: 'unsupported' })
    await expect(rpc('eth_sendTransaction', [{ data: '0x6000' }])).rejects.toMatchObject({ code: 'unsupported' })
    await expect(rpc('eth_sendTransaction', [{ from: fresh(), to: fresh() }])).rejects.toMatchObject({
      rpcCode: 4100,
    })
    expect(shown).toHaveLength(0)
  })
})

describe('the account state the frame reports', () => {
  const memory = () => {
    const items = new Map<string, string>()
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
  }
  const embedded = (id: number, smartAccount?: EmbeddedSmartAccountSupport) => ({
    id,
    name: `Chain ${id}`,
    rpcUrl: chain.rpcUrls.default.http[0],
    nativeSymbol: 'ETH',
    ...(smartAccount ? { smartAccount } : {}),
  })

  it('chains with a bundler; the type per person; deployed read from the chain, false → true', async () => {
    const owner = await fundedOwner()
    const state = smartAccountState([embedded(31337, support), embedded(31338)], accountTypes('shop', memory()))
    expect(state.enabledNetworks).toEqual([31337])
    expect(await state.userFields(chain, owner.address, 'u1')).toEqual({
      accounts: [{ address: owner.address, type: 'eoa' }],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    })
    expect(state.setPreferred('u1', 'smartAccount')).toBe('smartAccount')
    expect(await state.userFields(chain, owner.address, 'u1')).toEqual({
      accounts: [{ address: owner.address, type: 'smartAccount' }],
      smartAccountDeployed: false,
      preferredAccountType: 'smartAccount',
    })
    // Another person on this device keeps the EOA.
    expect(state.activeOn(31337, 'u2')).toBeUndefined()
    expect(state.activeOn(31338, 'u1')).toBeUndefined()

    const { rpc } = rpcFor(owner, { smartAccount: (c) => state.activeOn(c.id, 'u1') })
    const hash = (await rpc('eth_sendTransaction', [{ to: fresh(), value: '0x1' }])) as Hex
    expect((await client.getTransactionReceipt({ hash })).to?.toLowerCase()).toBe(support.entryPoint.toLowerCase())
    expect((await state.userFields(chain, owner.address, 'u1')).smartAccountDeployed).toBe(true)

    // Back to the EOA: the key's own transactions again (the delegation stays; the account still is the key's).
    state.setPreferred('u1', 'eoa')
    const own = (await rpc('eth_sendTransaction', [{ to: fresh(), value: '0x1' }])) as Hex
    expect((await client.waitForTransactionReceipt({ hash: own })).from.toLowerCase()).toBe(owner.address.toLowerCase())
  }, 30_000)

  it('no chain with a usable bundler: only the EOA', () => {
    // The frame's EntryPoint is the devnet's (and viem's) v0.8.
    expect(ENTRY_POINT_V08.toLowerCase()).toBe(support.entryPoint.toLowerCase())
    expect(ENTRY_POINT_V08.toLowerCase()).toBe(entryPoint08Address.toLowerCase())
    const otherEntryPoint = { ...support, entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' }
    const state = smartAccountState([embedded(31337, otherEntryPoint), embedded(31338)], accountTypes('shop', memory()))
    expect(state.enabledNetworks).toEqual([])
    expect(() => state.setPreferred('u1', 'smartAccount')).toThrow(/No network/)
    expect(state.preferred('u1')).toBe('eoa')
  })
})

describe('EIP-5792', () => {
  it('wallet_getCapabilities: atomic on smart-account chains only', async () => {
    const owner = await fundedOwner()
    const other = defineChain({ ...chain, id: 31338, name: 'No bundler' })
    const { rpc } = rpcFor(owner, {
      chains: () => [chain, other],
      smartAccount: (c) => (c.id === chain.id ? support : undefined),
    })
    expect(await rpc('wallet_getCapabilities', [owner.address])).toEqual({
      '0x7a69': { atomic: { status: 'supported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(await rpc('wallet_getCapabilities', [owner.address, ['0x7a6a']])).toEqual({
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
  })

  it('wallet_sendCalls: three calls, one approval, one operation; wallet_getCallsStatus follows it', async () => {
    const owner = await fundedOwner()
    const { rpc, shown } = rpcFor(owner)
    const [a, b, c] = [fresh(), fresh(), fresh()]
    // A contract call with value: a deposit at the EntryPoint for `c`.
    const depositAbi = parseAbi([
      'function depositTo(address) payable',
      'function balanceOf(address) view returns (uint256)',
    ])
    const deposit = encodeFunctionData({ abi: depositAbi, functionName: 'depositTo', args: [c] })
    const entryPoint = support.entryPoint as Address
    const { id } = (await rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: numberToHex(chain.id),
        from: owner.address,
        atomicRequired: true,
        calls: [
          { to: a, value: numberToHex(parseEther('0.01')) },
          { to: b, value: numberToHex(parseEther('0.02')) },
          { to: entryPoint, value: numberToHex(parseEther('0.03')), data: deposit },
        ],
      },
    ])) as { id: Hex }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(shown).toHaveLength(1)
    expect(shown[0].title).toBe('frame.sendCalls')
    expect(row(shown[0], 'frame.call')).toEqual([
      `1. ${a} · 0.01 ETH`,
      `2. ${b} · 0.02 ETH`,
      `3. ${entryPoint} · 0.03 ETH`,
    ])
    expect(shown[0].body).toBe(`3. ${deposit}`)

    let status: { status: number; atomic: boolean; chainId: string; receipts?: { transactionHash: Hex }[] }
    const until = Date.now() + 15_000
    do {
      status = (await rpc('wallet_getCallsStatus', [id])) as typeof status
      if (status.status !== 100) break
      await new Promise((r) => setTimeout(r, 200))
    } while (Date.now() < until)
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: '0x7a69' })
    const [{ transactionHash }] = status.receipts!
    expect((await client.getTransactionReceipt({ hash: transactionHash })).status).toBe('success')
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.02'))
    expect(
      await client.readContract({ address: entryPoint, abi: depositAbi, functionName: 'balanceOf', args: [c] }),
    ).toBe(parseEther('0.03'))

    // Another account cannot read this bundle; an unknown id is refused.
    const stranger = rpcFor(privateKeyToAccount(generatePrivateKey()))
    await expect(stranger.rpc('wallet_getCallsStatus', [id])).rejects.toMatchObject({ rpcCode: 5730 })
    await expect(rpc('wallet_getCallsStatus', ['0x1234'])).rejects.toMatchObject({ rpcCode: 5730 })
  }, 30_000)

  it('a site id is used once; bad requests are refused before anything is shown', async () => {
    const owner = await fundedOwner()
    const { rpc, shown } = rpcFor(owner)
    const request = (extra: object) => [
      { version: '2.0.0', chainId: numberToHex(chain.id), calls: [{ to: fresh(), value: '0x1' }], ...extra },
    ]
    expect(await rpc('wallet_sendCalls', request({ id: 'order-7' }))).toEqual({ id: 'order-7' })
    await expect(rpc('wallet_sendCalls', request({ id: 'order-7' }))).rejects.toMatchObject({ rpcCode: 5720 })
    expect(shown).toHaveLength(1)
    const seventeen = Array.from({ length: 17 }, () => ({ to: fresh() }))
    await expect(rpc('wallet_sendCalls', request({ calls: seventeen }))).rejects.toMatchObject({
      code: 'invalid_request',
    })
    await expect(rpc('wallet_sendCalls', request({ chainId: '0x7a6a' }))).rejects.toMatchObject({ rpcCode: 5710 })
    await expect(
      rpc('wallet_sendCalls', request({ capabilities: { paymasterService: { url: 'https://pm.example' } } })),
    ).rejects.toMatchObject({ rpcCode: 5700 })
    expect(shown).toHaveLength(1)
    expect(() => parseSendCalls([{ chainId: '0x1', calls: [{ to: '0x12' }] }])).toThrow(/"to" address/)
  }, 30_000)

  it('the EOA keeps its own transactions and has no wallet_sendCalls', async () => {
    const owner = await fundedOwner()
    const { rpc } = rpcFor(owner, { smartAccount: () => undefined })
    await expect(
      rpc('wallet_sendCalls', [{ chainId: numberToHex(chain.id), calls: [{ to: fresh() }] }]),
    ).rejects.toMatchObject({ code: 'unsupported' })
    const hash = (await rpc('eth_sendTransaction', [{ to: fresh(), value: '0x1' }])) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(owner.address.toLowerCase())
    expect(await client.getCode({ address: owner.address })).toBeUndefined()
  })
})

describe('fees of user operations sent back to back', () => {
  /** The fees the operation offered, read from the bundle transaction that carried it (the EntryPoint's `handleOps`). */
  async function offered(transactionHash: Hex) {
    const { input } = await client.getTransaction({ hash: transactionHash })
    const { functionName, args } = decodeFunctionData({ abi: entryPoint08Abi, data: input })
    if (functionName !== 'handleOps') throw new Error(`the bundle called ${functionName}`)
    const [[operation]] = args
    const gasFees = BigInt(operation!.gasFees)
    return { maxPriorityFeePerGas: gasFees >> 128n, maxFeePerGas: gasFees & ((1n << 128n) - 1n) }
  }

  it('20 operations from one account with nothing else mined: the fee does not grow and all land', async () => {
    const owner = await fundedOwner()
    const context = { chain, support, owner }
    const { bundler } = bundlerFor(context)
    const to = fresh()
    const fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }[] = []
    for (let i = 0; i < 20; i++) {
      const prepared = await prepareCalls(context, [{ to, value: 1n }])
      const landed = await waitForOperation(bundler, await prepared.submit())
      expect(landed.success).toBe(true)
      fees.push(await offered(landed.transactionHash))
    }
    expect(await client.getBalance({ address: to })).toBe(20n)
    const [first, last] = [fees[0]!, fees.at(-1)!]
    expect(last.maxFeePerGas).toBeLessThanOrEqual(2n * first.maxFeePerGas)
    expect(last.maxPriorityFeePerGas).toBeLessThanOrEqual(2n * first.maxPriorityFeePerGas)
    // 20 operations cost the 1-ETH account a small part of it.
    expect(await client.getBalance({ address: owner.address })).toBeGreaterThan(parseEther('0.9'))
  }, 60_000)

  it('a bundler without pimlico_getUserOperationGasPrice: the tip is the node’s suggestion, the operation lands', async () => {
    // A stand-in for a plain ERC-4337 bundler: alto behind a proxy that answers "method not found" for that one
    // method and passes everything else on.
    const asked: string[] = []
    const plain = createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks).toString()
      const { id, method } = JSON.parse(body) as { id: number; method: string }
      asked.push(method)
      res.setHeader('content-type', 'application/json')
      if (method === 'pimlico_getUserOperationGasPrice') {
        res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }))
        return
      }
      const answer = await fetch(support.bundlerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      res.statusCode = answer.status
      res.end(await answer.text())
    })
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))
    try {
      const owner = await fundedOwner()
      const context = {
        chain,
        support: { ...support, bundlerUrl: `http://127.0.0.1:${(plain.address() as AddressInfo).port}/31337` },
        owner,
      }
      const suggested = await client.estimateMaxPriorityFeePerGas()
      const prepared = await prepareCalls(context, [{ to: fresh(), value: 1n }])
      const landed = await waitForOperation(bundlerFor(context).bundler, await prepared.submit())
      expect(landed.success).toBe(true)
      expect(asked).toContain('pimlico_getUserOperationGasPrice')
      expect((await offered(landed.transactionHash)).maxPriorityFeePerGas).toBe(suggested)
    } finally {
      plain.closeAllConnections()
      await new Promise((resolve) => plain.close(resolve))
    }
  }, 30_000)
})

describe('a bundler that is down or slow', () => {
  let silent: Server
  let silentUrl: string
  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/31337`
  })
  afterAll(async () => {
    silent.closeAllConnections()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('down: a -32002 error well within the 15 s deadline, nothing shown', async () => {
    const owner = await fundedOwner()
    // A port nothing listens on.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const { rpc, shown } = rpcFor(owner, {
      smartAccount: () => ({ ...support, bundlerUrl: `http://127.0.0.1:${port}/31337` }),
    })
    const started = Date.now()
    await expect(rpc('eth_sendTransaction', [{ to: fresh(), value: '0x1' }])).rejects.toMatchObject({
      code: 'rpc_error',
      rpcCode: -32002,
      message: expect.stringMatching(/bundler is not reachable/),
    })
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(shown).toHaveLength(0)
  })

  it('slow: ends at the deadline with a -32002 error', async () => {
    const owner = await fundedOwner()
    const { rpc, shown } = rpcFor(owner, {
      smartAccount: () => ({ ...support, bundlerUrl: silentUrl }),
      bundlerDeadlineMs: 1_000,
    })
    const started = Date.now()
    await expect(rpc('eth_sendTransaction', [{ to: fresh(), value: '0x1' }])).rejects.toMatchObject({
      rpcCode: -32002,
      message: expect.stringMatching(/did not answer in time/),
    })
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(900)
    expect(took).toBeLessThan(3_000)
    expect(shown).toHaveLength(0)
  })
})

describe('gas sponsored by the site (the project’s paymaster, through the frame’s session)', () => {
  let dir: string
  let sink: MailSink
  let server: FoyerServer
  let database: TestDatabase
  let apiUrl: string
  const PROJECT = 'sponsoring-shop'

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-frame-sponsor-'))
    sink = await startMailSink({ smtpPort: 0, httpPort: 0 })
    const base = loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_DATA_DIR: join(dir, 'data'),
        FOYER_INDEXER: 'false',
        FOYER_RATE_LIMIT_PER_CLIENT: '0',
        FOYER_RATE_LIMIT_PER_PROJECT: '0',
        LOG_LEVEL: 'warn',
        SMTP_PORT: String(sink.smtpPort),
        FOYER_PAYMASTER_SIGNER_KEY: sponsorAccount().privateKey,
        FOYER_PAYMASTERS: JSON.stringify({ [anvil.id]: paymaster }),
        FOYER_PROJECTS: JSON.stringify([
          {
            id: PROJECT,
            allowedOrigins: ['https://shop.example'],
            features: { email: true },
            sponsorship: {
              chains: [anvil.id],
              contracts: [usd],
              maxOperationsPerAccountPerDay: 1,
              maxGasWeiPerAccountPerDay: '50000000000000000',
            },
          },
        ]),
      },
      { repoRoot: '/nonexistent' },
    )
    const served = {
      id: anvil.id,
      name: anvil.name,
      rpcUrl: anvil.rpcUrl,
      nativeSymbol: 'ETH',
      contracts: {},
      tokens: [],
      nfts: [],
      accountAbstraction: {
        entryPoint: support.entryPoint,
        simple7702Account: support.implementation,
        bundlerUrl: support.bundlerUrl,
        paymaster,
      },
    }
    database = await openTestPGlite()
    server = await createFoyerServer({ ...base, chains: [served] } as typeof base, { database: database.database })
    apiUrl = (await server.listen()).url
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await database?.cleanup()
    await sink?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  /** Signs in by email as the frame does and links `owner` as the wallet: the session's paymaster endpoint. */
  async function signIn(owner: ReturnType<typeof privateKeyToAccount>): Promise<SponsorEndpoint> {
    const email = `${owner.address.slice(2, 12).toLowerCase()}@example.com`
    const deviceId = randomBytes(32).toString('hex')
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${apiUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-project-id': PROJECT,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
      expect(response.status, path).toBe(200)
      return (await response.json()) as Record<string, any>
    }
    await post('/v1/embedded/email/start', { email, deviceId })
    const otp = /\b(\d{6})\b/.exec(sink.messages().find((m) => m.to.includes(email))?.subject ?? '')?.[1]
    const { sessionToken, user } = await post('/v1/embedded/email/verify', { email, deviceId, otp })
    const authShare = `02${randomBytes(32).toString('hex')}`
    const message = `Link wallet ${owner.address.toLowerCase()} to Foyer user ${user.id} with auth share ${authShare}`
    await post(
      '/v1/embedded/wallet',
      { address: owner.address, authShare, signature: await owner.signMessage({ message }) },
      sessionToken,
    )
    // The config the frame reads says the chain is sponsored.
    const config = await fetch(`${apiUrl}/v1/embedded/config?projectId=${PROJECT}`).then((r) => r.json())
    expect(config.chains[0].smartAccount.sponsored).toBe(true)
    return {
      url: `${apiUrl}/v1/embedded/paymaster`,
      headers: { 'x-project-id': PROJECT, authorization: `Bearer ${sessionToken}` },
    }
  }

  const usdBalance = (of: Address) =>
    client.readContract({ address: usd, abi: erc20Abi, functionName: 'balanceOf', args: [of] })
  const transfer = (to: Address, amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

  it('a 0-ETH account sends fUSD with the gas paid; past the day’s limit it would pay, and the approval says why', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const funder = privateKeyToAccount(devAccounts(2)[1].privateKey)
    const funded = await createWalletClient({ account: funder, chain, transport: http() }).writeContract({
      address: usd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [owner.address, parseUnits('10', 6)],
    })
    await client.waitForTransactionReceipt({ hash: funded })
    const sponsor = await signIn(owner)
    const sponsored = { ...support, sponsored: true }
    const { rpc, shown } = rpcFor(owner, { smartAccount: () => sponsored, sponsor: () => sponsor })
    const to = fresh()

    const hash = (await rpc('eth_sendTransaction', [{ to: usd, data: transfer(to, parseUnits('1', 6)) }])) as Hex
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
    expect(await usdBalance(to)).toBe(parseUnits('1', 6))
    expect(await client.getBalance({ address: owner.address })).toBe(0n)
    expect(row(shown[0], 'frame.networkFee')).toEqual(['Paid by the site'])
    expect(row(shown[0], 'frame.maxNetworkFee')).toEqual([])
    expect(shown[0].summary?.map((s) => s.key)).toEqual(['frame.delegation'])

    // One sponsored operation a day: the second is refused, so the account pays its own gas (given some ETH now),
    // and the approval shows the most it may cost and why the site does not pay.
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [owner.address, numberToHex(parseEther('1'))] as never,
    })
    const own = rpcFor(owner, { smartAccount: () => sponsored, sponsor: () => sponsor })
    const second = (await own.rpc('eth_sendTransaction', [{ to: usd, data: transfer(to, 1n) }])) as Hex
    expect((await client.getTransactionReceipt({ hash: second })).status).toBe('success')
    expect(await usdBalance(to)).toBe(parseUnits('1', 6) + 1n)
    expect(own.shown[0].summary?.map((s) => s.key)).toEqual(['frame.notSponsoredLimit'])
    expect(row(own.shown[0], 'frame.networkFee')).toEqual([])
    const [maxFee] = row(own.shown[0], 'frame.maxNetworkFee')
    const spent = parseEther('1') - (await client.getBalance({ address: owner.address }))
    expect(spent).toBeGreaterThan(0n)
    expect(spent).toBeLessThanOrEqual(parseEther(maxFee.replace(' ETH', '')))
  }, 30_000)
})

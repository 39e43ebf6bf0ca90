import { installAccountAbstraction, type RunningChain, startChain } from '@foyer/devnet'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  defineChain,
  encodeFunctionData,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { getCallsStatus, getCapabilities, sendCalls, waitForCallsStatus } from 'viem/actions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../accounts.ts'
import { TestWalletCore } from './index.ts'
import { SIMPLE_7702_ACCOUNT } from './walletState.ts'

// This file's own anvil, with the devnet's account-abstraction contracts (Simple7702Account among them).
const PORT = 19611
const ORIGIN = 'http://127.0.0.1:5173'
const local = defineChain({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${PORT}`] } },
})
const [, BOB, CAROL] = ANVIL_ACCOUNTS as readonly Address[]
// Simple7702Account itself only runs batches for itself or the EntryPoint: anyone else calling it reverts.
const REVERTING = {
  to: SIMPLE_7702_ACCOUNT,
  data: encodeFunctionData({
    abi: parseAbi(['function executeBatch((address target, uint256 value, bytes data)[] calls)']),
    functionName: 'executeBatch',
    args: [[]],
  }),
}

let chain: RunningChain
const publicClient = createPublicClient({ chain: local, transport: http() })
const testClient = createTestClient({ chain: local, mode: 'anvil', transport: http() })

beforeAll(async () => {
  chain = await startChain({ id: 31337, name: 'Foyer Local', port: PORT, portEnv: 'TEST' }, {
    host: '127.0.0.1',
  } as never)
  await installAccountAbstraction(chain.rpcUrl)
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

/** A connected test wallet holding dev account `index`, and a viem wallet client over it as a site has one. */
async function site(index: number, atomicBatch: boolean) {
  const core = new TestWalletCore({
    privateKey: ANVIL_PRIVATE_KEYS[index],
    chains: [{ id: 31337, rpcUrl: chain.rpcUrl }],
    atomicBatch,
  })
  await core.authorize(ORIGIN)
  const client = createWalletClient({
    account: core.address,
    chain: local,
    transport: custom({ request: ({ method, params }) => core.request(ORIGIN, method, params) }),
  })
  return { core, client }
}

/** Runs `fn` with anvil's automine off (what it sends stays pending), then mines that in one block. */
async function withMiningHeld<T>(fn: () => Promise<T>): Promise<T> {
  await testClient.setAutomine(false)
  try {
    return await fn()
  } finally {
    await testClient.mine({ blocks: 1 })
    await testClient.setAutomine(true)
  }
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: number; cause?: { code?: number } }) => e.code ?? e.cause?.code,
  )

describe('test wallet call batches (EIP-5792)', () => {
  it('with atomic batching: reports it, delegates the account and runs the batch as one type-4 transaction', async () => {
    const { core, client } = await site(4, true)
    expect(await getCapabilities(client, { chainId: 31337 })).toEqual({ atomic: { status: 'supported' } })
    const before = await Promise.all([BOB, CAROL].map((address) => publicClient.getBalance({ address })))
    const { id } = await sendCalls(client, {
      forceAtomic: true,
      calls: [
        { to: BOB, value: parseEther('1') },
        { to: CAROL, value: parseEther('2') },
      ],
    })
    const status = await waitForCallsStatus(client, { id, timeout: 10_000 })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: true, chainId: 31337 })
    expect(status.receipts).toHaveLength(1)
    const tx = await publicClient.getTransaction({ hash: status.receipts![0]!.transactionHash })
    expect(tx).toMatchObject({ type: 'eip7702', from: core.address.toLowerCase(), to: core.address.toLowerCase() })
    expect(await publicClient.getCode({ address: core.address })).toBe(
      `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`,
    )
    const after = await Promise.all([BOB, CAROL].map((address) => publicClient.getBalance({ address })))
    expect([after[0]! - before[0]!, after[1]! - before[1]!]).toEqual([parseEther('1'), parseEther('2')])

    // A batch with a failing call lands nothing: the wallet refuses it before sending.
    const nonce = await publicClient.getTransactionCount({ address: core.address })
    expect(await code(sendCalls(client, { forceAtomic: true, calls: [{ to: BOB, value: 1n }, REVERTING] }))).not.toBe(
      'ok',
    )
    expect(await publicClient.getTransactionCount({ address: core.address })).toBe(nonce)
  })

  it('without it: reports nothing, refuses a required atomic batch with 5760, sends an optional one call by call', async () => {
    const { client } = await site(5, false)
    expect(await getCapabilities(client)).toEqual({})
    expect(await code(sendCalls(client, { forceAtomic: true, calls: [{ to: BOB, value: 1n }] }))).toBe(5760)
    // A node answers a send before it has mined it (anvil too, for a moment), and until then the batch is pending
    // (100): with mining held back, for as long as the test looks. Its final status is waited for.
    const { id } = await withMiningHeld(async () => {
      const sent = await sendCalls(client, {
        experimental_fallback: false,
        calls: [
          { to: BOB, value: 5n },
          { to: CAROL, value: 6n },
        ],
      })
      expect(await getCallsStatus(client, sent)).toMatchObject({ status: 'pending', statusCode: 100, receipts: [] })
      return sent
    })
    const status = await waitForCallsStatus(client, { id, timeout: 10_000 })
    expect(status).toMatchObject({ status: 'success', statusCode: 200, atomic: false })
    expect(status.receipts).toHaveLength(2)
    // A call that cannot be sent after one that was: partly done.
    const partial = await sendCalls(client, { calls: [{ to: BOB, value: 7n }, REVERTING] })
    expect(await waitForCallsStatus(client, { id: partial.id, timeout: 10_000 })).toMatchObject({
      statusCode: 600,
      atomic: false,
    })
  })

  it('asks like any send: rejecting answers 4001 and sends nothing; unknown ids, other sites and bad input are refused', async () => {
    const { core, client } = await site(6, true)
    const nonce = await publicClient.getTransactionCount({ address: core.address })
    core.setRejecting(true)
    expect(await code(sendCalls(client, { forceAtomic: true, calls: [{ to: BOB, value: 1n }] }))).toBe(4001)
    core.setRejecting(false)
    expect(await publicClient.getTransactionCount({ address: core.address })).toBe(nonce)
    const { id } = await sendCalls(client, { id: 'batch-1', calls: [{ to: BOB, value: 1n }] })
    expect(id).toBe('batch-1')
    expect(await code(sendCalls(client, { id: 'batch-1', calls: [{ to: BOB, value: 1n }] }))).toBe(5720)
    expect(await code(core.request(ORIGIN, 'wallet_getCallsStatus', ['nope']))).toBe(5730)
    await core.authorize('http://other.test')
    expect(await code(core.request('http://other.test', 'wallet_getCallsStatus', [id]))).toBe(5730)
    expect(await code(core.request('http://unknown.test', 'wallet_getCapabilities', [core.address]))).toBe(4100)
    expect(await code(core.request(ORIGIN, 'wallet_showCallsStatus', [id]))).toBe(4200)
    const base = { version: '2.0.0', chainId: '0x7a69', atomicRequired: false }
    for (const bad of [
      { ...base, calls: [] },
      { ...base, calls: [{ to: 'not an address' }] },
      { ...base, calls: [{ to: BOB, value: 12 }] },
      { ...base, atomicRequired: 'yes', calls: [{ to: BOB }] },
    ])
      expect(await code(core.request(ORIGIN, 'wallet_sendCalls', [bad]))).toBe(-32602)
    expect(
      await code(core.request(ORIGIN, 'wallet_sendCalls', [{ ...base, chainId: '0x1', calls: [{ to: BOB }] }])),
    ).toBe(5710)
    expect(
      await code(
        core.request(ORIGIN, 'wallet_sendCalls', [
          { ...base, capabilities: { paymasterService: {} }, calls: [{ to: BOB }] },
        ]),
      ),
    ).toBe(5700)
  })
})

import { evmAdapter } from '@foyer/evm'
import { ANVIL_PRIVATE_KEYS } from '@foyer/testing'
import { TestWalletCore } from '@foyer/testing/wallet-core'
import { createConfig, createStorage, http, injected } from '@wagmi/core'
import { type Address, type Hex, parseEventLogs, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import { connectedAnvilClient } from '../test/anvilWallet.ts'
import { SWAP_TEST_TIMEOUT_MS, type SwapTestServer, startSwapTestServer } from '../test/swapTestServer.ts'
import type { WalletToken } from '../wallet-transactions/walletTokens.ts'
import { CAPABILITIES_TIMEOUT_MS, supportsSwapBatch } from './sendSwapBatch.ts'
import { createSwapController } from './swapController.ts'

// The swap flow with a wallet that runs call batches atomically: Foyer's test wallet (EIP-5792 over EIP-7702, in
// this process) behind the real EVM adapter, the real server over HTTP, on this file's own anvil (19613).
const ACCOUNT = 6
const ORIGIN = 'http://127.0.0.1:5173'
const approvalEvent = [
  {
    type: 'event',
    name: 'Approval',
    inputs: [
      { indexed: true, name: 'owner', type: 'address' },
      { indexed: true, name: 'spender', type: 'address' },
      { indexed: false, name: 'value', type: 'uint256' },
    ],
  },
] as const

let t: SwapTestServer
let wallet: TestWalletCore
let client: FoyerClient
let unmount: () => void
let user: Address

/** A Foyer client whose EVM adapter reaches the test wallet as a site reaches an injected wallet. */
async function connectTestWallet() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  wallet.setEventSink(async (_scope, event, payload) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  })
  const provider = {
    request: ({ method, params }: { method: string; params?: unknown }) => wallet.request(ORIGIN, method, params),
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    removeListener: (event: string, listener: (payload: unknown) => void) => listeners.get(event)?.delete(listener),
  }
  const wagmiConfig = createConfig({
    chains: [t.chain],
    connectors: [injected({ target: () => ({ id: 'foyerTestWallet', name: 'Foyer Test Wallet', provider }) as never })],
    transports: { [t.chain.id]: http() },
    storage: createStorage({ storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} } }),
    multiInjectedProviderDiscovery: false,
  })
  const site = createFoyerClient({
    adapters: [evmAdapter({ wagmiConfig, reconnectOnMount: false })],
    networks: [t.network],
    apiUrl: t.apiUrl,
    projectId: 'foyer-demo',
    logLevel: 'silent',
  })
  const stop = site.mount()
  for (let tries = 0; !site.getState().connectors.some((c) => c.id === 'foyerTestWallet'); tries++) {
    if (tries > 100) throw new Error('the test wallet was never reported')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await site.connect('foyerTestWallet')
  return { site, stop }
}

beforeAll(async () => {
  t = await startSwapTestServer({ port: 19613 })
  // wagmi's injected connector looks for its provider only where a window exists (after PGlite, which checks it).
  vi.stubGlobal('window', globalThis)
  wallet = new TestWalletCore({
    privateKey: ANVIL_PRIVATE_KEYS[ACCOUNT]!,
    chains: [{ id: t.chain.id, rpcUrl: t.chain.rpcUrls.default.http[0] }],
    atomicBatch: true,
  })
  user = wallet.address
  ;({ site: client, stop: unmount } = await connectTestWallet())
}, SWAP_TEST_TIMEOUT_MS)
afterAll(async () => {
  unmount?.()
  vi.unstubAllGlobals()
  await t?.stop()
})

async function usdToFoy(amount: string) {
  const swap = createSwapController(client)
  await swap.initialize()
  const [, usd, foy] = swap.getState().tokens as [WalletToken, WalletToken, WalletToken]
  swap.setSourceToken(usd)
  swap.setToToken(foy)
  swap.setSourceAmount(amount)
  await swap.fetchQuote()
  await swap.prepareTransaction()
  return swap
}

describe('swap with a wallet that batches atomically', () => {
  it('the approval and the swap go as one batch: one confirmation, one transaction, both land', async () => {
    const amount = parseUnits('40', 6)
    const swap = await usdToFoy('40')
    const prepared = swap.getState()
    expect(prepared).toMatchObject({ batched: true, loadingTransaction: false })
    expect(prepared.approvalTransaction).toMatchObject({ to: t.contracts.usd, value: 0n })
    expect(prepared.swapTransaction).toMatchObject({ to: t.contracts.router, value: 0n })

    const [foyBefore, usdBefore] = await Promise.all([
      t.balanceOf(t.contracts.token, user),
      t.balanceOf(t.contracts.usd, user),
    ])
    const asked = wallet.requests.length
    await swap.sendSwap()
    expect(client.getState().snackbar).toMatchObject({ variant: 'success', message: { key: 'snackbar.swapped' } })
    expect(usdBefore - (await t.balanceOf(t.contracts.usd, user))).toBe(amount)
    expect((await t.balanceOf(t.contracts.token, user)) - foyBefore).toBe(prepared.toTokenAmountRaw)

    const prompts = wallet.requests
      .slice(asked)
      .filter((r) => /^(eth_sendTransaction|wallet_sendCalls)$/.test(r.method))
    expect(prompts.map((r) => r.method)).toEqual(['wallet_sendCalls'])
    const status = wallet.requests.findLast((r) => r.method === 'wallet_getCallsStatus')?.result as {
      receipts: { transactionHash: Hex }[]
    }
    expect(status.receipts).toHaveLength(1)
    const hash = status.receipts[0]!.transactionHash
    const [tx, receipt] = await Promise.all([
      t.publicClient.getTransaction({ hash }),
      t.publicClient.getTransactionReceipt({ hash }),
    ])
    expect(tx.type).toBe('eip7702')
    // The approval is in the same transaction as the swap that spent it.
    const approvals = parseEventLogs({ abi: approvalEvent, logs: receipt.logs, eventName: 'Approval' })
    expect(approvals[0]?.args).toEqual({ owner: user, spender: t.contracts.router, value: amount })
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(0n)
  })

  it('declined in the wallet: the error shows, nothing lands, the preview stays', async () => {
    const swap = await usdToFoy('5')
    expect(swap.getState().batched).toBe(true)
    const usdBefore = await t.balanceOf(t.contracts.usd, user)
    wallet.setRejecting(true)
    try {
      await swap.sendSwap()
    } finally {
      wallet.setRejecting(false)
    }
    expect(client.getState().snackbar).toMatchObject({ variant: 'error' })
    expect(swap.getState()).toMatchObject({ sending: undefined, batched: true })
    expect(await t.balanceOf(t.contracts.usd, user)).toBe(usdBefore)
  })

  it('a wallet without atomic batching gets the approval alone, as before', async () => {
    wallet.setAtomicBatch(false)
    try {
      expect(await supportsSwapBatch(client, { network: t.network })).toBe(false)
      const swap = await usdToFoy('5')
      expect(swap.getState()).toMatchObject({ batched: undefined, swapTransaction: undefined })
      expect(swap.getState().approvalTransaction).toMatchObject({ to: t.contracts.usd })
    } finally {
      wallet.setAtomicBatch(true)
    }
    // A wallet that never answers (a stand-in adapter: no real wallet hangs on demand) is no after the wait.
    const silent = {
      options: {
        adapters: [{ ...client.options.adapters[0]!, supportsAtomicBatch: () => new Promise<boolean>(() => {}) }],
      },
    }
    const started = Date.now()
    expect(await supportsSwapBatch(silent, { network: t.network })).toBe(false)
    expect(Date.now() - started).toBeGreaterThanOrEqual(CAPABILITIES_TIMEOUT_MS - 50)
    // wagmi's mock wallet answers capabilities for another chain only: no batching either.
    const mock = await connectedAnvilClient({ ...t, address: t.accounts[5]!.address })
    try {
      expect(await supportsSwapBatch(mock.client, { network: t.network })).toBe(false)
    } finally {
      mock.unmount()
    }
  })
})

import { type RunningRelay, startWalletConnectRelay } from '@foyer/devnet/relay'
import { evmAdapter } from '@foyer/evm'
import {
  ANVIL_PRIVATE_KEYS,
  createWalletConnectTestWallet,
  type WalletConnectTestWallet,
  type WalletConnectTestWalletOptions,
} from '@foyer/testing'
import { createConfig, createStorage, http } from '@wagmi/core'
import { type Hex, parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import { SWAP_TEST_TIMEOUT_MS, type SwapTestServer, startSwapTestServer } from '../test/swapTestServer.ts'
import type { WalletToken } from '../wallet-transactions/walletTokens.ts'
import type { PairingState } from '../walletconnect/walletConnectPairing.ts'
import { CAPABILITIES_TIMEOUT_MS, supportsSwapBatch } from './sendSwapBatch.ts'
import { createSwapController } from './swapController.ts'

// The swap's call batching over WalletConnect: the site is Foyer's client with the EVM adapter's WalletConnect
// connector (the real SDK), the wallet is @foyer/testing's WalletConnect test wallet (the real sign-client), the two
// meet on the devnet's relay; the real server builds the swap over HTTP, on this file's own anvil. Ports are free ones.
const PROMPTS = /^(eth_sendTransaction|wallet_sendCalls)$/

let t: SwapTestServer
let relay: RunningRelay
let client: FoyerClient
let wagmiConfig: ReturnType<typeof createConfig>
let unmount: () => void
let wallet: WalletConnectTestWallet | undefined

beforeAll(async () => {
  ;[t, relay] = await Promise.all([startSwapTestServer({ port: 0 }), startWalletConnectRelay({ port: 0 })])
  const storage = new Map<string, string>()
  wagmiConfig = createConfig({
    chains: [t.chain],
    transports: { [t.chain.id]: http() },
    storage: createStorage({
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
    }),
    multiInjectedProviderDiscovery: false,
  })
  const walletConnect = {
    projectId: 'foyer-test',
    relayUrl: relay.url,
    metadata: { name: 'Swap test site', url: 'https://site.foyer.invalid' },
  }
  client = createFoyerClient({
    adapters: [evmAdapter({ wagmiConfig, reconnectOnMount: false, walletConnect })],
    networks: [t.network],
    apiUrl: t.apiUrl,
    projectId: 'foyer-demo',
    logLevel: 'silent',
  })
  unmount = client.mount()
}, SWAP_TEST_TIMEOUT_MS)

afterEach(async () => {
  if (client.getState().account.isConnected) await client.disconnect()
  await wallet?.close()
  wallet = undefined
})

afterAll(async () => {
  unmount?.()
  const provider = (await wagmiConfig?.connectors[0]?.getProvider().catch(() => undefined)) as
    | { client?: { core: { relayer: { transportClose(): Promise<void> } } } }
    | undefined
  await provider?.client?.core.relayer.transportClose().catch(() => {})
  await relay?.stop()
  await t?.stop()
})

const nextPairing = (predicate: (state: PairingState) => boolean) =>
  new Promise<PairingState>((resolve) => {
    if (predicate(client.walletConnect.getState())) return resolve(client.walletConnect.getState())
    const off = client.walletConnect.subscribe((state) => {
      if (!predicate(state)) return
      off()
      resolve(state)
    })
  })

/** A WalletConnect test wallet holding dev account `account`, paired with the site through the QR view's URI. */
async function pairWallet(account: number, options: Partial<WalletConnectTestWalletOptions> = {}) {
  wallet = await createWalletConnectTestWallet({
    relayUrl: relay.url,
    privateKey: ANVIL_PRIVATE_KEYS[account]!,
    chains: [{ id: t.chain.id, rpcUrl: t.chain.rpcUrls.default.http[0] }],
    ...options,
  })
  client.walletConnect.start()
  const { uri } = await nextPairing((state) => Boolean(state.uri))
  await wallet.pair(uri!)
  expect((await nextPairing((state) => state.status !== 'pairing')).status).toBe('connected')
  expect(client.getState().account).toMatchObject({ isConnected: true, address: wallet.address })
  return wallet
}

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

describe('swap batching with a WalletConnect wallet', () => {
  it('a wallet that batches atomically: capabilities asked through the session, approval + swap as one batch', async () => {
    const user = (await pairWallet(1, { atomicBatch: true })).address
    const amount = parseUnits('40', 6)
    const swap = await usdToFoy('40')
    const prepared = swap.getState()
    expect(prepared).toMatchObject({ batched: true, loadingTransaction: false })
    expect(prepared.approvalTransaction).toMatchObject({ to: t.contracts.usd, value: 0n })
    expect(prepared.swapTransaction).toMatchObject({ to: t.contracts.router, value: 0n })
    // The wallet itself answered, over the relay.
    const asked = wallet!.requests.find((r) => r.method === 'wallet_getCapabilities')
    expect(asked?.result).toEqual({ [`0x${t.chain.id.toString(16)}`]: { atomic: { status: 'supported' } } })

    const [usdBefore, foyBefore] = await Promise.all([
      t.balanceOf(t.contracts.usd, user),
      t.balanceOf(t.contracts.token, user),
    ])
    const before = wallet!.requests.length
    await swap.sendSwap()
    expect(client.getState().snackbar).toMatchObject({ variant: 'success', message: { key: 'snackbar.swapped' } })
    const sent = wallet!.requests.slice(before)
    expect(sent.filter((r) => PROMPTS.test(r.method)).map((r) => r.method)).toEqual(['wallet_sendCalls'])
    expect(sent.find((r) => r.method === 'wallet_sendCalls')?.params).toMatchObject([
      { atomicRequired: true, calls: [{ to: t.contracts.usd }, { to: t.contracts.router }] },
    ])
    const status = sent.findLast((r) => r.method === 'wallet_getCallsStatus')?.result as {
      status: number
      atomic: boolean
      receipts: { transactionHash: Hex }[]
    }
    expect(status).toMatchObject({ status: 200, atomic: true })
    expect(status.receipts).toHaveLength(1)
    expect((await t.publicClient.getTransaction({ hash: status.receipts[0]!.transactionHash })).type).toBe('eip7702')
    expect(usdBefore - (await t.balanceOf(t.contracts.usd, user))).toBe(amount)
    expect((await t.balanceOf(t.contracts.token, user)) - foyBefore).toBe(prepared.toTokenAmountRaw)
    // The approval landed with the swap and was spent by it.
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(0n)
  }, 60_000)

  it('a wallet that puts its capabilities in the session: the SDK answers from it, the wallet is not asked', async () => {
    await pairWallet(2, { atomicBatch: true, capabilitiesInSession: true })
    expect(wallet!.sessions()[0]?.scopedProperties).toEqual({ [t.network.id]: { atomic: { status: 'supported' } } })
    expect(await supportsSwapBatch(client, { network: t.network })).toBe(true)
    const swap = await usdToFoy('5')
    expect(swap.getState()).toMatchObject({ batched: true })
    expect(wallet!.requests.map((r) => r.method)).not.toContain('wallet_getCapabilities')
  }, 60_000)

  it('a wallet without atomic batching: the approval and the swap are two transactions', async () => {
    const user = (await pairWallet(3)).address
    const amount = parseUnits('20', 6)
    const swap = await usdToFoy('20')
    expect(wallet!.requests.find((r) => r.method === 'wallet_getCapabilities')?.result).toEqual({})
    expect(swap.getState()).toMatchObject({ batched: undefined, swapTransaction: undefined })
    expect(swap.getState().approvalTransaction).toMatchObject({ to: t.contracts.usd })

    const [usdBefore, foyBefore] = await Promise.all([
      t.balanceOf(t.contracts.usd, user),
      t.balanceOf(t.contracts.token, user),
    ])
    const before = wallet!.requests.length
    await swap.sendApproval()
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(amount)
    const approved = swap.getState()
    expect(approved.swapTransaction).toMatchObject({ to: t.contracts.router })
    await swap.sendSwap()
    expect(client.getState().snackbar).toMatchObject({ variant: 'success', message: { key: 'snackbar.swapped' } })
    const prompts = wallet!.requests.slice(before).filter((r) => PROMPTS.test(r.method))
    expect(prompts.map((r) => r.method)).toEqual(['eth_sendTransaction', 'eth_sendTransaction'])
    expect(usdBefore - (await t.balanceOf(t.contracts.usd, user))).toBe(amount)
    expect((await t.balanceOf(t.contracts.token, user)) - foyBefore).toBe(approved.toTokenAmountRaw)
  }, 60_000)

  it('a wallet from before EIP-5792 still connects, and is "no batches" at once, without being asked', async () => {
    await pairWallet(4, { callBatches: false })
    const session = wallet!.sessions()[0]!
    // Asked for as optional methods; the wallet left them out and the session was made all the same.
    expect(session.optionalNamespaces.eip155?.methods).toEqual(expect.arrayContaining(['wallet_sendCalls']))
    expect(session.namespaces.eip155?.methods).not.toContain('wallet_getCapabilities')
    expect(session.namespaces.eip155?.methods).not.toContain('wallet_sendCalls')
    const started = Date.now()
    expect(await supportsSwapBatch(client, { network: t.network })).toBe(false)
    expect(Date.now() - started).toBeLessThan(CAPABILITIES_TIMEOUT_MS / 3)
    expect(wallet!.requests.map((r) => r.method)).not.toContain('wallet_getCapabilities')
  }, 60_000)
})

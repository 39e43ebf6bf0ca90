import { createFoyerClient } from '@foyer/core'
import { createStorage, getConnection, reconnect } from '@wagmi/core'
import { createPublicClient, createWalletClient, parseEther, http as viemHttp } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adapterSite } from '../test/adapterSite.ts'
import { type Anvil, startAnvil } from '../test/anvil.ts'
import { recordingController } from '../test/recordingController.ts'
import { evmAdapter } from './evmAdapter.ts'

const site = adapterSite({ ports: [18747, 18748] })
const { ALICE, BOB, chainOne, chainTwo, networkOne, networkTwo, siteConfig, memoryStorage, mounted } = site

describe('evmAdapter sessions against anvil with wagmi mock connector', () => {
  let anvils: Anvil[] = []
  beforeAll(async () => {
    anvils = await Promise.all([
      startAnvil({ port: 18747, chainId: 31337 }),
      startAnvil({ port: 18748, chainId: 31338 }),
    ])
  })
  afterAll(async () => {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
  })

  it('disconnects: resetAccount, from the modal or from the wallet', async () => {
    const { adapter, wagmiConfig, recording, unmount, connector } = mounted()
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    await adapter.disconnect()
    expect(recording.of('resetAccount')).toHaveLength(1)
    expect(getConnection(wagmiConfig).status).toBe('disconnected')
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    connector().onDisconnect()
    expect(recording.of('resetAccount')).toHaveLength(2)
    unmount()
  })

  it('reconnects on mount after a reload, once, and remounting keeps the account', async () => {
    const browserStorage = memoryStorage()
    const storage = createStorage({ storage: browserStorage })
    // The first page load connects; wagmi persists the connection.
    const before = mounted({ storage })
    await before.adapter.connect({ connectorId: 'mock', network: networkTwo })
    before.unmount()
    await vi.waitFor(() =>
      expect(JSON.parse(browserStorage.getItem('wagmi.store') ?? '{}').state?.current).toBeTruthy(),
    )

    // The reload: a new config over the same storage; the wallet still authorises the site.
    const wagmiConfig = siteConfig({ storage, features: { defaultConnected: true, reconnect: true } })
    const adapter = evmAdapter({ wagmiConfig })
    const first = recordingController()
    const unmount = adapter.mount(first.controller)! // before wagmi has read the storage back: the adapter waits
    await vi.waitFor(() => expect(first.of('setAccount')).toHaveLength(1))
    expect(first.of('setStatus').map((r) => r.status)).toEqual(['disconnected', 'reconnecting'])
    expect(first.last('setAccount')!.account).toMatchObject({ address: ALICE, connectorId: 'mock' })
    unmount()

    // React StrictMode mounts twice: the second mount reports the account at once and does not reconnect again.
    const second = recordingController()
    const unmountAgain = adapter.mount(second.controller)!
    expect(second.of('setAccount')).toHaveLength(1)
    expect(second.of('setStatus')).toEqual([])
    unmountAgain()
  })

  it('leaves reconnecting to the site when it already did it', async () => {
    const wagmiConfig = siteConfig({ features: { defaultConnected: true, reconnect: true } })
    await reconnect(wagmiConfig)
    const recording = recordingController()
    const unmount = evmAdapter({ wagmiConfig }).mount(recording.controller)!
    expect(recording.of('setAccount').map((r) => r.account.address)).toEqual([ALICE])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(recording.reports.filter((r) => r.type !== 'setConnectors')).toHaveLength(1)
    unmount()
  })

  it('reports connected again when the site reconnects wagmi while connected', async () => {
    const { adapter, wagmiConfig, recording, unmount } = mounted({ features: { reconnect: true } })
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    await reconnect(wagmiConfig)
    expect(recording.of('setStatus').map((r) => r.status)).toEqual(['disconnected', 'reconnecting', 'connected'])
    expect(recording.of('setAccount')).toHaveLength(1)
    expect(recording.of('resetAccount')).toEqual([])
    unmount()
  })

  it('does not flash "connecting" when a reload has nothing to restore', async () => {
    for (const siteReconnectsFirst of [false, true]) {
      const wagmiConfig = siteConfig()
      const wagmiStatuses: string[] = []
      wagmiConfig.subscribe(
        (state) => state.status,
        (status) => void wagmiStatuses.push(status),
      )
      // WagmiProvider reconnects during its first render, before the Foyer provider's effect mounts the adapter.
      if (siteReconnectsFirst) void reconnect(wagmiConfig)
      const recording = recordingController()
      const unmount = evmAdapter({ wagmiConfig }).mount(recording.controller)!
      await vi.waitFor(() => expect(wagmiStatuses).toEqual(['connecting', 'disconnected'])) // wagmi tried, once
      expect(recording.of('setStatus').map((r) => r.status)).toEqual(['disconnected'])
      expect(recording.of('setAccount')).toEqual([])
      unmount()
    }
  })

  it('stops reporting after the clean-up', async () => {
    const { adapter, recording, unmount, connector } = mounted()
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    unmount()
    recording.clear()
    connector().onChainChanged('0x7a6a')
    await adapter.disconnect()
    expect(recording.reports).toEqual([])
  })

  it('waits for a receipt over the network RPC, and gives up after the timeout', async () => {
    const { adapter, unmount } = mounted()
    const wallet = createWalletClient({ account: ALICE, chain: chainTwo, transport: viemHttp(networkTwo.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: BOB, value: parseEther('0.01') })
    const receipt = await adapter.waitForReceipt(hash, networkTwo)
    expect(receipt).toMatchObject({ transactionHash: hash, status: 'success', from: ALICE.toLowerCase() })
    const unknown = `0x${'ab'.repeat(32)}` as const
    await expect(adapter.waitForReceipt(unknown, networkTwo, { timeout: 300 })).rejects.toMatchObject({
      name: 'WaitForTransactionReceiptTimeoutError',
    })
    unmount()
  })

  it('drives the real core client: connect, balance, a wallet-side move to an unknown chain, switch back, disconnect', async () => {
    const wagmiConfig = siteConfig()
    const client = createFoyerClient({
      adapters: [evmAdapter({ wagmiConfig })],
      networks: [chainOne, chainTwo],
      logLevel: 'silent',
    })
    const unmount = client.mount()
    await vi.waitFor(() => expect(client.getState().connectors.map((c) => c.id)).toEqual(['mock']))
    client.open()
    await client.connect('mock')
    expect(client.getState().account).toMatchObject({
      isConnected: true,
      address: ALICE,
      caipAddress: `eip155:31337:${ALICE}`,
    })
    await vi.waitFor(() => expect(client.getState().account.balance).toBeTruthy())
    const one = createPublicClient({ transport: viemHttp(networkOne.rpcUrl) })
    expect(parseEther(client.getState().account.balance!)).toBe(await one.getBalance({ address: ALICE }))

    wagmiConfig.connectors[0].onChainChanged('0x1a4') // the person moves the wallet to chain 420
    expect(client.getState().network).toMatchObject({ walletNetworkId: 'eip155:420', unsupported: true })
    await vi.waitFor(() => expect(client.getState().router.view).toBe('UnsupportedChain'))

    await client.switchNetwork('eip155:31338')
    expect(client.getState().network).toMatchObject({
      walletNetworkId: 'eip155:31338',
      selectedNetworkId: 'eip155:31338',
      unsupported: false,
    })
    expect(getConnection(wagmiConfig).chainId).toBe(31338)

    await client.disconnect()
    expect(client.getState().account.isConnected).toBe(false)
    expect(getConnection(wagmiConfig).status).toBe('disconnected')
    unmount()
  })
})

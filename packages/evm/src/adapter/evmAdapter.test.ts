import {
  type CaipNetwork,
  ChainRequiredError,
  ClientNotSetError,
  createFoyerClient,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@foyer/core'
import {
  type Config,
  type CreateConnectorFn,
  createConfig,
  createStorage,
  getConnection,
  http,
  mock,
  reconnect,
  type Storage,
} from '@wagmi/core'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  parseEther,
  UserRejectedRequestError as ViemUserRejectedRequestError,
  http as viemHttp,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toCaipNetwork } from '../networks/evmNetworks.ts'
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '../test/anvil.ts'
import { recordingController } from '../test/recordingController.ts'
import { evmAdapter } from './evmAdapter.ts'

const [ALICE, BOB] = DEV_ACCOUNTS
const chainOne = localChain(31337, 'Foyer Local', 18745)
const chainTwo = localChain(31338, 'Foyer Local 2', 18746)
const networkOne = toCaipNetwork(chainOne)
const networkTwo = toCaipNetwork(chainTwo)

function localChain(id: number, name: string, port: number) {
  return defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${port}`] } },
    blockExplorers: { default: { name: 'Local explorer', url: `http://127.0.0.1:${port}/explorer` } },
    testnet: true,
  })
}

type MockFeatures = NonNullable<Parameters<typeof mock>[0]['features']>

/** A site's wagmi config with wagmi's own test connector (`mock`) holding anvil's dev accounts. */
function siteConfig(options: { features?: MockFeatures; chains?: 'both' | 'first'; storage?: Storage } = {}): Config {
  const connector: CreateConnectorFn = mock({ accounts: [ALICE, BOB], features: options.features ?? {} })
  const storage = options.storage ?? createStorage({ storage: memoryStorage() })
  if (options.chains === 'first') {
    return createConfig({ chains: [chainOne], connectors: [connector], transports: { [chainOne.id]: http() }, storage })
  }
  return createConfig({
    chains: [chainOne, chainTwo],
    connectors: [connector],
    transports: { [chainOne.id]: http(), [chainTwo.id]: http() },
    storage,
  })
}

/** What `localStorage` is to a browser page: survives a "reload" (a new config over the same storage). */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** A mounted adapter over a fresh config, reporting into a recording controller. */
function mounted(options: Parameters<typeof siteConfig>[0] & { reconnectOnMount?: boolean } = {}) {
  const wagmiConfig = siteConfig(options)
  const adapter = evmAdapter({ wagmiConfig, reconnectOnMount: options.reconnectOnMount ?? false })
  const recording = recordingController([networkOne, networkTwo])
  const unmount = adapter.mount(recording.controller)!
  return { adapter, wagmiConfig, recording, unmount, connector: () => wagmiConfig.connectors[0] }
}

describe('evmAdapter against anvil with wagmi mock connector', () => {
  let anvils: Anvil[] = []
  beforeAll(async () => {
    anvils = await Promise.all([
      startAnvil({ port: 18745, chainId: 31337 }),
      startAnvil({ port: 18746, chainId: 31338 }),
    ])
  })
  afterAll(async () => {
    await Promise.all(anvils.map((anvil) => anvil.stop()))
  })

  it('reports the wagmi connectors on mount', async () => {
    const { adapter, recording, unmount } = mounted()
    expect(adapter.namespace).toBe('eip155')
    await vi.waitFor(() => expect(recording.of('setConnectors')).toHaveLength(1))
    expect(recording.last('setConnectors')!.connectors).toEqual([
      { id: 'mock', name: 'Mock Connector', type: 'INJECTED', chain: 'eip155' },
    ])
    expect(recording.last('setStatus')?.status).toBe('disconnected')
    unmount()
  })

  it('connects: setAccount with the address and eip155:31337, and returns the same account', async () => {
    const { adapter, recording, unmount } = mounted()
    const account = await adapter.connect({ connectorId: 'mock', network: networkOne })
    expect(account).toEqual({
      address: ALICE,
      networkId: 'eip155:31337',
      connectorId: 'mock',
      walletInfo: { name: 'Mock Connector' },
    })
    expect(recording.of('setAccount').map((r) => r.account)).toEqual([account])
    // "connecting" is the core's to set when a person picks a wallet; the adapter reports the outcome.
    expect(recording.of('setStatus').map((r) => r.status)).toEqual(['disconnected'])
    // Connecting again with the connected connector answers with the current account.
    await expect(adapter.connect({ connectorId: 'mock' })).resolves.toEqual(account)
    unmount()
  })

  it('connects on the network asked for', async () => {
    const { adapter, recording, unmount } = mounted()
    const account = await adapter.connect({ connectorId: 'mock', network: networkTwo })
    expect(account.networkId).toBe('eip155:31338')
    expect(recording.last('setAccount')!.account.networkId).toBe('eip155:31338')
    unmount()
  })

  it('refuses an unknown connector', async () => {
    const { adapter, unmount } = mounted()
    await expect(adapter.connect({ connectorId: 'nope' })).rejects.toMatchObject({ name: 'ConnectorNotFoundError' })
    unmount()
  })

  it('reads the native balance over each network RPC, whatever chain the wallet is on', async () => {
    const { adapter, unmount } = mounted()
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    const two = createPublicClient({ transport: viemHttp(networkTwo.rpcUrl) })
    await two.request({ method: 'anvil_setBalance' as never, params: [ALICE, '0x1bc16d674ec80000'] as never }) // 2 ETH
    const one = createPublicClient({ transport: viemHttp(networkOne.rpcUrl) })
    for (const [network, client] of [
      [networkOne, one],
      [networkTwo, two],
    ] as const) {
      const balance = await adapter.getBalance({ address: ALICE, network })
      expect(balance).toEqual({ value: await client.getBalance({ address: ALICE }), decimals: 18, symbol: 'ETH' })
    }
    expect((await adapter.getBalance({ address: ALICE, network: networkTwo })).value).toBe(parseEther('2'))
    expect(adapter.getPublicClient(networkOne)).toBe(adapter.getPublicClient({ ...networkOne }))
    unmount()
  })

  it('refuses balances it cannot read', async () => {
    const { adapter, unmount } = mounted()
    await expect(adapter.getBalance({ address: ALICE, network: { ...networkOne, rpcUrl: '' } })).rejects.toBeInstanceOf(
      ClientNotSetError,
    )
    const solana: CaipNetwork = { ...networkOne, id: 'solana:devnet', chainNamespace: 'solana', chainId: 'devnet' }
    await expect(adapter.getBalance({ address: ALICE, network: solana })).rejects.toBeInstanceOf(UnsupportedChainError)
    await expect(adapter.switchNetwork(undefined as unknown as CaipNetwork)).rejects.toBeInstanceOf(ChainRequiredError)
    unmount()
  })

  it('switches to 31338 and reports it through setNetwork', async () => {
    const { adapter, wagmiConfig, recording, unmount } = mounted()
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    await adapter.switchNetwork(networkTwo)
    expect(recording.of('setNetwork').map((r) => r.networkId)).toEqual(['eip155:31338'])
    expect(getConnection(wagmiConfig).chainId).toBe(31338)
    // The site's wagmi state follows too.
    expect(wagmiConfig.state.chainId).toBe(31338)
    unmount()
  })

  it('switches to a network the wagmi config does not list by asking the wallet directly', async () => {
    const { adapter, wagmiConfig, recording, unmount } = mounted({ chains: 'first' })
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    await adapter.switchNetwork(networkTwo)
    expect(recording.of('setNetwork').map((r) => r.networkId)).toEqual(['eip155:31338'])
    expect(getConnection(wagmiConfig).chainId).toBe(31338)
    unmount()
  })

  it('without a connection, moves only wagmi default chain', async () => {
    const { adapter, wagmiConfig, recording, unmount } = mounted()
    await adapter.switchNetwork(networkTwo)
    expect(wagmiConfig.state.chainId).toBe(31338)
    expect(recording.of('setNetwork')).toEqual([])
    unmount()
  })

  it('reports a chain change from the wallet, also to a chain neither the site nor wagmi knows', async () => {
    const { adapter, recording, unmount, connector } = mounted()
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    connector().onChainChanged('0x1a4') // the wallet moved to chain 420 on its own
    expect(recording.last('setNetwork')?.networkId).toBe('eip155:420')
    connector().emitter.emit('change', { chainId: 31338 })
    expect(recording.last('setNetwork')?.networkId).toBe('eip155:31338')
    expect(recording.of('setAccount')).toHaveLength(1)
    unmount()
  })

  it('reports an account change from the wallet', async () => {
    const { adapter, recording, unmount, connector } = mounted()
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    connector().onAccountsChanged([BOB])
    expect(recording.last('setAccount')?.account).toMatchObject({
      address: BOB,
      networkId: 'eip155:31337',
      connectorId: 'mock',
    })
    unmount()
  })

  it('maps a declined connect to UserRejectedRequestError, keeps the view, and a retry connects', async () => {
    const features: MockFeatures = { connectError: true }
    const { adapter, recording, unmount } = mounted({ features })
    const error = await adapter.connect({ connectorId: 'mock', network: networkOne }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).cause).toBeInstanceOf(ViemUserRejectedRequestError)
    // No resetAccount: that would move the modal off the view that offers the retry.
    expect(recording.of('resetAccount')).toEqual([])
    expect(recording.last('setStatus')?.status).toBe('disconnected')
    features.connectError = false // the person accepts the second time
    await expect(adapter.connect({ connectorId: 'mock', network: networkOne })).resolves.toMatchObject({
      address: ALICE,
    })
    unmount()
  })

  it('maps a declined network switch to UserRejectedRequestError', async () => {
    const features: MockFeatures = {}
    const { adapter, recording, unmount } = mounted({ features })
    await adapter.connect({ connectorId: 'mock', network: networkOne })
    features.switchChainError = true
    await expect(adapter.switchNetwork(networkTwo)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(recording.of('setNetwork')).toEqual([])
    unmount()
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

import {
  type CaipNetwork,
  ChainRequiredError,
  ClientNotSetError,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@foyer/core'
import { getConnection } from '@wagmi/core'
import {
  createPublicClient,
  parseEther,
  UserRejectedRequestError as ViemUserRejectedRequestError,
  http as viemHttp,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adapterSite, type MockFeatures } from '../test/adapterSite.ts'
import { type Anvil, startAnvil } from '../test/anvil.ts'

const site = adapterSite({ ports: [18745, 18746] })
const { ALICE, BOB, networkOne, networkTwo, mounted } = site

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
})

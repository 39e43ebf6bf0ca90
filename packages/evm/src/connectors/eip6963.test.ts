// @vitest-environment jsdom
// EIP-6963 discovery needs a window: wagmi (through mipd) listens for announcements on it. The wallets here are
// small in-memory EIP-1193 providers announced the way a browser extension does; no chain is involved.
import { UserRejectedRequestError } from '@foyer/core'
import { resolveOptions } from '@foyer/core/internal'
import { type Config, createConfig, getConnection, http, injected } from '@wagmi/core'
import { defineChain } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { evmAdapter } from '../adapter/evmAdapter.ts'
import { toCaipNetwork } from '../networks/evmNetworks.ts'
import { recordingController } from '../test/recordingController.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ICON = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'
const chain = (id: number, name: string) =>
  defineChain({
    id,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:1/${id}`] } },
    blockExplorers: { default: { name: 'Explorer', url: `https://explorer.example/${id}` } },
  })
const chainOne = chain(31337, 'Foyer Local')
const chainTwo = chain(31338, 'Foyer Local 2')

/** An in-memory browser wallet: knows only the chains it was given, answers 4902 for others, rejects on demand. */
function testWallet(options: { knownChains?: number[]; addSwitches?: boolean } = {}) {
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const known = new Set(options.knownChains ?? [31337])
  const requests: { method: string; params?: unknown }[] = []
  const state = { chainId: 31337, reject: false }
  const emit = (event: string, value: unknown) => {
    for (const fn of listeners.get(event) ?? []) fn(value)
  }
  const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
  const moveTo = (chainId: number) => {
    state.chainId = chainId
    emit('chainChanged', `0x${chainId.toString(16)}`)
  }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      requests.push({ method, params })
      switch (method) {
        case 'wallet_requestPermissions':
          if (state.reject) throw rpcError(4001, 'User rejected the request.')
          return [
            { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [ADDRESS] }] },
          ]
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [ADDRESS]
        case 'eth_chainId':
          return `0x${state.chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const chainId = Number((params![0] as { chainId: string }).chainId)
          if (!known.has(chainId)) throw rpcError(4902, `Unrecognized chain ID ${chainId}.`)
          moveTo(chainId)
          return null
        }
        case 'wallet_addEthereumChain': {
          const chainId = Number((params![0] as { chainId: string }).chainId)
          known.add(chainId)
          if (options.addSwitches ?? true) moveTo(chainId) // as MetaMask does after adding
          return null
        }
        case 'wallet_revokePermissions':
          return null
        default:
          throw rpcError(4200, `Unsupported method ${method}`)
      }
    },
    on(event: string, fn: (value: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(fn)
    },
    removeListener(event: string, fn: (value: unknown) => void) {
      listeners.get(event)?.delete(fn)
    },
  }
  return { provider, requests, state }
}

/** Announces a wallet now and whenever a page asks (EIP-6963). */
function announce(wallet: ReturnType<typeof testWallet>, info: { rdns: string; name: string; uuid: string }) {
  const detail = Object.freeze({ info: { ...info, icon: ICON }, provider: wallet.provider })
  const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', send)
  send()
}

function siteConfig(chains: 'both' | 'first' = 'both', connectors = [injected()]): Config {
  if (chains === 'first') {
    return createConfig({ chains: [chainOne], transports: { [chainOne.id]: http() }, connectors, storage: null })
  }
  return createConfig({
    chains: [chainOne, chainTwo],
    transports: { [chainOne.id]: http(), [chainTwo.id]: http() },
    connectors,
    storage: null,
  })
}

describe('evmAdapter with EIP-6963 wallets', () => {
  const rabby = testWallet()
  announce(rabby, { rdns: 'io.rabby', name: 'Rabby', uuid: '9c1f1c9e-0f8e-4d0e-9a57-1a0f2a2c3b01' })

  it('lists announced wallets as ANNOUNCED with rdns, name and icon, and late ones too', async () => {
    const wagmiConfig = siteConfig()
    const recording = recordingController()
    const unmount = evmAdapter({ wagmiConfig, reconnectOnMount: false }).mount(recording.controller)!
    await vi.waitFor(() => expect(recording.last('setConnectors')?.connectors.map((c) => c.id)).toEqual(['io.rabby']))
    expect(recording.last('setConnectors')!.connectors[0]).toEqual({
      id: 'io.rabby',
      name: 'Rabby',
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl: ICON,
      info: { rdns: 'io.rabby' },
    })
    // The generic injected connector is not listed: there is no window.ethereum.

    announce(testWallet(), {
      rdns: 'dev.foyer.late',
      name: 'Late Wallet',
      uuid: '9c1f1c9e-0f8e-4d0e-9a57-1a0f2a2c3b02',
    })
    await vi.waitFor(() =>
      expect(recording.last('setConnectors')?.connectors.map((c) => [c.id, c.type])).toEqual([
        ['io.rabby', 'ANNOUNCED'],
        ['dev.foyer.late', 'ANNOUNCED'],
      ]),
    )
    unmount()
  })

  it('lists window.ethereum as INJECTED unless it is a wallet that announced itself', async () => {
    const legacy = testWallet()
    const target = window as unknown as { ethereum?: unknown }
    target.ethereum = legacy.provider
    try {
      const recording = recordingController()
      const unmount = evmAdapter({ wagmiConfig: siteConfig(), reconnectOnMount: false }).mount(recording.controller)!
      await vi.waitFor(() =>
        expect(recording.last('setConnectors')?.connectors.map((c) => [c.id, c.type])).toContainEqual([
          'injected',
          'INJECTED',
        ]),
      )
      unmount()

      target.ethereum = rabby.provider
      const again = recordingController()
      const unmountAgain = evmAdapter({ wagmiConfig: siteConfig(), reconnectOnMount: false }).mount(again.controller)!
      await vi.waitFor(() => expect(again.of('setConnectors').length).toBeGreaterThan(0))
      expect(again.last('setConnectors')!.connectors.map((c) => c.id)).not.toContain('injected')
      unmountAgain()
    } finally {
      delete target.ethereum
    }
  })

  it('with features.eip6963 off lists no announced wallet, and the browser wallet as INJECTED in their place', async () => {
    const target = window as unknown as { ethereum?: unknown }
    target.ethereum = rabby.provider
    try {
      const off = recordingController([], { features: { eip6963: false } })
      const adapter = evmAdapter({ wagmiConfig: siteConfig(), reconnectOnMount: false })
      const unmount = adapter.mount(off.controller)!
      await vi.waitFor(() =>
        expect(off.last('setConnectors')?.connectors.map((c) => [c.id, c.type])).toEqual([['injected', 'INJECTED']]),
      )
      // A wallet announcing itself later is not listed either.
      announce(testWallet(), { rdns: 'dev.foyer.off', name: 'Off', uuid: '9c1f1c9e-0f8e-4d0e-9a57-1a0f2a2c3b07' })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(off.of('setConnectors').flatMap((r) => r.connectors.map((c) => c.type))).not.toContain('ANNOUNCED')
      unmount()
      // The adapter's own default (the option unset) lists them.
      expect(adapter.eip6963).toBe(true)
      expect(resolveOptions({ adapters: [adapter], networks: [toCaipNetwork(chainOne)] }).features.eip6963).toBe(true)
    } finally {
      delete target.ethereum
    }
  })

  it('connects an announced wallet and reports its name, icon and rdns', async () => {
    const recording = recordingController()
    const adapter = evmAdapter({ wagmiConfig: siteConfig(), reconnectOnMount: false })
    const unmount = adapter.mount(recording.controller)!
    const account = await adapter.connect({ connectorId: 'io.rabby', network: toCaipNetwork(chainOne) })
    expect(account).toEqual({
      address: ADDRESS,
      networkId: 'eip155:31337',
      connectorId: 'io.rabby',
      walletInfo: { name: 'Rabby', icon: ICON, rdns: 'io.rabby' },
    })
    expect(recording.last('setAccount')?.account).toEqual(account)
    await adapter.disconnect()
    expect(recording.of('resetAccount')).toHaveLength(1)
    unmount()
  })

  it('maps a decline in the wallet (4001) to UserRejectedRequestError', async () => {
    const wallet = testWallet()
    announce(wallet, { rdns: 'dev.foyer.declines', name: 'Declines', uuid: '9c1f1c9e-0f8e-4d0e-9a57-1a0f2a2c3b03' })
    wallet.state.reject = true
    const recording = recordingController()
    const adapter = evmAdapter({ wagmiConfig: siteConfig(), reconnectOnMount: false })
    const unmount = adapter.mount(recording.controller)!
    const error = await adapter.connect({ connectorId: 'dev.foyer.declines' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as Error).cause).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(recording.of('resetAccount')).toEqual([])
    wallet.state.reject = false
    await expect(adapter.connect({ connectorId: 'dev.foyer.declines' })).resolves.toMatchObject({ address: ADDRESS })
    unmount()
  })

  it('adds a chain the wallet does not know (4902) with the network RPC, name, currency and explorer, then switches', async () => {
    const wallet = testWallet({ knownChains: [31337] })
    announce(wallet, { rdns: 'dev.foyer.onechain', name: 'One Chain', uuid: '9c1f1c9e-0f8e-4d0e-9a57-1a0f2a2c3b04' })
    const wagmiConfig = siteConfig()
    const recording = recordingController()
    const adapter = evmAdapter({ wagmiConfig, reconnectOnMount: false })
    const unmount = adapter.mount(recording.controller)!
    await adapter.connect({ connectorId: 'dev.foyer.onechain', network: toCaipNetwork(chainOne) })
    const network = {
      ...toCaipNetwork(chainTwo),
      rpcUrl: 'http://127.0.0.1:8546',
      imageUrl: 'https://example.com/two.png',
    }
    await adapter.switchNetwork(network)
    expect(wallet.requests.find((r) => r.method === 'wallet_addEthereumChain')?.params).toEqual([
      {
        chainId: '0x7a6a',
        chainName: 'Foyer Local 2',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8546'],
        blockExplorerUrls: ['https://explorer.example/31338'],
        iconUrls: ['https://example.com/two.png'],
      },
    ])
    expect(recording.of('setNetwork').map((r) => r.networkId)).toEqual(['eip155:31338'])
    expect(getConnection(wagmiConfig).chainId).toBe(31338)
    unmount()
  })

  it('adds and switches to a network the wagmi config does not list either', async () => {
    const wallet = testWallet({ knownChains: [31337], addSwitches: false })
    announce(wallet, { rdns: 'dev.foyer.strict', name: 'Strict', uuid: '9c1f1c9e-0f8e-4d0e-9a57-1a0f2a2c3b05' })
    const wagmiConfig = siteConfig('first')
    const recording = recordingController()
    const adapter = evmAdapter({ wagmiConfig, reconnectOnMount: false })
    const unmount = adapter.mount(recording.controller)!
    await adapter.connect({ connectorId: 'dev.foyer.strict' })
    await adapter.switchNetwork(toCaipNetwork(chainTwo))
    expect(
      wallet.requests.map((r) => r.method).filter((m) => m.startsWith('wallet_') && m !== 'wallet_requestPermissions'),
    ).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(recording.of('setNetwork').map((r) => r.networkId)).toEqual(['eip155:31338'])
    unmount()
  })

  it('maps a declined switch to UserRejectedRequestError', async () => {
    const wallet = testWallet({ knownChains: [31337, 31338] })
    announce(wallet, { rdns: 'dev.foyer.noswitch', name: 'No Switch', uuid: '9c1f1c9e-0f8e-4d0e-9a57-1a0f2a2c3b06' })
    const adapter = evmAdapter({ wagmiConfig: siteConfig(), reconnectOnMount: false })
    const recording = recordingController()
    const unmount = adapter.mount(recording.controller)!
    await adapter.connect({ connectorId: 'dev.foyer.noswitch' })
    const original = wallet.provider.request
    wallet.provider.request = async (args) => {
      if (args.method === 'wallet_switchEthereumChain')
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return original(args)
    }
    await expect(adapter.switchNetwork(toCaipNetwork(chainTwo))).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(recording.of('setNetwork')).toEqual([])
    unmount()
  })
})

/**
 * A site as the adapter tests see it: two local anvil chains, a wagmi config with wagmi's own test connector
 * (`mock`) holding anvil's dev accounts, and a mounted adapter reporting into a recording controller.
 */
import { type Config, type CreateConnectorFn, createConfig, createStorage, http, mock, type Storage } from '@wagmi/core'
import { defineChain } from 'viem'
import { evmAdapter } from '../adapter/evmAdapter.ts'
import { toCaipNetwork } from '../networks/evmNetworks.ts'
import { DEV_ACCOUNTS } from './anvil.ts'
import { recordingController } from './recordingController.ts'

export function adapterSite({ ports }: { ports: [number, number] }) {
  const [ALICE, BOB] = DEV_ACCOUNTS
  const chainOne = localChain(31337, 'Foyer Local', ports[0])
  const chainTwo = localChain(31338, 'Foyer Local 2', ports[1])
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

  /** A site's wagmi config with wagmi's own test connector (`mock`) holding anvil's dev accounts. */
  function siteConfig(options: { features?: MockFeatures; chains?: 'both' | 'first'; storage?: Storage } = {}): Config {
    const connector: CreateConnectorFn = mock({ accounts: [ALICE, BOB], features: options.features ?? {} })
    const storage = options.storage ?? createStorage({ storage: memoryStorage() })
    if (options.chains === 'first') {
      return createConfig({
        chains: [chainOne],
        connectors: [connector],
        transports: { [chainOne.id]: http() },
        storage,
      })
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

  return { ALICE, BOB, chainOne, chainTwo, networkOne, networkTwo, siteConfig, memoryStorage, mounted }
}

export type MockFeatures = NonNullable<Parameters<typeof mock>[0]['features']>

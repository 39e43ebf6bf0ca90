import type { AdapterController, ChainAdapter } from '../adapter/adapter.ts'
import type { ChainNamespace } from '../networks/networks.ts'

export const FAKE_EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const FAKE_SOLANA_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'

/**
 * A fake adapter for unit tests of the core's rules (named so: it answers from memory); the real adapters are tested
 * against anvil, the Solana stand-in and a browser. It lists one browser wallet, "Test Wallet", on its family.
 */
export function fakeAdapter({
  eip6963 = true,
  namespace = 'eip155',
}: {
  eip6963?: boolean
  namespace?: ChainNamespace
} = {}) {
  let controller!: AdapterController
  const calls: string[] = []
  const evm = namespace === 'eip155'
  const adapter: ChainAdapter & { controller: () => AdapterController; calls: string[]; reject: boolean } = {
    namespace,
    eip6963,
    calls,
    reject: false,
    controller: () => controller,
    mount(c) {
      controller = c
      c.setConnectors([
        evm
          ? {
              id: 'dev.foyer.testwallet',
              name: 'Test Wallet',
              type: 'ANNOUNCED',
              chain: 'eip155',
              info: { rdns: 'dev.foyer.testwallet' },
            }
          : { id: 'solana:Test Wallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'solana' },
      ])
    },
    async connect({ connectorId, network }) {
      calls.push(`connect:${connectorId}`)
      if (adapter.reject) throw Object.assign(new Error('User rejected'), { code: 4001 })
      return { address: evm ? FAKE_EVM_ADDRESS : FAKE_SOLANA_ADDRESS, networkId: network!.id, connectorId }
    },
    async disconnect() {
      calls.push('disconnect')
    },
    async switchNetwork(network) {
      calls.push(`switch:${network.id}`)
    },
    async getBalance() {
      return evm
        ? { value: 1_234_567_000_000_000_000n, decimals: 18, symbol: 'ETH' }
        : { value: 2_500_000_000n, decimals: 9, symbol: 'SOL' }
    },
  }
  return adapter
}

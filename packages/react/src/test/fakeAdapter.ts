import type { CaipNetwork, Connector, FoyerOptions } from '@foyer/core'
import type { AdapterController, ChainAdapter } from '@foyer/core/internal'
import { createFoyer } from '../createFoyer.ts'

/** Test double only: a chain adapter that answers from memory. Real adapters are tested against anvil and a browser. */
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export const localNetwork = (chainId: number, name: string, explorer = false): CaipNetwork => ({
  id: `eip155:${chainId}`,
  chainNamespace: 'eip155',
  chainId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: `http://127.0.0.1/${chainId}`,
  blockExplorer: explorer ? { name: 'Scan', url: 'https://scan.example' } : undefined,
})

export const testWallet: Connector = {
  id: 'dev.foyer.testwallet',
  name: 'Test Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
  info: { rdns: 'dev.foyer.testwallet' },
}

/** `fail` throws with a wallet's short message; `crash` with no message of its own. */
type Outcome = 'ok' | 'reject' | 'fail' | 'crash' | 'hang'

export function fakeAdapter(connectors: Connector[] = [testWallet]) {
  let controller: AdapterController | undefined
  const calls: string[] = []
  let release: (() => void) | undefined
  const adapter = {
    namespace: 'eip155' as const,
    // As the EVM adapter: its announced wallets are listed unless the site sets `features.eip6963: false`.
    eip6963: true,
    calls,
    connectOutcome: 'ok' as Outcome,
    switchOutcome: 'ok' as Outcome,
    balanceOutcome: 'ok' as Outcome,
    controller: () => controller!,
    /** Lets a 'hang' outcome finish successfully. */
    release: () => release?.(),
    mount(c: AdapterController) {
      controller = c
      calls.push('mount')
      c.setConnectors(connectors)
      return () => calls.push('unmount')
    },
    async connect({ connectorId, network }: { connectorId: string; network?: CaipNetwork }) {
      calls.push(`connect:${connectorId}`)
      await settle(adapter.connectOutcome, 'Connector exploded')
      return { address: ADDRESS, networkId: network!.id, connectorId }
    },
    async disconnect() {
      calls.push('disconnect')
    },
    async switchNetwork(network: CaipNetwork) {
      calls.push(`switch:${network.id}`)
      await settle(adapter.switchOutcome, 'Chain switch exploded')
    },
    async getBalance() {
      await settle(adapter.balanceOutcome, 'RPC down')
      return { value: 1_234_567_000_000_000_000n, decimals: 18, symbol: 'ETH' }
    },
    /** Any token the site names: 12.3456 fUSD (6 decimals). */
    async getTokenBalance({ tokenAddress }: { tokenAddress: string }) {
      calls.push(`tokenBalance:${tokenAddress}`)
      await settle(adapter.balanceOutcome, 'RPC down')
      return { value: 12_345_600n, decimals: 6, symbol: 'fUSD' }
    },
  } satisfies ChainAdapter & Record<string, unknown>

  async function settle(outcome: Outcome, failure: string) {
    if (outcome === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    if (outcome === 'fail') throw Object.assign(new Error(failure), { shortMessage: failure })
    if (outcome === 'crash') throw new Error()
    if (outcome === 'hang') await new Promise<void>((resolve) => (release = resolve))
  }
  return adapter
}

export function setupFoyer(
  options: {
    connectors?: Connector[]
    explorer?: boolean
    locale?: 'en' | 'es'
    /** Any other site option (`tokens`, `termsConditionsUrl`, …). */
    site?: Partial<FoyerOptions>
  } = {},
) {
  const adapter = fakeAdapter(options.connectors)
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [
      localNetwork(31337, 'Foyer Local', options.explorer),
      localNetwork(31338, 'Foyer Local 2', options.explorer),
    ],
    locale: options.locale,
    themeMode: 'dark',
    logLevel: 'silent',
    ...options.site,
  })
  return { adapter, foyer }
}

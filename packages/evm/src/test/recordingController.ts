// Test-only: the real `AdapterController` contract, recording every report instead of updating a store.
import type { CaipNetwork, ConnectionStatus, Connector, FoyerOptions } from '@foyer/core'
import { type AdapterController, type ChainAdapter, type ReportedAccount, resolveOptions } from '@foyer/core/internal'

export type Report =
  | { type: 'setConnectors'; connectors: Connector[] }
  | { type: 'setStatus'; status: ConnectionStatus }
  | { type: 'setAccount'; account: ReportedAccount }
  | { type: 'setNetwork'; networkId: string }
  | { type: 'resetAccount' }
  | { type: 'showEmbeddedFrame' }
  | { type: 'hideEmbeddedFrame' }
  | { type: 'rpcNotAllowed'; method: string }

const placeholderNetwork: CaipNetwork = {
  id: 'eip155:31337',
  chainId: 31337,
  chainNamespace: 'eip155',
  name: 'Placeholder',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}

export function recordingController(networks: readonly CaipNetwork[] = [], options: Partial<FoyerOptions> = {}) {
  const reports: Report[] = []
  const controller: AdapterController = {
    networks,
    setConnectors: (connectors) => void reports.push({ type: 'setConnectors', connectors }),
    setStatus: (status) => void reports.push({ type: 'setStatus', status }),
    setAccount: (account) => void reports.push({ type: 'setAccount', account }),
    setNetwork: (networkId) => void reports.push({ type: 'setNetwork', networkId }),
    resetAccount: () => void reports.push({ type: 'resetAccount' }),
    // Resolved as for the EVM adapter, whose default lists EIP-6963 wallets.
    options: resolveOptions({
      adapters: [{ eip6963: true } as ChainAdapter],
      networks: networks.length ? networks : [placeholderNetwork],
      ...options,
    }),
    // The EVM adapter offers the embedded wallet itself; it never asks the controller for one.
    embeddedWallet: () => undefined,
    showEmbeddedFrame: () => void reports.push({ type: 'showEmbeddedFrame' }),
    hideEmbeddedFrame: () => void reports.push({ type: 'hideEmbeddedFrame' }),
    rpcNotAllowed: (method) => void reports.push({ type: 'rpcNotAllowed', method }),
  }
  const of = <T extends Report['type']>(type: T) =>
    reports.filter((r): r is Extract<Report, { type: T }> => r.type === type)
  return {
    controller,
    reports,
    of,
    last: <T extends Report['type']>(type: T) => of(type).at(-1),
    clear: () => void reports.splice(0),
  }
}

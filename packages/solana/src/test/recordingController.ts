// Test-only: the real `AdapterController` contract, recording every report instead of updating a store.
import type { CaipNetwork, ConnectionStatus, Connector } from '@foyer/core'
import {
  type AdapterController,
  type ChainAdapter,
  type EmbeddedWallet,
  type ReportedAccount,
  resolveOptions,
} from '@foyer/core/internal'

export type Report =
  | { type: 'setConnectors'; connectors: Connector[] }
  | { type: 'setStatus'; status: ConnectionStatus }
  | { type: 'setAccount'; account: ReportedAccount }
  | { type: 'setNetwork'; networkId: string }
  | { type: 'resetAccount' }

/** `embeddedWallet`: what the controller answers for the site's embedded wallet (another adapter's), if any. */
export function recordingController(
  networks: readonly [CaipNetwork, ...CaipNetwork[]],
  { embeddedWallet }: { embeddedWallet?: EmbeddedWallet } = {},
) {
  const reports: Report[] = []
  const controller: AdapterController = {
    networks,
    setConnectors: (connectors) => void reports.push({ type: 'setConnectors', connectors }),
    setStatus: (status) => void reports.push({ type: 'setStatus', status }),
    setAccount: (account) => void reports.push({ type: 'setAccount', account }),
    setNetwork: (networkId) => void reports.push({ type: 'setNetwork', networkId }),
    resetAccount: () => void reports.push({ type: 'resetAccount' }),
    options: resolveOptions({ adapters: [{ namespace: 'solana' } as ChainAdapter], networks: [...networks] }),
    embeddedWallet: () => embeddedWallet,
    showEmbeddedFrame: () => {},
    hideEmbeddedFrame: () => {},
    rpcNotAllowed: () => {},
  }
  const of = <T extends Report['type']>(type: T) =>
    reports.filter((r): r is Extract<Report, { type: T }> => r.type === type)
  return { controller, reports, of, last: <T extends Report['type']>(type: T) => of(type).at(-1) }
}

// Test-only: the real `AdapterController` contract, recording every report instead of updating a store.
import type { AdapterController, CaipNetwork, ConnectionStatus, Connector, ReportedAccount } from '@foyer/core'

export type Report =
  | { type: 'setConnectors'; connectors: Connector[] }
  | { type: 'setStatus'; status: ConnectionStatus }
  | { type: 'setAccount'; account: ReportedAccount }
  | { type: 'setNetwork'; networkId: string }
  | { type: 'resetAccount' }

export function recordingController(networks: readonly CaipNetwork[] = []) {
  const reports: Report[] = []
  const controller: AdapterController = {
    networks,
    setConnectors: (connectors) => void reports.push({ type: 'setConnectors', connectors }),
    setStatus: (status) => void reports.push({ type: 'setStatus', status }),
    setAccount: (account) => void reports.push({ type: 'setAccount', account }),
    setNetwork: (networkId) => void reports.push({ type: 'setNetwork', networkId }),
    resetAccount: () => void reports.push({ type: 'resetAccount' }),
  }
  const of = <T extends Report['type']>(type: T) => reports.filter((r): r is Extract<Report, { type: T }> => r.type === type)
  return {
    controller,
    reports,
    of,
    last: <T extends Report['type']>(type: T) => of(type).at(-1),
    clear: () => void reports.splice(0),
  }
}

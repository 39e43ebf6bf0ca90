import type { ChainNamespace } from '../networks/networks.ts'

export type ConnectorType = 'INJECTED' | 'WALLET_CONNECT' | 'ANNOUNCED' | 'AUTH' | 'MULTI_CHAIN'

/** A way to connect a wallet, as the modal lists it. Adapters report these; views only read them. */
export type Connector = {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageId?: string
  imageUrl?: string
  /** The wallet's id in the Foyer catalogue, when known. */
  explorerId?: string
  info?: { rdns?: string }
}

/**
 * One row per wallet: an announced (EIP-6963) connector wins over the legacy injected one when both
 * name the same wallet (same rdns, or the injected one is the generic `window.ethereum` while announced ones exist
 * under the same name); the first of equal ids wins.
 */
export function dedupeConnectors(connectors: readonly Connector[]): Connector[] {
  const byKey = new Map<string, Connector>()
  const announcedNames = new Set(connectors.filter((c) => c.type === 'ANNOUNCED').map((c) => c.name.toLowerCase()))
  for (const connector of connectors) {
    if (connector.type === 'INJECTED' && announcedNames.has(connector.name.toLowerCase())) continue
    const key = connector.info?.rdns ? `rdns:${connector.info.rdns}` : `id:${connector.id}`
    const existing = byKey.get(key)
    if (!existing || (existing.type !== 'ANNOUNCED' && connector.type === 'ANNOUNCED')) byKey.set(key, connector)
  }
  return [...byKey.values()]
}

/** The `data-testid` suffix for a wallet row: the rdns for announced wallets, the catalogue id otherwise. */
export function connectorTestId(connector: Connector): string {
  if (connector.type === 'ANNOUNCED' && connector.info?.rdns) return connector.info.rdns
  return connector.explorerId ?? connector.id
}

/** Connectors of a browser wallet (an extension), which a wallet of both families announces once per family. */
export const browserWalletTypes = new Set<ConnectorType>(['ANNOUNCED', 'INJECTED'])

/**
 * The connector that pairs over WalletConnect: the EVM adapter's. A Solana WALLET_CONNECT connector only stands
 * for a session that exists already and cannot pair.
 */
export const pairingConnector = (connectors: readonly Connector[]): Connector | undefined =>
  connectors.find((c) => c.type === 'WALLET_CONNECT' && c.chain === 'eip155')

/**
 * One row per browser wallet across chain families: a wallet announced on both shows once, as its connector on the
 * active family (connecting it there first), else the first listed.
 */
export function oneRowPerWallet(connectors: readonly Connector[], activeChain: ChainNamespace): Connector[] {
  const rows = new Map<string, Connector>()
  for (const connector of connectors) {
    const key = browserWalletTypes.has(connector.type) ? `wallet:${connector.name.toLowerCase()}` : `id:${connector.id}`
    const existing = rows.get(key)
    if (!existing || (existing.chain !== activeChain && connector.chain === activeChain)) rows.set(key, connector)
  }
  return [...rows.values()]
}

import type { ChainNamespace } from '../networks/networks.ts'
import type { Connector, ConnectorType } from './connectors.ts'

// Only the views and the switch between chain families use these: a module of its own keeps them out of the page's
// entry, where the client's connector rules live.

/**
 * The connector of the same wallet on another chain family: a browser wallet that is both EVM and Solana announces
 * itself once per family (EIP-6963 and the Wallet Standard) under the same name; the embedded wallet (AUTH) holds a
 * key for each family; a WalletConnect session that holds accounts of both families has a WALLET_CONNECT connector
 * on each.
 */
export function sameWalletOn(
  connectors: readonly Connector[],
  connectorId: string | undefined,
  namespace: ChainNamespace,
): Connector | undefined {
  const connector = connectors.find((c) => c.id === connectorId)
  if (!connector || connector.chain === namespace) return undefined
  if (connector.type === 'AUTH' || connector.type === 'WALLET_CONNECT')
    return connectors.find((c) => c.chain === namespace && c.type === connector.type)
  if (!browserWalletTypes.has(connector.type)) return undefined
  const name = connector.name.toLowerCase()
  return connectors.find(
    (c) => c.chain === namespace && browserWalletTypes.has(c.type) && c.name.toLowerCase() === name,
  )
}

const browserWalletTypes = new Set<ConnectorType>(['ANNOUNCED', 'INJECTED'])

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

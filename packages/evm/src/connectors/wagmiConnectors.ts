import type { Connector } from '@foyer/core'
import { type Config, type Connector as WagmiConnector, watchConnectors } from '@wagmi/core'
import { announcedProviders } from '../adapter/wagmiInternals.ts'
import { EMBEDDED_CONNECTOR_TYPE } from '../embedded/embeddedConnector.ts'

/**
 * A wagmi connector as the modal lists it. wagmi builds announced wallets as `injected` connectors whose id is the
 * wallet's rdns; those become `ANNOUNCED` with `info.rdns`, name and icon. WalletConnect stays `WALLET_CONNECT`;
 * everything else (the generic `injected()`, targeted injected wallets, wallet SDK connectors, wagmi's `mock`)
 * is listed as `INJECTED`.
 */
export function toFoyerConnector(connector: WagmiConnector, announced: boolean): Connector {
  const rdns = announced ? connector.id : typeof connector.rdns === 'string' ? connector.rdns : connector.rdns?.[0]
  return {
    id: connector.id,
    name: connector.name,
    type: announced
      ? 'ANNOUNCED'
      : connector.type === 'walletConnect'
        ? 'WALLET_CONNECT'
        : connector.type === EMBEDDED_CONNECTOR_TYPE
          ? 'AUTH'
          : 'INJECTED',
    chain: 'eip155',
    ...(connector.icon && { imageUrl: connector.icon }),
    ...(rdns && { info: { rdns } }),
  }
}

/** Whether the connector is one wagmi made for an EIP-6963 announcement. */
export function isAnnounced(config: Config, connector: WagmiConnector): boolean {
  return connector.type === 'injected' && announcedProviders(config).some((p) => p.info.rdns === connector.id)
}

/**
 * Reports the config's connectors now and whenever they change (a wallet announcing itself late, a connector
 * added by the site). Injected connectors without a provider (no `window.ethereum`) are left out, and so is the
 * generic injected one when its provider is a wallet that also announced itself, so one wallet is one row.
 * With `eip6963` false (the site's `features.eip6963`), announced wallets are left out instead and the generic
 * injected one stays: the browser's wallet is still one row.
 */
export function watchWagmiConnectors(
  config: Config,
  { eip6963 }: { eip6963: boolean },
  onChange: (connectors: Connector[]) => void,
): () => void {
  let latest = 0
  async function report(connectors: readonly WagmiConnector[]) {
    const run = ++latest
    const announced = eip6963 ? announcedProviders(config) : []
    const listed = await Promise.all(
      connectors.map(async (connector) => {
        if (isAnnounced(config, connector)) return eip6963 ? toFoyerConnector(connector, true) : undefined
        if (connector.type === 'injected') {
          const provider = await connector.getProvider().catch(() => undefined)
          if (!provider || announced.some((p) => p.provider === provider)) return undefined
        }
        return toFoyerConnector(connector, false)
      }),
    )
    if (run === latest) onChange(listed.filter((c): c is Connector => c !== undefined))
  }
  void report(config.connectors)
  const unwatch = watchConnectors(config, { onChange: (connectors) => void report(connectors) })
  return () => {
    latest++
    unwatch()
  }
}

import { type ConnectionStatus, toCaipNetworkId } from '@foyer/core'
import type { AdapterController, ReportedAccount } from '@foyer/core/internal'
import { type Config, type GetConnectionReturnType, getConnection, watchConnection } from '@wagmi/core'
import { isAnnounced } from '../connectors/wagmiConnectors.ts'

type Connected = Extract<GetConnectionReturnType, { status: 'connected' }>

/** The account a connected wagmi connection stands for, with the wallet's name, icon and rdns. */
export function toReportedAccount(config: Config, connection: Connected): ReportedAccount {
  const { connector } = connection
  const rdns = isAnnounced(config, connector)
    ? connector.id
    : typeof connector.rdns === 'string'
      ? connector.rdns
      : connector.rdns?.[0]
  return {
    address: connection.address,
    networkId: toCaipNetworkId('eip155', connection.chainId),
    connectorId: connector.id,
    walletInfo: { name: connector.name, ...(connector.icon && { icon: connector.icon }), ...(rdns && { rdns }) },
  }
}

/**
 * Follows wagmi's connection and tells the core: connected → `setAccount`; the wallet switching account →
 * `setAccount`; the wallet switching chain → `setNetwork('eip155:<id>')`, also for chains outside the wagmi config
 * (the core decides what is unsupported); disconnected from either side → `resetAccount`.
 *
 * A failed or declined connect only reports the status: resetting the account would take the modal off the
 * view that shows "declined" with its retry button. wagmi's `connecting` is not reported: the core sets it itself
 * when a person picks a wallet, and wagmi also passes through it on every page load while `reconnect` finds
 * nothing to restore, which would flash a spinner at visitors who never connected.
 */
export function watchWagmiConnection(
  config: Config,
  controller: AdapterController,
): { report: () => void; unwatch: () => void } {
  let reported: { address: string; chainId: number; connectorUid: string } | undefined
  let status: ConnectionStatus | undefined
  // wagmi changes the connection several times while (re)connecting; the core needs each status once.
  const setStatus = (next: ConnectionStatus) => {
    if (next === status) return
    status = next
    controller.setStatus(next)
  }

  function onConnection(connection: GetConnectionReturnType) {
    switch (connection.status) {
      case 'connected': {
        const { address, chainId, connector } = connection
        if (!reported || reported.address !== address || reported.connectorUid !== connector.uid) {
          reported = { address, chainId, connectorUid: connector.uid }
          controller.setAccount(toReportedAccount(config, connection)) // sets the status to connected too
        } else {
          // The same account again, e.g. after the site called wagmi's reconnect while connected.
          if (status !== 'connected') controller.setStatus('connected')
          if (reported.chainId !== chainId) {
            reported = { ...reported, chainId }
            controller.setNetwork(toCaipNetworkId('eip155', chainId))
          }
        }
        status = 'connected'
        return
      }
      case 'reconnecting':
        return setStatus('reconnecting')
      case 'connecting':
        return
      case 'disconnected':
        if (reported) {
          reported = undefined
          status = 'disconnected'
          controller.resetAccount()
        } else setStatus('disconnected')
    }
  }

  const unwatch = watchConnection(config, { onChange: onConnection })
  return { report: () => onConnection(getConnection(config)), unwatch }
}

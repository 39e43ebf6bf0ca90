import type { Connector } from '../connectors/connectors.ts'
import {
  addressExplorerUrl,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  toCaipAddress,
} from '../networks/networks.ts'

export type ConnectionStatus = 'connected' | 'disconnected' | 'connecting' | 'reconnecting'

export type TokenBalance = {
  address: string
  symbol: string
  name?: string
  decimals: number
  quantity: { decimals: string; numeric: string }
  price: number
  value: number
  logoUri?: string
  iconUrl?: string
}

/** The account's state (address, chain, balance, wallet), plus the status and connector that produced it. */
export type AccountState = {
  status: ConnectionStatus
  isConnected: boolean
  caipAddress?: CaipAddress
  address?: string
  /**
   * The balance the account shows, as an exact decimal string (format it for display): native, or the site's token
   * on a network its `tokens` option names (`balanceSymbol` says which).
   */
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  profileName?: string | null
  profileImage?: string | null
  addressExplorerUrl?: string
  tokenBalance?: TokenBalance[]
  smartAccountDeployed?: boolean
  preferredAccountType?: 'eoa' | 'smartAccount'
  allAccounts: { address: string; type: 'eoa' | 'smartAccount' }[]
  connectedWalletInfo?: { name: string; icon?: string; rdns?: string }
  connectorId?: string
  /** The provider an embedded wallet's session signed in with (an id of `LOGIN_PROVIDERS`); absent for email. */
  socialProvider?: string
  /** What that provider calls the person: their username, else their display name. */
  socialUserName?: string
  /** The person's picture at the provider they signed in with. */
  socialUserAvatar?: string
  /** The Farcaster id of a Sign in with Farcaster. */
  farcasterFid?: number
  /** While a Sign in with Farcaster waits: its link (the view shows it as a QR code and a deep link). */
  farcasterUrl?: string
}

export const disconnectedAccount: AccountState = {
  status: 'disconnected',
  isConnected: false,
  balanceLoading: false,
  allAccounts: [],
}

/** What an adapter reports when a wallet connects, reconnects or changes account. */
export type ReportedAccount = {
  address: string
  networkId: CaipNetworkId
  connectorId: string
  walletInfo?: { name: string; icon?: string; rdns?: string }
}

/** An embedded wallet's sign-in provider and the person there: name, picture, fid (see `EmbeddedWallet.getLogin`). */
export type AccountLogin = { provider: string; name?: string; avatarUrl?: string; fid?: number }

/**
 * The account state after an adapter's report: what was known of the same address is kept (its balance, its name),
 * another address starts afresh. The wallet's own name and icon, else the connector's.
 */
export function reportedAccountState(
  previous: AccountState,
  reported: ReportedAccount,
  connector: Connector | undefined,
  network: CaipNetwork | undefined,
  login?: AccountLogin,
): AccountState {
  return {
    ...(previous.address === reported.address ? previous : disconnectedAccount),
    status: 'connected',
    isConnected: true,
    address: reported.address,
    caipAddress: toCaipAddress(reported.networkId, reported.address),
    connectorId: reported.connectorId,
    connectedWalletInfo:
      reported.walletInfo ??
      (connector && { name: connector.name, icon: connector.imageUrl, rdns: connector.info?.rdns }),
    addressExplorerUrl: addressExplorerUrl(network, reported.address),
    allAccounts: [{ address: reported.address, type: 'eoa' }],
    preferredAccountType: 'eoa',
    socialProvider: login?.provider,
    socialUserName: login?.name,
    socialUserAvatar: login?.avatarUrl,
    farcasterFid: login?.fid,
  }
}

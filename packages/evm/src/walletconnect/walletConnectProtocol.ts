/** What the WalletConnect connector (in the page) and its lazily loaded session share. No dynamic imports here. */
import type { createConnector } from '@wagmi/core'

/** What the site configures for WalletConnect. */
export type WalletConnectParameters = {
  /** Sent to the relay. Foyer's own relay accepts any string; a hosted relay wants its own project id. */
  projectId: string
  /** The relay, e.g. `ws://127.0.0.1:8790` for the local stack. Default: the SDK's hosted relay. */
  relayUrl?: string
  /** The site as the wallet shows it. */
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /**
   * Origin attestation (WalletConnect's Verify API). `false` (the default) sends none: the SDK then never loads
   * the hosted verify page, which otherwise stalls pairing and every request for ~5 s when it cannot be reached.
   * A URL makes the SDK attest against that verify server instead.
   */
  verifyUrl?: string | false
  /** RPC URL per chain id for reads the wallet does not answer. Default: each wagmi chain's first http URL. */
  rpcMap?: Record<number, string>
  /**
   * Solana networks to ask for in the pairing (the `solana` namespace): a wallet that approves them is connected on
   * Solana too, through a Wallet Standard wallet the session registers. `evmAdapter` fills this from the site's
   * Solana networks when it is not given; none (the default for a bare connector) asks for EVM only.
   */
  solanaNetworks?: readonly WalletConnectSolanaNetwork[]
}

/** A Solana network the proposal asks for: its CAIP-2 id and the RPC for reads the wallet does not answer. */
export type WalletConnectSolanaNetwork = { id: `solana:${string}`; rpcUrl: string }

/** Set while a WalletConnect session exists, so a page load can tell without loading the SDK. */
export const SESSION_FLAG = 'foyer.walletConnect.connected'

/** How a `display_uri` message reaches the adapter: wagmi's connector `message` event. */
export type DisplayUriMessage = { type: 'display_uri'; data: string }

/** What the lazily loaded session calls back into: the connector's own event handlers. */
export type WalletConnectEvents = {
  onAccountsChanged(accounts: string[]): void
  onChainChanged(chainId: number | string): void
  onDisconnect(): Promise<void>
}

/** What wagmi hands a connector: its chains, event emitter and storage. */
export type ConnectorConfig = Parameters<Parameters<typeof createConnector>[0]>[0]

/** The part of wagmi's storage the connector uses (the session flag). */
export type SessionStorage =
  | {
      getItem(key: string): Promise<unknown>
      setItem(key: string, value: unknown): Promise<void>
      removeItem(key: string): Promise<void>
    }
  | null
  | undefined

/** A newer `connect` replaced this pairing (the URI was renewed before it expired). */
export class PairingSupersededError extends Error {
  override name = 'PairingSupersededError'
  constructor() {
    super('The WalletConnect pairing was replaced by a newer one.')
  }
}

/** The public types of `startStack` (stack.ts): its options, ports, URLs and the running stack. */
import type { DevnetAccount, DevnetInfo } from './devnet-file.ts'

export type DemoMode = 'dev' | 'preview'

export interface StackPorts {
  chain1: number
  chain2: number
  server: number
  demo: number
  /** The WalletConnect relay (FOYER_RELAY_PORT, default 8790). */
  relay: number
  /** The Farcaster Connect relay stand-in (FOYER_FARCASTER_RELAY_PORT, default 8796). */
  farcasterRelay: number
  /** The dev wallet app (FOYER_WALLET_PORT, default 5175). */
  wallet: number
  /** The sandbox on-ramp's checkout (FOYER_ONRAMP_SANDBOX_PORT, default 8795); runs with the server. */
  onrampSandbox: number
  /** The OpenID Connect stand-in for the social login providers (FOYER_OIDC_PORT, default 8797); runs with the server. */
  oidc: number
  /** The ERC-4337 bundler's proxy (FOYER_BUNDLER_PORT, default 8798); `/<chainId>` per chain. */
  bundler: number
  /** The Solana JSON-RPC stand-in (LiteSVM) (FOYER_SOLANA_RPC_PORT, default 8899). */
  solana: number
  /** The Solana stand-in's PubSub subscriptions over WebSocket (FOYER_SOLANA_WS_PORT, default 8900). */
  solanaWs: number
}

export interface StackOptions {
  /** Run the demo with vite's dev server, or build it and run `vite preview`, or not at all. Default 'dev'. */
  demo?: DemoMode | false
  /** Run the Foyer server. Default true. */
  server?: boolean
  /** Run the WalletConnect relay (in this process). Default true. */
  relay?: boolean
  /** Run the Farcaster Connect relay stand-in (in this process). Default true. */
  farcasterRelay?: boolean
  /**
   * Run the ERC-4337 bundler: one alto per chain behind FOYER_BUNDLER_PORT. Default false (`foyer dev` turns it
   * on): it takes seconds to start, and only what sends user operations needs it.
   */
  bundler?: boolean
  /**
   * Run the Solana JSON-RPC stand-in (LiteSVM, in this process). Default false (`foyer dev` turns it on); nothing
   * in the product reads it yet.
   */
  solana?: boolean
  /** Run the dev wallet app (apps/wallet) with vite. Default: when the demo runs. */
  wallet?: boolean
  /** Do not echo the children's output (it is still kept for error reports). Default false. */
  quiet?: boolean
  /** Defaults to FOYER_HOST or 127.0.0.1. */
  host?: string
  /** Defaults from FOYER_CHAIN1_PORT, FOYER_CHAIN2_PORT, FOYER_SERVER_PORT, FOYER_DEMO_PORT, else the stack's defaults (chains.ts, stack.ts). */
  ports?: Partial<StackPorts>
  /** Defaults to FOYER_DEVNET_FILE or .foyer/devnet.json at the repo root. */
  devnetFile?: string
  /** Extra environment for the server and demo children, on top of this process's own. */
  env?: Record<string, string>
  /** Called when the server or demo dies on its own after it was up. Default: a line on stderr. */
  onUnexpectedExit?: (name: string, description: string, lastLines: string[]) => void
}

export interface StackUrls {
  /** Present only when the demo runs. */
  demo?: string
  /** Present only when the server runs. */
  server?: string
  /** The operator console (`${server}/console/`), with the server. */
  console?: string
  /** Present only when the relay runs. */
  relay?: string
  /** The Farcaster Connect relay stand-in; present only when it runs. */
  farcasterRelay?: string
  /** Present only when the dev wallet app runs. */
  wallet?: string
  chains: { id: number; name: string; rpcUrl: string }[]
  /** Embedded wallet: the secure frame (when the demo runs), the mail sink and the faucet. */
  frame?: string
  smtp?: string
  mailInbox?: string
  faucet?: string
  /** The sandbox on-ramp provider (its checkout page is `${onrampSandbox}/checkout?purchase=<id>`), with the server. */
  onrampSandbox?: string
  /** The OpenID Connect stand-in: one issuer per social provider at `${oidc}/<provider>`, with the server. */
  oidc?: string
  /** The ERC-4337 bundler's origin; a chain's bundler URL is `${bundler}/<chainId>`. Present when it runs. */
  bundler?: string
  /** The Solana JSON-RPC stand-in (LiteSVM); present when it runs. */
  solana?: string
  /** The Solana stand-in's PubSub (WebSocket) URL; present when it runs. */
  solanaWs?: string
}

export interface Stack {
  urls: StackUrls
  accounts: DevnetAccount[]
  devnet: DevnetInfo
  devnetFile: string
  /** Parts that were asked for but whose code does not exist yet, with the reason. */
  skipped: { name: string; reason: string }[]
  /** Wall-clock time from call to ready, in ms. */
  startupMs: number
  /** Stops every child (process groups) and both chains; safe to call more than once. */
  stop(): Promise<void>
}

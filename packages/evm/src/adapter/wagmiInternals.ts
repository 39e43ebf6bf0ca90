import type { Config, CreateConnectorFn, Connector as WagmiConnector } from '@wagmi/core'

/**
 * The only module of Foyer that reads wagmi's `config._internal`. wagmi 3 has no public API for what these do, and
 * Foyer works on the config the site already made (it does not create its own, so the site's wagmi hooks see the
 * same connection). Each use, and why there is no public way:
 *
 * - `addConnector`: the WalletConnect and embedded-wallet connectors are added to the site's existing config
 *   (`createConfig` takes connectors only at creation). This is what wagmi itself does for EIP-6963 wallets it
 *   discovers (`_internal.connectors.setup` + `setState`).
 * - `isServerRenderedConfig`: with `ssr: true`, `WagmiProvider` reconnects after hydration itself; Foyer must not
 *   start a second reconnect. The flag is only on `_internal.ssr`.
 * - `storePersistence`: wagmi reads its persisted state asynchronously; Foyer waits for it before reconnecting, via
 *   zustand's persist API on `_internal.store`.
 * - `announcedProviders`: the EIP-6963 providers wagmi's discovery holds (`_internal.mipd`), to pair a connector
 *   with its wallet's announcement.
 *
 * A wagmi upgrade that changes any of these fails the adapter's tests (they run against real wagmi configs).
 */

/** Adds a connector to a config made without it; returns wagmi's set-up connector. */
export function addConnector(config: Config, create: CreateConnectorFn): WagmiConnector {
  const connector = config._internal.connectors.setup(create)
  config._internal.connectors.setState((connectors) => [...connectors, connector])
  return connector
}

/** Whether the config was made with `ssr: true` (then `WagmiProvider` reconnects after hydration). */
export function isServerRenderedConfig(config: Config): boolean {
  return config._internal.ssr
}

/** zustand's persist API on wagmi's store (present when the config has storage). */
export type StorePersistence = { hasHydrated(): boolean; onFinishHydration(listener: () => void): () => void }

export function storePersistence(config: Config): StorePersistence | undefined {
  return (config._internal.store as unknown as { persist?: StorePersistence }).persist
}

export type AnnouncedProvider = { info: { rdns: string }; provider: unknown }

/** EIP-6963 providers wagmi has discovered (none when the site turned `multiInjectedProviderDiscovery` off, or on a server). */
export function announcedProviders(config: Config): readonly AnnouncedProvider[] {
  return config._internal.mipd?.getProviders() ?? []
}

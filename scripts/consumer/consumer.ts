// Every published entry, imported as a site would. scripts/consumer/tsconfig.json checks it with skipLibCheck off.
export * as core from '@foyer/core'
// Not for sites, but published (the other packages' declarations import it): checked the same way.
export * as coreInternal from '@foyer/core/internal'
export * as coreProtocol from '@foyer/core/protocol'
export * as embedded from '@foyer/embedded'
export * as embeddedHost from '@foyer/embedded/host'
export * as evm from '@foyer/evm'
export * as react from '@foyer/react'
export * as solana from '@foyer/solana'
export * as testing from '@foyer/testing'
export * as testingAccounts from '@foyer/testing/accounts'
export * as testingSolana from '@foyer/testing/solana'
export * as testingWalletCore from '@foyer/testing/wallet-core'

// Every published entry, imported as a site would. scripts/consumer/tsconfig.json checks it with skipLibCheck off.
export * as core from '@foyer/core'
export * as embedded from '@foyer/embedded'
export * as embeddedHost from '@foyer/embedded/host'
export * as evm from '@foyer/evm'
export * as react from '@foyer/react'
export * as testing from '@foyer/testing'
export * as testingAccounts from '@foyer/testing/accounts'
export * as testingWalletCore from '@foyer/testing/wallet-core'

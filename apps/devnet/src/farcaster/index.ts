/** The devnet's Farcaster stand-ins: the Connect relay, the registries on chain 31337, the test users. */
export * from './devWallet.ts'
export * from './registry.ts'
export * from './relay.ts'
export * from './users.ts'

/** The browser-safe part of the devnet's Farcaster stand-ins, for the dev wallet app: test users and the wallet side. */

export { DEV_MNEMONIC } from '../mnemonic.ts'
export * from './devWallet.ts'
export * from './users.ts'

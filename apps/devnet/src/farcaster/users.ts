/**
 * The devnet's Farcaster test users: fids 1001–1005, whose custody addresses are the dev mnemonic's accounts 11–15
 * (m/44'/60'/0'/0/11…15: not among the funded dev accounts 0–9, so no wallet test's balance or history moves).
 * The id registry stand-in holds the fid ↔ custody pairs on chain 31337; the profile data below (what Farcaster's
 * own services would know: username, display name, bio) is what the dev wallet app sends to the relay stand-in.
 * Browser-safe: no node imports, so the dev wallet app uses this table too.
 */

/** Farcaster's IdRegistry on Optimism; the devnet puts its stand-in at the same address on chain 31337. */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** Farcaster's KeyRegistry on Optimism (auth addresses); the devnet puts an empty stand-in there. */
export const KEY_REGISTRY_ADDRESS = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e'
/** The devnet chain that holds the registries (the local chain on 8545). */
export const FARCASTER_CHAIN_ID = 31337

/**
 * The relay's key for wallet apps (`X-Farcaster-Auth-Relay-Key`): `super_dev_key`, the key Farcaster's own relay
 * uses in development (its `.env.development`). The stand-in accepts it from loopback only.
 */
export const FARCASTER_DEV_AUTH_KEY = 'super_dev_key'

export interface FarcasterTestUser {
  fid: number
  /** The dev mnemonic's account index that is this fid's custody address. */
  accountIndex: number
  username: string
  displayName: string
  bio: string
}

export const FARCASTER_TEST_USERS: readonly FarcasterTestUser[] = [1001, 1002, 1003, 1004, 1005].map((fid, i) => ({
  fid,
  accountIndex: 11 + i,
  username: `dev${fid}`,
  displayName: `Dev ${fid}`,
  bio: `Test user ${fid} of the Foyer devnet (a local stand-in, not a Farcaster account).`,
}))

export const farcasterTestUser = (fid: number): FarcasterTestUser | undefined =>
  FARCASTER_TEST_USERS.find((u) => u.fid === fid)

/** The avatar the relay stand-in serves for a test fid (what the wallet sends as `pfpUrl`). */
export const farcasterAvatarUrl = (relayUrl: string, fid: number) => `${relayUrl.replace(/\/$/, '')}/pfp/${fid}.svg`

export interface SiweConfig {
  /**
   * FOYER_SIWE_KEY_ROTATION_DAYS (default 30): a new signing key once the newest is older than this. 0 makes a new
   * key at every sign-in (for tests of rotation, not for a server people use).
   */
  keyRotationMs: number
  /**
   * FOYER_SIWE_KEY_SECRET: when set, the signing keys' private halves are stored encrypted with a key derived from
   * it (AES-256-GCM). Secret: never logged. Unset: stored as plain JWK (the database is then the secret).
   */
  keySecret?: string
}

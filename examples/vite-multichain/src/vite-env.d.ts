interface ImportMetaEnv {
  readonly VITE_FOYER_API_URL?: string
  readonly VITE_FOYER_FRAME_URL?: string
  readonly VITE_FOYER_RELAY_URL?: string
  readonly VITE_FOYER_PROJECT_ID?: string
  readonly VITE_FOYER_SOLANA_RPC_URL?: string
  readonly VITE_FOYER_SOLANA_GENESIS_HASH?: string
}

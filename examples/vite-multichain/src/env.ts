/**
 * Where the site finds its chains and Foyer's services. The defaults are the local stack that `npm start` runs in
 * the Foyer repository; a real site puts its own values in `.env` (VITE_FOYER_API_URL and the others).
 */
export const env = {
  apiUrl: import.meta.env.VITE_FOYER_API_URL ?? 'http://127.0.0.1:8787',
  frameUrl: import.meta.env.VITE_FOYER_FRAME_URL ?? 'http://127.0.0.1:5174/',
  relayUrl: import.meta.env.VITE_FOYER_RELAY_URL ?? 'ws://127.0.0.1:8790',
  projectId: import.meta.env.VITE_FOYER_PROJECT_ID ?? 'foyer-examples',
  solanaRpcUrl: import.meta.env.VITE_FOYER_SOLANA_RPC_URL ?? 'http://127.0.0.1:8899',
  // The local Solana chain's genesis hash (what its `getGenesisHash` answers): Foyer's devnet stand-in has this one.
  solanaGenesisHash: import.meta.env.VITE_FOYER_SOLANA_GENESIS_HASH ?? 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8sREquhEMvdexS',
}

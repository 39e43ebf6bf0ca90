/** No imports: site builds (Vite configs) read it without loading the stand-in. */
/**
 * The stand-in's genesis hash: fixed, as it has no genesis block of its own. It is the base58 SHA-256 of
 * `Foyer Solana JSON-RPC stand-in (LiteSVM)`, so it is no real cluster's; its first 32 characters are the local
 * chain's CAIP-2 reference (`solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s`).
 */
export const SOLANA_STAND_IN_GENESIS_HASH = 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8sREquhEMvdexS'

import { solanaAdapter, solanaLocalnet } from '@foyer/solana'

/** The local Solana chain (the devnet's LiteSVM stand-in) and Solana wallets, loaded only with `?solana=1`. */
export const solanaNetwork = solanaLocalnet(__FOYER_LOCAL_SOLANA__)
export const adapter = solanaAdapter()

import { solanaLocalnet } from '@foyer/solana'
import { env } from './env.ts'

// The site's Solana cluster. This is the local one of the Foyer repository; a site on a public cluster uses
// `solanaMainnet` or `solanaDevnet` from `@foyer/solana` instead.
export const solanaLocal = solanaLocalnet({ rpcUrl: env.solanaRpcUrl, genesisHash: env.solanaGenesisHash })

declare const __FOYER_LOCAL_CHAINS__: { id: number; name: string; rpcUrl: string }[]
declare const __FOYER_LOCAL_SOLANA__: { name: string; rpcUrl: string; genesisHash: string }
declare const __FOYER_API_URL__: string
declare const __FOYER_FRAME_URL__: string
declare const __FOYER_WC_RELAY_URL__: string
declare module '*.css'

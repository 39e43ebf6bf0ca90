declare const __FOYER_LOCAL_CHAINS__: { id: number; name: string; rpcUrl: string }[]
declare const __FOYER_WC_RELAY_URL__: string
declare const __FOYER_FARCASTER_RELAY_URL__: string
declare module '*.css'

declare const __FOYER_API_URL__: string

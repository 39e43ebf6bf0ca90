import { defineConfig } from 'vite'

/**
 * The secure frame is built with the Foyer server's URL baked in (FOYER_API_URL, default the devnet's): the frame
 * trusts its own server, never a URL a site passes.
 */
export default defineConfig({
  define: { __FOYER_API_URL__: JSON.stringify((process.env.FOYER_API_URL ?? 'http://127.0.0.1:8787').replace(/\/$/, '')) },
  build: { target: 'es2022', sourcemap: false },
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
  preview: { host: '127.0.0.1', port: 5174, strictPort: true },
})

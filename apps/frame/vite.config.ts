import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The secure frame is built with the Foyer server's URL baked in (FOYER_API_URL, default the devnet's): the frame
 * trusts its own server, never a URL a site passes. Its headers (CSP with frame-ancestors per project) come from
 * the frame host in apps/server/src/frame, which serves this build; `vite` / `vite preview` send none.
 */
export default defineConfig({
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] }, // Foyer's packages from source
  define: {
    __FOYER_API_URL__: JSON.stringify((process.env.FOYER_API_URL ?? 'http://127.0.0.1:8787').replace(/\/$/, '')),
  },
  // No modulepreload polyfill: it fetch()es scripts, and the frame's connect-src names only the server and RPCs.
  build: { target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
  server: { host: '127.0.0.1', port: 5174, strictPort: true },
  preview: { host: '127.0.0.1', port: 5174, strictPort: true },
})

import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The console is served by foyer-server under /console (apps/server/src/console/consoleHost.ts), same origin as the
 * API it calls (/console/api), so the build needs no server URL. `vite` (dev) forwards /console/api to a server on
 * FOYER_API_URL (default the devnet's).
 */
const apiUrl = process.env.FOYER_API_URL ?? 'http://127.0.0.1:8787'

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] }, // Foyer's packages from source
  // No modulepreload polyfill: it fetch()es scripts; the console's CSP allows scripts from 'self' only.
  build: { target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
  server: {
    host: '127.0.0.1',
    port: 5176,
    strictPort: true,
    // The API takes a change only from its own origin (CSRF): the dev proxy presents the server's.
    proxy: {
      '/console/api': {
        target: apiUrl,
        changeOrigin: true,
        configure: (proxy) => proxy.on('proxyReq', (request) => request.setHeader('origin', new URL(apiUrl).origin)),
      },
    },
  },
})

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// `vite build` builds the site with Foyer (index.html) into dist/. `vite build --mode floor` builds the same site
// without Foyer (floor.html: wagmi, React, TanStack Query and a plain connect button) into dist-floor/, the page
// `npm run bench` compares it with.
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  build:
    mode === 'floor'
      ? { outDir: 'dist-floor', rollupOptions: { input: 'floor.html' } }
      : { outDir: 'dist', rollupOptions: { input: 'index.html' } },
  server: { host: '127.0.0.1', port: 5180, strictPort: true },
  preview: { host: '127.0.0.1', port: 5180, strictPort: true },
}))

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * Three pages, each built on its own so that none shares a chunk with another:
 * - `vite build`: the site with both families (index.html: wagmi, `@foyer/evm`, `@foyer/solana`) into dist/, on 5182;
 * - `vite build --mode solana`: the same site with Solana only (solana.html: no wagmi, no viem) into dist-solana/, on 5183;
 * - `vite build --mode solana-floor`: that Solana-only site without Foyer (solana-floor.html: the Wallet Standard's
 *   wallet list on a button) into dist-solana-floor/, on 5184; `npm run bench` compares the Solana-only page with it.
 * `vite preview --mode <mode>` serves the page of that mode.
 */
const pages: Record<string, { input: string; outDir: string; port: number }> = {
  production: { input: 'index.html', outDir: 'dist', port: 5182 },
  solana: { input: 'solana.html', outDir: 'dist-solana', port: 5183 },
  'solana-floor': { input: 'solana-floor.html', outDir: 'dist-solana-floor', port: 5184 },
}

export default defineConfig(({ mode }) => {
  const page = pages[mode] ?? pages.production!
  return {
    plugins: [react()],
    build: { outDir: page.outDir, rollupOptions: { input: page.input } },
    server: { host: '127.0.0.1', port: page.port, strictPort: true },
    preview: { host: '127.0.0.1', port: page.port, strictPort: true },
  }
})

import { defineConfig } from 'tsdown'

// The installable server: `foyer-server` (dist/main.js) and the embedding API (dist/index.js), for Node only.
// Foyer's own workspace code (@foyer/core) is bundled in from source, so the package depends only on registry
// packages; those stay external (PGlite's wasm, pg, ioredis, … are installed next to it). The shipped wallet
// catalogue is copied beside the bundle, where walletCatalogue.ts looks for it.
export default defineConfig({
  entry: { index: 'src/index.ts', main: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  dts: { sourcemap: false },
  clean: true,
  outDir: 'dist',
  fixedExtension: false,
  logLevel: 'warn',
  tsconfig: '../../tsconfig.build.json',
  deps: { alwaysBundle: [/^@foyer\//] },
  inputOptions: { resolve: { conditionNames: ['@foyer/source', 'node', 'import', 'default'] } },
  copy: [{ from: 'src/catalogue/wallets.json', to: 'dist' }],
})

import { defineConfig } from 'vite'
import { sharedConfig } from './vite.shared.ts'

/** The benchmark's floor: the same wagmi + React page without Foyer, built the same way. */
export default defineConfig({
  ...sharedConfig(),
  root: 'floor',
  build: { ...sharedConfig().build, outDir: '../dist-floor', emptyOutDir: true },
})

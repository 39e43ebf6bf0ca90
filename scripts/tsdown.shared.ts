/**
 * The build every published @foyer package shares (tsdown): ES modules for browsers and Node, one output file per
 * source file (`unbundle`), so a site's bundler sees the same modules, lazy `import()` boundaries and
 * `sideEffects` as the repository does, with `.d.ts` and source maps next to them. Tests stay out of dist.
 */
import type { UserConfig } from 'tsdown'

export function foyerLibrary(entry: Record<string, string>, overrides: UserConfig = {}): UserConfig {
  return {
    entry,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    unbundle: true,
    dts: { sourcemap: true },
    sourcemap: true,
    clean: true,
    outDir: 'dist',
    fixedExtension: false,
    logLevel: 'warn',
    tsconfig: '../../tsconfig.build.json',
    ...overrides,
  }
}

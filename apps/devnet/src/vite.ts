import { createRequire } from 'node:module'
import path from 'node:path'
import { repoPath } from './paths.ts'

/**
 * How to run the demo's vite: its bin script under this node, resolved from apps/demo like `npx vite` would.
 * Skipping npx saves ~0.5 s per start and keeps npm's own warnings out of the output.
 */
export function viteCommand(): { command: string; prefix: string[] } {
  try {
    const requireFromDemo = createRequire(repoPath('apps/demo', 'package.json'))
    const manifest = requireFromDemo.resolve('vite/package.json')
    const bin = (requireFromDemo(manifest) as { bin: string | Record<string, string> }).bin
    const script = typeof bin === 'string' ? bin : bin.vite
    return { command: process.execPath, prefix: [path.join(path.dirname(manifest), script)] }
  } catch {
    return { command: 'npx', prefix: ['vite'] }
  }
}

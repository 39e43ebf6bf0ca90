/**
 * docs/getting-started.md stays true: every code block whose info string names a file of the repository
 * (```tsx examples/nextjs/app/providers.tsx) is that file, word for word. The examples themselves are built and
 * driven in the browser by e2e/example-*.spec.ts.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')
const doc = readFileSync(join(root, 'docs', 'getting-started.md'), 'utf8')
const blocks = [...doc.matchAll(/^```[a-z]+ (examples\/\S+)\n([\s\S]*?)^```$/gm)].map(([, path, code]) => ({
  path: path!,
  code: code!,
}))

describe('docs/getting-started.md', () => {
  it('shows the example sites (both of them)', () => {
    expect(blocks.some((b) => b.path.startsWith('examples/vite-react18/'))).toBe(true)
    expect(blocks.some((b) => b.path.startsWith('examples/nextjs/'))).toBe(true)
  })
  it.each(blocks.map((b) => [b.path, b.code] as const))('%s is the file as it is', (path, code) => {
    expect(code).toBe(readFileSync(join(root, path), 'utf8'))
  })
})

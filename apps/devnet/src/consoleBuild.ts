/**
 * The operator's console for the dev stack: the Foyer server serves a build of apps/console at /console (as the
 * packed server serves the one it ships), so `npm start` builds it once, and again only when a source is newer
 * than the build. Offline, no dev server: the page and its headers are the production ones.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { runChild } from './children.ts'
import { repoPath } from './paths.ts'

const CONSOLE_DIR = 'apps/console'
export const CONSOLE_BUILD_DIR = repoPath(CONSOLE_DIR, 'dist')
const CONSOLE_BUILD_MS = 300_000
/** What the build reads besides apps/console/src: its page, its config, and the API contract it imports. */
const INPUTS = [
  'apps/console/index.html',
  'apps/console/vite.config.ts',
  'apps/console/package.json',
  'apps/server/src/console/contract.ts',
]

function newestModification(target: string): number {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestModification(path.join(target, entry)))
  return newest
}

/** Whether apps/console/dist is missing or older than any of the console's sources. */
export function consoleBuildIsStale(): boolean {
  const built = repoPath(CONSOLE_DIR, 'dist', 'index.html')
  if (!existsSync(built)) return true
  const sources = Math.max(
    newestModification(repoPath(CONSOLE_DIR, 'src')),
    ...INPUTS.map((f) => newestModification(repoPath(f))),
  )
  return sources > statSync(built).mtimeMs
}

export async function buildConsoleIfStale(options: {
  vite: { command: string; prefix: string[] }
  env: NodeJS.ProcessEnv
  echo: boolean
}): Promise<void> {
  if (!consoleBuildIsStale()) return
  await runChild({
    name: 'console build',
    command: options.vite.command,
    args: [...options.vite.prefix, 'build', '--outDir', CONSOLE_BUILD_DIR, '--emptyOutDir', '--logLevel', 'warn'],
    cwd: repoPath(CONSOLE_DIR),
    env: options.env,
    echo: options.echo,
    timeoutMs: CONSOLE_BUILD_MS,
  })
}

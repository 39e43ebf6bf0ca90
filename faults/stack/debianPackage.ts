/**
 * The fault stack's system programs (HAProxy, Postgres, Redis) come from Debian's packages: found where the package
 * puts them, or installed with apt-get when running as root (as `npm test` installs Chromium); otherwise one line
 * says what to run.
 */
import { execFileSync } from 'node:child_process'

/** Runs `found()`; when it is false, installs `pkg` with apt-get (root only) and asks again; throws one line if still missing. */
export function ensureDebianPackage(pkg: string, found: () => boolean): void {
  if (found()) return
  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    for (const args of [
      ['-qq', 'update'],
      ['-qq', 'install', '-y', pkg],
    ])
      try {
        execFileSync('apt-get', args, { stdio: 'pipe', timeout: 300_000, env })
      } catch {
        break // reported below
      }
  }
  if (!found()) throw new Error(`the fault suite needs Debian's ${pkg}: run \`apt-get install -y ${pkg}\` as root`)
}

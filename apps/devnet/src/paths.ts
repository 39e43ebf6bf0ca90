import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The checkout's root folder (apps/devnet/src → ../../..). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Generated, git-ignored state of the local stack lives here. */
export const FOYER_STATE_DIR = path.join(REPO_ROOT, '.foyer')

export const repoPath = (...parts: string[]) => path.join(REPO_ROOT, ...parts)

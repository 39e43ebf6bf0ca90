import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

const heldHere = new Set<string>()

/**
 * An exclusive lock on a PGlite data directory: two processes (or two instances in one process) on the
 * same files would corrupt them. A lock left by a dead process is taken over.
 */
export function acquireDirLock(lockFile: string): () => void {
  mkdirSync(dirname(lockFile), { recursive: true })
  if (heldHere.has(lockFile)) {
    throw new Error(`The data directory is already open in this process (${dirname(lockFile)})`)
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      heldHere.add(lockFile)
      let released = false
      return () => {
        if (released) return
        released = true
        heldHere.delete(lockFile)
        try {
          if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile, { force: true })
        } catch {
          /* already gone */
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      let pid = NaN
      try {
        pid = Number(readFileSync(lockFile, 'utf8').trim())
      } catch {
        continue // removed meanwhile: retry
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The data directory ${dirname(lockFile)} is in use by process ${pid}. Stop it, or set FOYER_DATA_DIR to another folder (or DATABASE_URL to use Postgres).`,
        )
      }
      rmSync(lockFile, { force: true }) // stale (dead process, or ours from an earlier unclean close)
    }
  }
  throw new Error(`Could not lock ${lockFile}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

import { emailLoginLockSeconds } from '@foyer/core/internal'
import { useEffect, useState } from 'react'

/** Seconds left in the 30 s email lock, ticking down once a second. */
export function useLockCountdown(): [number, () => void] {
  const [seconds, setSeconds] = useState(() => emailLoginLockSeconds())
  useEffect(() => {
    if (seconds <= 0) return
    const id = setTimeout(() => setSeconds(emailLoginLockSeconds()), 1000)
    return () => clearTimeout(id)
  }, [seconds])
  return [seconds, () => setSeconds(emailLoginLockSeconds())]
}

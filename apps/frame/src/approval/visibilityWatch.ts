/**
 * Is the approval really in front of the person? The site that hosts this frame controls the iframe element: it
 * can hide it, shrink it, make it transparent, transform it or lay something over it. From inside, the frame checks
 * its own viewport size and the page's visibility everywhere, and where the browser has IntersectionObserver v2
 * (Chromium) it asks for `isVisible`, which is false when the frame is covered, transformed, filtered or not fully
 * opaque anywhere up the page. Any change (including a resize that still passes) is reported, so arming restarts.
 */
import type { DisarmReason } from './arming.ts'

/** Below this the request cannot be shown whole (the frame's own viewport, CSS pixels). */
export const MIN_FRAME_WIDTH = 300
export const MIN_FRAME_HEIGHT = 260
/** IntersectionObserver v2 needs at least 100 ms between visibility reports. */
const VISIBILITY_DELAY_MS = 100

type Blocked = Exclude<DisarmReason, 'arming'> | undefined

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

/** Chromium's IntersectionObserver v2: entries carry `isVisible`. */
export function hasVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserver === 'function' &&
    typeof IntersectionObserverEntry === 'function' &&
    'isVisible' in IntersectionObserverEntry.prototype
  )
}

/**
 * Watches `target` until the returned stop() runs. `onBlocked` gets the current reason (or undefined when visible
 * enough) after every check; `onChanged` is called for a change that keeps the state (a resize) so arming recounts.
 */
export function watchVisibility(
  target: Element,
  onBlocked: (reason: Blocked) => void,
  onChanged: () => void,
): () => void {
  const tracking = hasVisibilityTracking()
  // Until the first report arrives, an observer-capable browser counts as not visible (fail closed).
  let observedVisible = !tracking
  const check = () => {
    if (document.visibilityState !== 'visible') return onBlocked('hidden')
    if (window.innerWidth < MIN_FRAME_WIDTH || window.innerHeight < MIN_FRAME_HEIGHT) return onBlocked('too-small')
    if (!observedVisible) return onBlocked('covered')
    onBlocked(undefined)
  }
  const onResize = () => {
    onChanged()
    check()
  }
  window.addEventListener('resize', onResize)
  document.addEventListener('visibilitychange', check)
  let observer: IntersectionObserver | undefined
  if (tracking) {
    const options = {
      threshold: [0, 0.99, 1],
      trackVisibility: true,
      delay: VISIBILITY_DELAY_MS,
    } as IntersectionObserverInit
    observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1] as VisibilityEntry
      observedVisible = Boolean(entry.isVisible) && entry.isIntersecting && entry.intersectionRatio >= 0.99
      check()
    }, options)
    observer.observe(target)
  }
  check()
  return () => {
    window.removeEventListener('resize', onResize)
    document.removeEventListener('visibilitychange', check)
    observer?.disconnect()
  }
}

/**
 * The page's side of analytics before the sender is needed: a subscriber that keeps the first events and loads the
 * sender (analyticsSender.ts, its own chunk) once the page is idle after the first one fires — usually the modal's
 * first open, whose own chunks go first. Nothing else
 * of analytics is in the page's entry. Without `apiUrl` and `projectId`, or with `features.analytics: false`, it
 * subscribes to nothing and nothing loads.
 */
import type { FoyerEvent } from '../events/events.ts'
import type { ResolvedOptions } from '../options/options.ts'
import type { AnalyticsSender, AnalyticsSenderParameters } from './analyticsSender.ts'

/** How long the sender's load may wait for the page to be idle (the modal's first open goes first). */
const LOAD_WHEN_IDLE_MS = 2_000

/** Runs `task` once the page is idle (or after `LOAD_WHEN_IDLE_MS`): never in the way of the modal's own chunks. */
function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: LOAD_WHEN_IDLE_MS })
  else setTimeout(task, 0)
}

/** Events kept while the sender loads; beyond this the oldest go (a page that cannot load a chunk sends nothing). */
const MAX_EARLY_EVENTS = 100

export function connectAnalytics(
  options: Pick<ResolvedOptions, 'apiUrl' | 'projectId' | 'features' | 'analyticsIncludeAddress'>,
  subscribe: (listener: (event: FoyerEvent) => void) => () => void,
  overrides: Partial<AnalyticsSenderParameters> = {},
): () => void {
  const { apiUrl, projectId } = options
  if (!apiUrl || !projectId || !options.features.analytics) return () => {}
  const target = { apiUrl, projectId }
  let sender: AnalyticsSender | undefined
  let loading = false
  let stopped = false
  const early: FoyerEvent[] = []
  const unsubscribe = subscribe((event) => {
    if (sender) return sender.add(event)
    if (early.push(event) > MAX_EARLY_EVENTS) early.shift()
    if (loading) return
    loading = true
    whenIdle(load)
  })
  function load() {
    if (stopped) return
    import('./analyticsSender.ts').then(
      ({ createAnalyticsSender }) => {
        if (stopped) return
        try {
          sender = createAnalyticsSender({
            ...target,
            includeAddress: options.analyticsIncludeAddress === true,
            ...overrides,
          })
        } catch {
          // The sender could not start (no page left to send from): analytics stay off, never an error for the page.
          early.length = 0
          unsubscribe()
          return
        }
        for (const e of early.splice(0)) sender.add(e)
      },
      () => {
        early.length = 0 // the chunk did not load: analytics stay off for this page
        unsubscribe()
      },
    )
  }
  return () => {
    stopped = true
    unsubscribe()
    sender?.dispose()
  }
}

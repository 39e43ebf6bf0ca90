/**
 * Not-safe requests wait in line. The one on screen stays there until the person decides (or the site's modal
 * aborts everything); a later request never replaces it, it is shown after, in arrival order. The line is short:
 * a site that floods the wallet with requests gets refusals, not a wall of prompts.
 */

/** Requests that may wait at once, the one on screen included. */
export const MAX_PENDING_APPROVALS = 5

export class ApprovalQueueFullError extends Error {
  override name = 'ApprovalQueueFullError'
}
export class ApprovalAbortedError extends Error {
  override name = 'ApprovalAbortedError'
}

/** Shows one request; calls `decide` once with the person's answer; the returned function removes it from screen. */
export type Present<details> = (details: details, decide: (approved: boolean) => void) => () => void

type Entry<details> = { details: details; resolve: (approved: boolean) => void; reject: (error: Error) => void }

export function createApprovalQueue<details>(options: {
  present: Present<details>
  /** Called with true when the first request arrives and false when the line is empty again. */
  onBusyChange?: (busy: boolean) => void
  limit?: number
}) {
  const limit = options.limit ?? MAX_PENDING_APPROVALS
  const entries: Entry<details>[] = []
  let dismiss: (() => void) | undefined

  function showHead() {
    const head = entries[0]
    if (!head) {
      options.onBusyChange?.(false)
      return
    }
    let decided = false
    try {
      dismiss = options.present(head.details, (approved) => {
        if (decided || entries[0] !== head) return
        decided = true
        settleHead()
        head.resolve(approved)
      })
    } catch (error) {
      // It could not be shown: it fails alone, and the line moves on rather than staying stuck.
      dismiss = undefined
      entries.shift()
      head.reject(error as Error)
      showHead()
    }
  }

  function settleHead() {
    dismiss?.()
    dismiss = undefined
    entries.shift()
    showHead()
  }

  return {
    /** Resolves with the person's answer; rejects when the line is full or everything is aborted. */
    request(details: details): Promise<boolean> {
      if (entries.length >= limit) return Promise.reject(new ApprovalQueueFullError('Too many pending requests'))
      return new Promise<boolean>((resolve, reject) => {
        entries.push({ details, resolve, reject })
        if (entries.length === 1) {
          options.onBusyChange?.(true)
          showHead()
        }
      })
    },
    /** Rejects every request, the one on screen included (the modal closed). */
    abortAll() {
      if (!entries.length) return
      const all = entries.splice(0)
      dismiss?.()
      dismiss = undefined
      for (const entry of all) entry.reject(new ApprovalAbortedError('Request was aborted'))
      options.onBusyChange?.(false)
    },
    /** An approval is on screen or waiting. */
    get busy() {
      return entries.length > 0
    },
    get size() {
      return entries.length
    },
  }
}

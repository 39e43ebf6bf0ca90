/**
 * The site's side of the message bus to the secure frame: one hidden iframe on the frame's own origin, requests
 * with ids and timeouts, events. Only messages whose origin is the frame's and whose source is this iframe's
 * window are looked at, and each one must match the schemas; everything else is ignored (and counted).
 */
import { EmbeddedFrameLoadError, EmbeddedWalletError, type FoyerError, RequestAbortedError } from '@foyer/core'
import { toFoyerFrameError } from '../errors/frameErrors.ts'
import {
  type EventMessage,
  type EventType,
  parseFrameMessage,
  type RequestPayload,
  type RequestResult,
  type RequestType,
  requestMessage,
} from '../messages/messages.ts'

export type FrameBusOptions = {
  /** The frame app's URL, e.g. `http://127.0.0.1:5174/`. Its origin is pinned for every message. */
  frameUrl: string
  projectId: string
  /** How long the frame may take to load and accept this site. Default 20 s. */
  loadTimeoutMs?: number
  /** Default time a request may take. Default 30 s. */
  requestTimeoutMs?: number
  /** Accessible name of the iframe. */
  title?: string
  onEvent?: (event: EventMessage) => void
}

export type FrameRequestOptions = { signal?: AbortSignal; timeoutMs?: number; method?: string }

type Pending = {
  resolve: (value: unknown) => void
  reject: (error: FoyerError) => void
  cleanup: () => void
  method?: string
}

/** Marks the frame's host element so the modal leaves it usable (not inert) while it is shown. */
export const FRAME_CONTAINER_ATTRIBUTE = 'data-foyer-frame'

export type FrameBus = ReturnType<typeof createFrameBus>

export function createFrameBus(options: FrameBusOptions) {
  const { frameUrl, projectId, loadTimeoutMs = 20_000, requestTimeoutMs = 30_000 } = options
  const frameOrigin = new URL(frameUrl).origin
  const pending = new Map<string, Pending>()
  let ignoredMessages = 0
  let destroyed = false

  const container = document.createElement('div')
  container.setAttribute(FRAME_CONTAINER_ATTRIBUTE, '')
  hide()
  const iframe = document.createElement('iframe')
  const src = new URL(frameUrl)
  src.searchParams.set('projectId', projectId)
  src.searchParams.set('parentOrigin', window.location.origin)
  iframe.src = src.toString()
  iframe.title = options.title ?? 'Secure wallet'
  iframe.referrerPolicy = 'origin'
  iframe.style.cssText = 'border:0;width:100%;height:100%;display:block;background:transparent;color-scheme:normal'
  container.appendChild(iframe)

  let readyResolve!: () => void
  let readyReject!: (error: FoyerError) => void
  const ready = new Promise<void>((resolve, reject) => {
    readyResolve = resolve
    readyReject = reject
  })
  ready.catch(() => {}) // observed by requests; never an unhandled rejection
  const loadTimer = setTimeout(
    () =>
      readyReject(
        new EmbeddedFrameLoadError({
          details: `The frame at ${frameOrigin} did not answer within ${loadTimeoutMs} ms`,
        }),
      ),
    loadTimeoutMs,
  )

  function onMessage(event: MessageEvent) {
    // Pin the frame's origin and this iframe's window: any other page posting "frame" messages is ignored.
    if (event.origin !== frameOrigin || event.source !== iframe.contentWindow) {
      ignoredMessages++
      return
    }
    let message: ReturnType<typeof parseFrameMessage>
    try {
      message = parseFrameMessage(event.data)
    } catch {
      ignoredMessages++
      return
    }
    if (message.kind === 'event') {
      if (message.type === 'FRAME_READY') {
        clearTimeout(loadTimer)
        readyResolve()
      }
      options.onEvent?.(message)
      return
    }
    const entry = pending.get(message.id)
    if (!entry) return
    pending.delete(message.id)
    entry.cleanup()
    if (message.ok) entry.resolve(message.result)
    else entry.reject(toFoyerFrameError(message.error, entry.method))
  }
  window.addEventListener('message', onMessage)
  document.body.appendChild(container)

  async function request<type extends RequestType>(
    type: type,
    payload: RequestPayload<type>,
    requestOptions: FrameRequestOptions = {},
  ): Promise<RequestResult<type>> {
    if (destroyed) throw new RequestAbortedError({ details: 'The embedded wallet was closed' })
    const { signal, timeoutMs = requestTimeoutMs, method } = requestOptions
    if (signal?.aborted) throw new RequestAbortedError()
    await waitOrAbort(ready, signal)
    const id = randomId()
    const message = requestMessage(type, id, payload)
    return new Promise<RequestResult<type>>((resolve, reject) => {
      const timer = setTimeout(
        () => settle(new EmbeddedWalletError({ code: 'failed', details: `${type} timed out after ${timeoutMs} ms` })),
        timeoutMs,
      )
      const onAbort = () => {
        settle(new RequestAbortedError())
        post('ABORT_PENDING', {})
      }
      const settle = (error: FoyerError) => {
        if (!pending.delete(id)) return
        cleanup()
        reject(error)
      }
      const cleanup = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, cleanup, method })
      iframe.contentWindow?.postMessage(message, frameOrigin)
    })
  }

  /** Fire and forget (no answer awaited). */
  function post<type extends RequestType>(type: type, payload: RequestPayload<type>) {
    ready.then(
      () => iframe.contentWindow?.postMessage(requestMessage(type, randomId(), payload), frameOrigin),
      () => {},
    )
  }

  /** Rejects every pending request with "Request was aborted" and tells the frame to drop what it shows. */
  function abortAll() {
    if (!pending.size) return
    for (const [id, entry] of [...pending]) {
      pending.delete(id)
      entry.cleanup()
      entry.reject(new RequestAbortedError())
    }
    post('ABORT_PENDING', {})
  }

  function show(rect: { left: number; top: number; width: number; height: number }) {
    container.removeAttribute('inert')
    container.removeAttribute('aria-hidden')
    container.style.cssText = `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;z-index:2147483647;border-radius:12px;overflow:hidden`
  }

  function hide() {
    container.setAttribute('aria-hidden', 'true')
    container.style.cssText =
      'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none;overflow:hidden'
  }

  return {
    frameOrigin,
    ready,
    request,
    post,
    abortAll,
    show,
    hide,
    iframe,
    container,
    /** How many messages were dropped for a wrong origin, source or shape (diagnostics and tests). */
    get ignoredMessages() {
      return ignoredMessages
    },
    destroy() {
      destroyed = true
      clearTimeout(loadTimer)
      readyReject(new RequestAbortedError())
      window.removeEventListener('message', onMessage)
      for (const [id, entry] of [...pending]) {
        pending.delete(id)
        entry.cleanup()
        entry.reject(new RequestAbortedError())
      }
      container.remove()
    },
  }
}

function waitOrAbort(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new RequestAbortedError())
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function randomId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

export type { EventType }

/**
 * The frame's side of the bus (used by apps/frame): accepts requests only from the pinned parent origin and the
 * parent window, validates each one, runs its handler and answers; sends events to the parent only.
 */
import {
  type EventPayload,
  type EventType,
  eventMessage,
  type FrameError,
  type FrameErrorCode,
  parseRequestMessage,
  type RequestPayload,
  type RequestResult,
  type RequestType,
  responseMessage,
} from '../messages/messages.ts'

/** Throw from a handler to answer with this error code. */
export class FrameHostError extends Error {
  override name = 'FrameHostError'
  readonly code: FrameErrorCode
  readonly retryAfterSeconds?: number
  readonly rpcCode?: number
  constructor(code: FrameErrorCode, message: string, extra: { retryAfterSeconds?: number; rpcCode?: number } = {}) {
    super(message)
    this.code = code
    this.retryAfterSeconds = extra.retryAfterSeconds
    this.rpcCode = extra.rpcCode
  }
}

export type FrameHandlers = {
  [type in RequestType]: (payload: RequestPayload<type>) => Promise<RequestResult<type>> | RequestResult<type>
}

export type FrameHostOptions = {
  /** The only origin requests are accepted from and events are sent to. */
  parentOrigin: string
  /** The only window requests are accepted from (window.parent). */
  parentWindow: Window
  handlers: FrameHandlers
  /** Called for each dropped message (wrong origin, wrong source, wrong shape). Never given the message. */
  onIgnored?: (reason: 'origin' | 'source' | 'schema') => void
  /** Called for handler failures that are not FrameHostErrors (bugs, network), for logging without secrets. */
  onUnexpectedError?: (type: RequestType, error: unknown) => void
}

export function createFrameHost(options: FrameHostOptions) {
  const { parentOrigin, parentWindow, handlers } = options

  async function onMessage(event: MessageEvent) {
    if (event.origin !== parentOrigin) return options.onIgnored?.('origin')
    if (event.source !== parentWindow) return options.onIgnored?.('source')
    let request: ReturnType<typeof parseRequestMessage>
    try {
      request = parseRequestMessage(event.data)
    } catch {
      return options.onIgnored?.('schema')
    }
    const handler = handlers[request.type] as (payload: unknown) => Promise<unknown> | unknown
    let outcome: { result: never } | { error: FrameError }
    try {
      outcome = { result: (await handler(request.payload)) as never }
    } catch (error) {
      outcome = { error: toFrameError(error) }
      if (!(error instanceof FrameHostError)) options.onUnexpectedError?.(request.type, error)
    }
    let response: ReturnType<typeof responseMessage>
    try {
      response = responseMessage(request.type, request.id, outcome)
    } catch {
      // Our own answer did not match the schema: answer with an error rather than nothing.
      response = responseMessage(request.type, request.id, {
        error: { code: 'server_error', message: 'The frame produced an invalid answer' },
      })
    }
    parentWindow.postMessage(response, parentOrigin)
  }

  window.addEventListener('message', onMessage)
  return {
    emit<type extends EventType>(type: type, payload: EventPayload<type>) {
      parentWindow.postMessage(eventMessage(type, payload), parentOrigin)
    },
    stop: () => window.removeEventListener('message', onMessage),
  }
}

function toFrameError(error: unknown): FrameError {
  if (error instanceof FrameHostError) {
    return {
      code: error.code,
      message: error.message.slice(0, 500),
      ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
      ...(error.rpcCode !== undefined && { rpcCode: error.rpcCode }),
    }
  }
  return { code: 'server_error', message: 'The secure frame could not complete the request' }
}

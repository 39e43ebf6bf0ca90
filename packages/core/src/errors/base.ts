/**
 * One base error for Foyer, in the style of viem's `BaseError`:
 * `shortMessage` is what a person sees (the UI shows it), `message` carries details for logs.
 */
export type FoyerErrorParameters = {
  cause?: unknown
  details?: string
  metaMessages?: string[]
  /** Locale catalogue key for `shortMessage`, so the UI can translate it. */
  messageKey?: string
}

export type FoyerErrorType = FoyerError & { name: 'FoyerError' }

export class FoyerError extends Error {
  override name = 'FoyerError'
  readonly shortMessage: string
  readonly details: string
  readonly metaMessages: string[]
  readonly messageKey: string | undefined

  constructor(shortMessage: string, parameters: FoyerErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof FoyerError
        ? parameters.cause.details
        : parameters.cause instanceof Error
          ? parameters.cause.message
          : '')
    const message = [
      shortMessage,
      ...(parameters.metaMessages?.length ? ['', ...parameters.metaMessages] : []),
      ...(details && details !== shortMessage ? ['', `Details: ${details}`] : []),
    ].join('\n')
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = parameters.metaMessages ?? []
    this.messageKey = parameters.messageKey
  }

  /** Walks the cause chain; returns the first error `fn` accepts, or the deepest one. */
  walk(fn?: (error: unknown) => boolean): unknown {
    let error: unknown = this
    while (true) {
      if (fn?.(error)) return error
      const cause = (error as { cause?: unknown } | null)?.cause
      if (cause === undefined || cause === null) return fn ? null : error
      error = cause
    }
  }
}

import { FoyerError, type FoyerErrorParameters } from '../errors/base.ts'
import { HttpRequestError } from '../errors/errors.ts'

/**
 * Why the server refused a name request: its error code — `name_taken` (409), `invalid_signature` (401),
 * `invalid_name`, `invalid_coin_type`, `message_mismatch`, `stale_message`, `invalid_address`, `invalid_request` (400),
 * `feature_disabled` (403), `name_not_found` (404) … — or undefined when it did not answer one (network, no server).
 */
export type NameErrorReason =
  | 'name_taken'
  | 'invalid_signature'
  | 'invalid_name'
  | 'invalid_coin_type'
  | 'message_mismatch'
  | 'stale_message'
  | 'invalid_address'
  | 'invalid_request'
  | 'feature_disabled'
  | 'name_not_found'
  | (string & {})
  | undefined

function reasonOf(cause: unknown): NameErrorReason {
  const http = cause instanceof FoyerError ? cause.walk((e) => e instanceof HttpRequestError) : undefined
  return http instanceof HttpRequestError ? http.code : undefined
}

/** Base of the names errors: the server's refusal, if any, in `reason`. */
export class NameError extends FoyerError {
  override name = 'NameError'
  readonly reason: NameErrorReason
  constructor(shortMessage: string, parameters: FoyerErrorParameters = {}) {
    super(shortMessage, parameters)
    this.reason = reasonOf(parameters.cause)
  }
}

export type ResolveNameErrorType = ResolveNameError & { name: 'ResolveNameError' }
/** A name could not be looked up on the Foyer server. */
export class ResolveNameError extends NameError {
  override name = 'ResolveNameError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error resolving name', { messageKey: 'snackbar.errorResolvingName', ...parameters })
  }
}

export type NameSuggestionsErrorType = NameSuggestionsError & { name: 'NameSuggestionsError' }
/** The Foyer server's name suggestions could not be read. */
export class NameSuggestionsError extends NameError {
  override name = 'NameSuggestionsError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error fetching name suggestions', { messageKey: 'snackbar.errorFetchingNameSuggestions', ...parameters })
  }
}

export type AccountNamesErrorType = AccountNamesError & { name: 'AccountNamesError' }
/** An address's names could not be read from the Foyer server. */
export class AccountNamesError extends NameError {
  override name = 'AccountNamesError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error fetching names for address', { messageKey: 'snackbar.errorFetchingNamesForAddress', ...parameters })
  }
}

export type RegisterNameErrorType = RegisterNameError & { name: 'RegisterNameError' }
/** The Foyer server did not register the name (`reason` says why when it refused: `name_taken` …). */
export class RegisterNameError extends NameError {
  override name = 'RegisterNameError'
  constructor(parameters: FoyerErrorParameters = {}) {
    super('Error registering name', { messageKey: 'snackbar.errorRegisteringName', ...parameters })
  }
}

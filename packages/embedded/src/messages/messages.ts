/**
 * The messages between a site (the embedded client) and the secure frame. Every request names its type and
 * carries an id; the frame answers with a response of the same id; the frame also sends events. Both sides
 * validate everything they receive against these schemas and drop what does not match.
 */
import { EVM_ADDRESS_PATTERN, LOGIN_PROVIDERS } from '@foyer/core/internal'
import {
  array,
  boolean,
  type Infer,
  integer,
  isPlainObject,
  json,
  nullable,
  object,
  oneOf,
  optional,
  record,
  type Schema,
  SchemaError,
  string,
} from './schema.ts'
import { SOLANA_ADDRESS } from './solanaRequests.ts'

export const MESSAGE_CHANNEL = 'foyer:embedded'
export const MESSAGE_VERSION = 1

const email = string({ min: 3, max: 254, pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/ })
const address = string({ pattern: EVM_ADDRESS_PATTERN })
const chainId = integer({ min: 1, max: 2 ** 52 })
const empty = object({})
const themeMode = oneOf('light', 'dark')
/** The social providers (OAuth) the frame starts in a popup: every login provider but Farcaster. */
const socialProvider = oneOf(...LOGIN_PROVIDERS.filter((p) => p !== 'farcaster'))
const loginProvider = oneOf(...LOGIN_PROVIDERS)
/** A sign-in page: the provider's authorization URL, or the Farcaster relay's link (https, or the local http). */
const signInUrl = string({ min: 8, max: 2048, pattern: /^https?:\/\/\S+$/ })

const user = object({
  /** Null for a person signed in with a provider that gave no verified email. */
  email: nullable(email),
  address,
  chainId,
  accounts: array(object({ address, type: oneOf('eoa', 'smartAccount') }), { max: 4 }),
  userName: optional(string({ max: 100 })),
  /** The provider this session signed in with (absent for an email login). */
  loginProvider: optional(loginProvider),
  /** The person's picture at that provider (an http(s) URL), when it gave one. */
  userAvatar: optional(string({ min: 8, max: 2048, pattern: /^https?:\/\/\S+$/ })),
  /** The Farcaster id of a Sign in with Farcaster. */
  fid: optional(integer({ min: 1, max: 2 ** 52 })),
  smartAccountDeployed: boolean,
  preferredAccountType: oneOf('eoa', 'smartAccount'),
  /**
   * The wallet's Solana account (base58), from the same secret as `address` (apps/frame/src/solana/solanaKey.ts).
   * Optional: a frame from before Solana answers without it.
   */
  solanaAddress: optional(string({ min: 32, max: 44, pattern: SOLANA_ADDRESS })),
})
export type EmbeddedUser = Infer<typeof user>

/** Every request the site may send, with the payload it carries and the result the frame answers with. */
export const requestSchemas = {
  /** Starts an email login: the server mails a code (for a known user on a new device, an approval link first). */
  CONNECT_EMAIL: { payload: object({ email }), result: object({ action: oneOf('VERIFY_OTP') }) },
  /**
   * The frame asks the person for the code in its own screen and checks it with the server itself: the code never
   * travels through the site. Resolves once a right code was entered (and the wallet's key is ready).
   */
  CONNECT_OTP: { payload: empty, result: object({ user }) },
  /**
   * Starts a sign-in with an OAuth provider: the frame asks its server for the flow (keeping the flow's token to
   * itself) and answers the provider's sign-in URL, which the site opens in the popup it opened on the click.
   */
  CONNECT_SOCIAL: { payload: object({ provider: socialProvider }), result: object({ url: signInUrl }) },
  /** Starts Sign in with Farcaster: answers the relay's sign-in link (the site shows it as a QR code and a link). */
  CONNECT_FARCASTER: { payload: empty, result: object({ url: signInUrl }) },
  /**
   * Waits for the started sign-in to end (the frame asks its server about every second), then takes the person
   * through linking an existing account (its own screen) and the wallet's key, as email login does.
   */
  AWAIT_SOCIAL: { payload: empty, result: object({ user }) },
  /** The person gave up (closed the popup, cancelled): the waiting AWAIT_SOCIAL rejects with `login_cancelled`. */
  CANCEL_SOCIAL: { payload: empty, result: empty },
  GET_USER: { payload: object({ chainId: optional(chainId) }), result: object({ user }) },
  IS_CONNECTED: { payload: empty, result: object({ isConnected: boolean }) },
  SIGN_OUT: { payload: empty, result: empty },
  GET_CHAIN_ID: { payload: empty, result: object({ chainId }) },
  SWITCH_NETWORK: { payload: object({ chainId }), result: object({ chainId }) },
  RPC_REQUEST: {
    payload: object({ method: string({ min: 1, max: 100, pattern: /^[A-Za-z0-9_]+$/ }), params: optional(json) }),
    result: object({ result: json }),
  },
  /**
   * Email change, entirely in the frame: the person confirms "from A to B" there, then enters the code sent to A,
   * then the one sent to B. Resolves with the new address; `rejected` when the person cancels.
   */
  UPDATE_EMAIL: { payload: object({ email }), result: object({ email }) },
  /** The frame lists this user's devices (revoke any, sign out everywhere); resolves when the person is done. */
  SHOW_DEVICES: { payload: empty, result: object({ signedOut: boolean }) },
  SYNC_THEME: {
    payload: object({
      themeMode,
      themeVariables: optional(
        record(string({ max: 64, pattern: /^--foyer-[a-z0-9-]+$/ }), string({ max: 200 }), { max: 50 }),
      ),
    }),
    result: empty,
  },
  SYNC_DAPP_DATA: {
    payload: object({
      sdkVersion: string({ max: 32 }),
      /** The language of the site's modal; the frame's own screens follow it. */
      locale: optional(string({ min: 2, max: 10, pattern: /^[a-z]{2}(?:-[A-Z]{2})?$/ })),
      /** The site's choice of account for its people; a person's own choice (SET_PREFERRED_ACCOUNT) wins. */
      defaultAccountType: optional(oneOf('eoa', 'smartAccount')),
      metadata: optional(
        object({
          name: string({ max: 100 }),
          description: optional(string({ max: 500 })),
          url: optional(string({ max: 500 })),
          icons: optional(array(string({ max: 500 }), { max: 5 })),
        }),
      ),
    }),
    result: empty,
  },
  /** The chains whose server config names a bundler: there the wallet can be a smart account (EIP-7702). */
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    payload: empty,
    result: object({ smartAccountEnabledNetworks: array(chainId, { max: 64 }) }),
  },
  /**
   * The signed-in person's account type for this project, kept in the frame. `smartAccount` is refused with
   * `unsupported` when no chain offers it.
   */
  SET_PREFERRED_ACCOUNT: {
    payload: object({ type: oneOf('eoa', 'smartAccount') }),
    result: object({ type: oneOf('eoa', 'smartAccount') }),
  },
  /** The site's modal closed: the frame rejects the approval it is showing, if any. */
  ABORT_PENDING: { payload: empty, result: empty },
} satisfies Record<string, { payload: Schema<unknown>; result: Schema<unknown> }>

export type RequestType = keyof typeof requestSchemas
export type RequestPayload<type extends RequestType> = Infer<(typeof requestSchemas)[type]['payload']>
export type RequestResult<type extends RequestType> = Infer<(typeof requestSchemas)[type]['result']>

/** Events the frame sends on its own. */
export const eventSchemas = {
  /** The frame loaded and accepted this site's origin. */
  FRAME_READY: object({}),
  /**
   * The frame needs to be seen (an approval; a recovery code the person must keep; `signIn`: a question or the
   * recovery code entry during a social sign-in) or is done.
   */
  FRAME_VISIBILITY: object({ visible: boolean, reason: optional(oneOf('approval', 'recovery', 'signIn')) }),
  ACCOUNT_CHANGED: object({ address: nullable(address) }),
  CHAIN_CHANGED: object({ chainId }),
} satisfies Record<string, Schema<unknown>>

export type EventType = keyof typeof eventSchemas
export type EventPayload<type extends EventType> = Infer<(typeof eventSchemas)[type]>

export const FRAME_ERROR_CODES = [
  'invalid_request',
  'not_allowed',
  'rejected',
  'aborted',
  'unauthorized',
  'rate_limited',
  'invalid_code',
  'code_expired',
  'too_many_attempts',
  'unsupported',
  'rpc_error',
  'server_error',
  'email_taken',
  // Social login and Farcaster.
  'login_cancelled',
  'login_expired',
  'login_failed',
  'login_not_found',
  'provider_not_configured',
  'provider_unavailable',
] as const
export type FrameErrorCode = (typeof FRAME_ERROR_CODES)[number]

const frameError = object({
  code: oneOf(...FRAME_ERROR_CODES),
  message: string({ max: 500 }),
  retryAfterSeconds: optional(integer({ min: 0, max: 86_400 })),
  rpcCode: optional(integer({ min: -(2 ** 31), max: 2 ** 31 })),
})
export type FrameError = Infer<typeof frameError>

const messageId = string({ min: 8, max: 64, pattern: /^[A-Za-z0-9_-]+$/ })

export type RequestMessage<type extends RequestType = RequestType> = {
  channel: typeof MESSAGE_CHANNEL
  version: typeof MESSAGE_VERSION
  kind: 'request'
  id: string
  type: type
  payload: RequestPayload<type>
}
export type ResponseMessage<type extends RequestType = RequestType> =
  | {
      channel: typeof MESSAGE_CHANNEL
      version: typeof MESSAGE_VERSION
      kind: 'response'
      id: string
      type: type
      ok: true
      result: RequestResult<type>
    }
  | {
      channel: typeof MESSAGE_CHANNEL
      version: typeof MESSAGE_VERSION
      kind: 'response'
      id: string
      type: type
      ok: false
      error: FrameError
    }
export type EventMessage<type extends EventType = EventType> = {
  channel: typeof MESSAGE_CHANNEL
  version: typeof MESSAGE_VERSION
  kind: 'event'
  type: type
  payload: EventPayload<type>
}

function envelope(input: unknown, kind: string): Record<string, unknown> {
  if (!isPlainObject(input) || input.channel !== MESSAGE_CHANNEL) throw new SchemaError('channel', MESSAGE_CHANNEL)
  if (input.version !== MESSAGE_VERSION) throw new SchemaError('version', String(MESSAGE_VERSION))
  if (input.kind !== kind) throw new SchemaError('kind', kind)
  return input
}

/** Parses a request the frame received. Throws `SchemaError` for anything that is not exactly a known request. */
export function parseRequestMessage(input: unknown): RequestMessage {
  const message = envelope(input, 'request')
  const id = messageId.parse(message.id, 'id')
  const type = oneOf(...(Object.keys(requestSchemas) as RequestType[])).parse(message.type, 'type')
  for (const key of Object.keys(message))
    if (!['channel', 'version', 'kind', 'id', 'type', 'payload'].includes(key))
      throw new SchemaError(key, 'no such key')
  const payload = requestSchemas[type].payload.parse(message.payload ?? {}, 'payload')
  return { channel: MESSAGE_CHANNEL, version: MESSAGE_VERSION, kind: 'request', id, type, payload } as RequestMessage
}

/** Parses a response the site received; the result is checked against the schema of the request's type. */
export function parseResponseMessage(input: unknown): ResponseMessage {
  const message = envelope(input, 'response')
  const id = messageId.parse(message.id, 'id')
  const type = oneOf(...(Object.keys(requestSchemas) as RequestType[])).parse(message.type, 'type')
  const base = { channel: MESSAGE_CHANNEL, version: MESSAGE_VERSION, kind: 'response', id, type } as const
  if (message.ok === true)
    return { ...base, ok: true, result: requestSchemas[type].result.parse(message.result, 'result') } as ResponseMessage
  if (message.ok === false) return { ...base, ok: false, error: frameError.parse(message.error, 'error') }
  throw new SchemaError('ok', 'true or false')
}

/** Parses an event the site received. */
export function parseEventMessage(input: unknown): EventMessage {
  const message = envelope(input, 'event')
  const type = oneOf(...(Object.keys(eventSchemas) as EventType[])).parse(message.type, 'type')
  return {
    channel: MESSAGE_CHANNEL,
    version: MESSAGE_VERSION,
    kind: 'event',
    type,
    payload: eventSchemas[type].parse(message.payload, 'payload'),
  } as EventMessage
}

/** Parses whatever the site received from the frame: a response or an event. */
export function parseFrameMessage(input: unknown): ResponseMessage | EventMessage {
  return isPlainObject(input) && input.kind === 'event' ? parseEventMessage(input) : parseResponseMessage(input)
}

export function requestMessage<type extends RequestType>(
  type: type,
  id: string,
  payload: RequestPayload<type>,
): RequestMessage<type> {
  // Validate on the way out too: a bug on our side shows up here, not as a silent drop in the frame.
  requestSchemas[type].payload.parse(payload, 'payload')
  return { channel: MESSAGE_CHANNEL, version: MESSAGE_VERSION, kind: 'request', id, type, payload }
}

export function eventMessage<type extends EventType>(type: type, payload: EventPayload<type>): EventMessage<type> {
  eventSchemas[type].parse(payload, 'payload')
  return { channel: MESSAGE_CHANNEL, version: MESSAGE_VERSION, kind: 'event', type, payload }
}

export function responseMessage<type extends RequestType>(
  type: type,
  id: string,
  outcome: { result: RequestResult<type> } | { error: FrameError },
): ResponseMessage<type> {
  const base = { channel: MESSAGE_CHANNEL, version: MESSAGE_VERSION, kind: 'response', id, type } as const
  if ('error' in outcome) return { ...base, ok: false, error: frameError.parse(outcome.error, 'error') }
  return {
    ...base,
    ok: true,
    result: requestSchemas[type].result.parse(outcome.result, 'result') as RequestResult<type>,
  }
}

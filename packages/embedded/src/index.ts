// Public API of @foyer/embedded (the site's side). The frame's side is `@foyer/embedded/host`.
export {
  createFrameBus,
  FRAME_CONTAINER_ATTRIBUTE,
  type FrameBus,
  type FrameBusOptions,
  type FrameRequestOptions,
} from './bus/frameBus.ts'
export {
  createEmbeddedWalletClient,
  type EmbeddedProvider,
  type EmbeddedWalletClient,
  type EmbeddedWalletClientOptions,
} from './client/embeddedWalletClient.ts'
export { EmbeddedRpcError, toFoyerFrameError } from './errors/frameErrors.ts'
export {
  type EmbeddedUser,
  type EventMessage,
  type EventPayload,
  type EventType,
  eventMessage,
  eventSchemas,
  FRAME_ERROR_CODES,
  type FrameError,
  type FrameErrorCode,
  MESSAGE_CHANNEL,
  MESSAGE_VERSION,
  parseEventMessage,
  parseFrameMessage,
  parseRequestMessage,
  parseResponseMessage,
  type RequestMessage,
  type RequestPayload,
  type RequestResult,
  type RequestType,
  type ResponseMessage,
  requestMessage,
  requestSchemas,
  responseMessage,
} from './messages/messages.ts'
export { SchemaError } from './messages/schema.ts'
export {
  isSolanaRequestMethod,
  parseSolanaRequestParams,
  parseSolanaRequestResult,
  SOLANA_MESSAGE_MAX_BYTES,
  SOLANA_TRANSACTION_MAX_BYTES,
  type SolanaRequestMethod,
  type SolanaRequestParams,
  type SolanaRequestResult,
  solanaRequestSchemas,
} from './messages/solanaRequests.ts'
export {
  classifyRpcMethod,
  NOT_SAFE_RPC_METHODS,
  type NotSafeRpcMethod,
  type RpcMethodClass,
  SAFE_RPC_METHODS,
  type SafeRpcMethod,
} from './methods/rpcMethods.ts'

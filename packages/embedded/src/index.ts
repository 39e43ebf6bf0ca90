// Public API of @foyer/embedded (the site's side). The frame's side is `@foyer/embedded/host`.
export { FRAME_CONTAINER_ATTRIBUTE, type FrameBus, type FrameBusOptions, type FrameRequestOptions, createFrameBus } from './bus/frameBus.ts'
export {
  type EmbeddedProvider,
  type EmbeddedWalletClient,
  type EmbeddedWalletClientOptions,
  createEmbeddedWalletClient,
} from './client/embeddedWalletClient.ts'
export { EmbeddedRpcError, toFoyerFrameError } from './errors/frameErrors.ts'
export {
  type EmbeddedUser,
  type EventMessage,
  type EventPayload,
  type EventType,
  type FrameError,
  type FrameErrorCode,
  type RequestMessage,
  type RequestPayload,
  type RequestResult,
  type RequestType,
  type ResponseMessage,
  FRAME_ERROR_CODES,
  MESSAGE_CHANNEL,
  MESSAGE_VERSION,
  eventMessage,
  eventSchemas,
  parseEventMessage,
  parseFrameMessage,
  parseRequestMessage,
  parseResponseMessage,
  requestMessage,
  requestSchemas,
  responseMessage,
} from './messages/messages.ts'
export { SchemaError } from './messages/schema.ts'
export {
  NOT_SAFE_RPC_METHODS,
  type NotSafeRpcMethod,
  type RpcMethodClass,
  SAFE_RPC_METHODS,
  type SafeRpcMethod,
  classifyRpcMethod,
} from './methods/rpcMethods.ts'

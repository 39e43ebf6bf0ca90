// The frame's side of the embedded wallet (apps/frame): the message host and the key shares.

export { gfDiv, gfInverse, gfMul } from '../keys/gf256.ts'
export { combineShares, deriveShare, fromHex, type SplitOptions, splitSecret, toHex, unusedX } from '../keys/shamir.ts'
export * from '../messages/messages.ts'
export { SchemaError } from '../messages/schema.ts'
export * from '../messages/solanaRequests.ts'
export { classifyRpcMethod, NOT_SAFE_RPC_METHODS, SAFE_RPC_METHODS } from '../methods/rpcMethods.ts'
export { createFrameHost, type FrameHandlers, FrameHostError, type FrameHostOptions } from './frameHost.ts'

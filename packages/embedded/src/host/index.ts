// The frame's side of the embedded wallet (apps/frame): the message host and the key shares.
export { type FrameHandlers, FrameHostError, type FrameHostOptions, createFrameHost } from './frameHost.ts'
export { combineShares, deriveShare, fromHex, gfDiv, gfMul, interpolateShares, type SplitOptions, splitSecret, toHex } from '../keys/shamir.ts'
export { classifyRpcMethod, NOT_SAFE_RPC_METHODS, SAFE_RPC_METHODS } from '../methods/rpcMethods.ts'
export * from '../messages/messages.ts'

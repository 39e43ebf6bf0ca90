/** The stand-in's ports, apart from the server so the stack can check them without loading LiteSVM. */
import { portFromEnv } from '../ports.ts'

export const DEFAULT_SOLANA_RPC_PORT = 8899
/** A validator's PubSub port: the RPC port plus one. */
export const DEFAULT_SOLANA_WS_PORT = 8900

/** FOYER_SOLANA_RPC_PORT, else 8899. */
export function solanaRpcPort(env: NodeJS.ProcessEnv = process.env): number {
  return portFromEnv(env, 'FOYER_SOLANA_RPC_PORT', DEFAULT_SOLANA_RPC_PORT)
}

/** FOYER_SOLANA_WS_PORT, else 8900: where the stand-in listens for PubSub subscriptions over WebSocket. */
export function solanaWsPort(env: NodeJS.ProcessEnv = process.env): number {
  return portFromEnv(env, 'FOYER_SOLANA_WS_PORT', DEFAULT_SOLANA_WS_PORT)
}

/** The stand-in's port, apart from the server so the stack can check it without loading LiteSVM. */
import { portFromEnv } from '../ports.ts'

export const DEFAULT_SOLANA_RPC_PORT = 8899

/** FOYER_SOLANA_RPC_PORT, else 8899. */
export function solanaRpcPort(env: NodeJS.ProcessEnv = process.env): number {
  return portFromEnv(env, 'FOYER_SOLANA_RPC_PORT', DEFAULT_SOLANA_RPC_PORT)
}

/**
 * Runs the Farcaster Connect relay stand-in on its own: `node --import tsx apps/devnet/src/farcaster/main.ts`
 * (PORT, HOST; RPC_URL: the chain with the registry stand-ins, default http://127.0.0.1:8545).
 */
import { DEFAULT_FARCASTER_RELAY_PORT, startFarcasterRelay } from './relay.ts'

const relay = await startFarcasterRelay({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? DEFAULT_FARCASTER_RELAY_PORT),
  rpcUrl: process.env.RPC_URL ?? 'http://127.0.0.1:8545',
})
console.log(`Farcaster Connect relay (local stand-in) listening on ${relay.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void relay.stop().then(() => process.exit(0)))

/** Runs the local WalletConnect relay on its own: `node --import tsx apps/devnet/src/relay/main.ts` (PORT, HOST). */
import { DEFAULT_RELAY_PORT, startWalletConnectRelay } from './walletConnectRelay.ts'

const relay = await startWalletConnectRelay({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? DEFAULT_RELAY_PORT),
})
console.log(`WalletConnect relay listening on ${relay.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void relay.stop().then(() => process.exit(0)))

import { ConfigError, type ServerConfig, describeConfig, loadConfig } from './config.ts'
import { type FoyerServer, createServer } from './index.ts'
import { createLogger } from './log.ts'
import { type FrameHostSettings, type RunningFrameHost, loadFrameHostSettings, startFrameHost } from './frame/frameServer.ts'

// `node --import tsx apps/server/src/main.ts` — configuration from the environment (docs/server.md).

let config: ServerConfig
let frameSettings: FrameHostSettings | undefined
try {
  config = loadConfig()
  frameSettings = loadFrameHostSettings(process.env, config) // FOYER_FRAME_DIR: also serve the secure frame
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message)
    process.exit(78) // EX_CONFIG
  }
  throw e
}

const logger = createLogger(config.logLevel)
logger.info('starting', describeConfig(config))
if (!config.devnetLoaded) logger.info('no devnet file; chains not configured', { devnetFile: config.devnetFile })

const started = performance.now()
let server: FoyerServer
try {
  server = await createServer(config, { logger })
} catch (e) {
  console.error(`Foyer server could not start: ${(e as Error).message}`)
  process.exit(1)
}

let address: Awaited<ReturnType<FoyerServer['listen']>>
try {
  address = await server.listen()
} catch (e) {
  console.error(`Foyer server could not listen: ${(e as Error).message}`)
  await server.close()
  process.exit(1)
}

const where = server.database.kind === 'pglite' ? `pglite in ${config.pgliteDir}` : 'postgres'
console.log(`Foyer server ${config.version} listening on ${address.url} (database: ${where}; ready in ${Math.round(performance.now() - started)} ms)`)

let frameHost: RunningFrameHost | undefined
if (frameSettings) {
  try {
    frameHost = await startFrameHost({ settings: frameSettings, config, projects: server.projects, logger })
  } catch (e) {
    console.error(`Foyer server could not serve the secure frame: ${(e as Error).message}`)
    await server.close()
    process.exit(1)
  }
  console.log(`Secure frame served on ${frameHost.url} from ${frameSettings.distDir}`)
}

let stopping = false
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    console.error(`${signal} again: exiting without a clean shutdown`)
    process.exit(1)
  }
  stopping = true
  console.log(`${signal} received, shutting down…`)
  Promise.all([server.close(), frameHost?.close()])
    .then(() => process.exit(0))
    .catch((e: Error) => {
      console.error(`Error during shutdown: ${e.message}`)
      process.exit(1)
    })
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

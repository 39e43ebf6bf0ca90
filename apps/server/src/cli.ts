/**
 * `foyer-server [--config <file>] [--frame [<dir>]]`: reads the configuration (environment, then the optional file),
 * reports every problem at once (exit 78), starts the server and, when asked, the secure frame host; SIGTERM or
 * SIGINT drains requests in flight and exits 0.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs as parseCommandLine } from 'node:util'
import { ConfigError, describeConfig, type Env, loadConfig, SERVER_VERSION, type ServerConfig } from './config.ts'
import { mergeConfig, readConfigFile } from './configFile.ts'
import { runOperatorCommand } from './console/operators/operatorCommand.ts'
import { runDbCommand } from './db/copy/dbCommand.ts'
import {
  type FrameHostSettings,
  loadFrameHostSettings,
  type RunningFrameHost,
  startFrameHost,
} from './frame/frameServer.ts'
import type { Issue } from './http/errors.ts'
import { createServer } from './index.ts'
import { createLogger } from './log.ts'
import { readVariable } from './settings/serverSettings.ts'

export const EXIT_CONFIG = 78 // EX_CONFIG

export const USAGE = `Usage: foyer-server [--config <file>] [--frame [<dir>]]
       foyer-server db copy --from <folder> --to <postgres url> [--replace]
       foyer-server operator add <email> [--password-stdin] | list | remove <email> | hash

  --config <file>   JSON file of settings keyed by their environment names ({"PORT": 8787, ...}).
                    Also FOYER_CONFIG. Environment variables win over the file.
  --frame [<dir>]   Also serve the secure frame (its own port, FOYER_FRAME_PORT, default 5174) from <dir>,
                    or from the frame build shipped with the server when <dir> is left out.
  --help            Show this help.
  --version         Print the version.

Every setting: docs/configuration.md ("Server settings").`

export interface CliArgs {
  help: boolean
  version: boolean
  config?: string
  /** true: the shipped frame build; a string: that folder. */
  frame?: true | string
}

/**
 * Parses the command line with `node:util`'s parseArgs. `--frame` takes an optional folder: written bare (last, or
 * before another option) it means the shipped build, so it is handed to parseArgs as `--frame=` first.
 */
export function parseArgs(argv: readonly string[], issues: Issue[]): CliArgs {
  const args: CliArgs = { help: false, version: false }
  const normalized = argv.map((arg, i) =>
    arg === '--frame' && (i + 1 === argv.length || argv[i + 1]!.startsWith('-')) ? '--frame=' : arg,
  )
  let values: { help?: boolean; version?: boolean; config?: string; frame?: string }
  try {
    values = parseCommandLine({
      args: normalized,
      strict: true,
      allowPositionals: false,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        config: { type: 'string', short: 'c' },
        frame: { type: 'string' },
      },
    }).values
  } catch (e) {
    issues.push({ path: 'arguments', message: `${(e as Error).message} (see foyer-server --help)` })
    return args
  }
  args.help = values.help === true
  args.version = values.version === true
  if (values.config !== undefined) {
    if (values.config.trim() === '') issues.push({ path: '--config', message: 'got nothing, expected a file name' })
    else args.config = values.config
  }
  if (values.frame !== undefined) args.frame = values.frame.trim() === '' ? true : values.frame
  return args
}

/** The frame build shipped in the package (dist/frame-app), or apps/frame/dist when running in the repository. */
export function shippedFrameDir(): string | undefined {
  for (const candidate of ['./frame-app/', '../../frame/dist/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(`${dir}index.html`)) return dir
  }
  return undefined
}

export interface Settings {
  config: ServerConfig
  frame?: FrameHostSettings
  configFile?: string
}

/** Arguments + environment (+ file) → settings; a ConfigError lists every problem found in all of them. */
export function resolveSettings(
  argv: readonly string[],
  env: Env,
  options: { cwd?: string; repoRoot?: string | null } = {},
): Settings & { help: boolean; version: boolean } {
  const issues: Issue[] = []
  const args = parseArgs(argv, issues)
  const configPath = args.config ?? readVariable(env, 'FOYER_CONFIG')
  const file = configPath ? readConfigFile(configPath, issues) : undefined
  const { env: merged, fromFile } = mergeConfig(env, file)
  if (args.frame === true) {
    const shipped = shippedFrameDir()
    if (shipped) merged.FOYER_FRAME_DIR = shipped
    else
      issues.push({
        path: '--frame',
        message: 'got no folder, and no frame build is shipped with this server; expected --frame <dir>',
      })
  } else if (typeof args.frame === 'string') merged.FOYER_FRAME_DIR = args.frame

  const mark = (list: Issue[]) =>
    list.map((issue) => {
      const key = issue.path.split(/[.[]/)[0]!
      return fromFile.has(key) && file ? { ...issue, path: `${file.file}: ${issue.path}` } : issue
    })
  let config: ServerConfig | undefined
  try {
    config = loadConfig(merged, options)
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e
    issues.push(...mark(e.issues))
  }
  let frame: FrameHostSettings | undefined
  try {
    frame = loadFrameHostSettings(merged, { host: config?.host ?? merged.HOST?.trim() ?? '127.0.0.1' }, options.cwd)
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e
    issues.push(...mark(e.issues))
  }
  if (args.help || args.version)
    return { config: config!, frame, help: args.help, version: args.version, configFile: file?.file }
  if (issues.length > 0 || !config) throw new ConfigError(issues)
  return { config, frame, configFile: file?.file, help: false, version: false }
}

/** Runs the server until SIGTERM/SIGINT. Exits the process: 0 after a clean stop, 78 for bad settings, 1 otherwise. */
export async function main(argv: readonly string[] = process.argv.slice(2), env: Env = process.env): Promise<void> {
  if (argv[0] === 'db') process.exit(await runDbCommand(argv.slice(1)))
  if (argv[0] === 'operator')
    process.exit(
      await runOperatorCommand(argv.slice(1), {
        env,
        stdin: process.stdin,
        log: (line) => console.log(line),
        error: (line) => console.error(line),
      }),
    )
  let settings: ReturnType<typeof resolveSettings>
  try {
    settings = resolveSettings(argv, env)
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message)
      process.exit(EXIT_CONFIG)
    }
    throw e
  }
  if (settings.help) {
    console.log(USAGE)
    return
  }
  if (settings.version) {
    console.log(SERVER_VERSION)
    return
  }
  const { config, frame: frameSettings } = settings

  const logger = createLogger(config.logLevel)

  // Signals are handled from here on: one that arrives while starting stops the server at the next step.
  let ready = false
  let server: Awaited<ReturnType<typeof createServer>> | undefined
  let frameHost: RunningFrameHost | undefined
  let stopSignal: NodeJS.Signals | undefined
  const shutDown = (signal: NodeJS.Signals) => {
    logger.info('shutting down: draining requests in flight', { signal, graceMs: config.shutdownGraceMs })
    Promise.all([server?.close(), frameHost?.close()])
      .then(() => {
        logger.info('shut down cleanly', { signal })
        process.exit(0)
      })
      .catch((e: Error) => {
        logger.error('error during shutdown', { error: e })
        process.exit(1)
      })
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopSignal) {
      logger.error('second signal: exiting without a clean shutdown', { signal })
      process.exit(1)
    }
    stopSignal = signal
    if (ready) shutDown(signal)
    else logger.info('signal received while starting: stopping at the next step', { signal })
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  // Logged once the signals are handled: whoever reads "starting" may send SIGTERM right away.
  logger.info('starting', { ...describeConfig(config), configFile: settings.configFile ?? null, pid: process.pid })
  if (config.chains.length === 0)
    logger.info('no chains configured: balances, history, swap and prices answer "not configured"', {
      chainsFile: config.devnetFile ?? null,
    })

  const started = performance.now()
  try {
    server = await createServer(config, { logger })
  } catch (e) {
    logger.error('could not start', { error: e })
    process.exit(1)
  }
  if (stopSignal) return shutDown(stopSignal)

  let address: Awaited<ReturnType<NonNullable<typeof server>['listen']>>
  try {
    address = await server.listen()
  } catch (e) {
    logger.error('could not listen', { error: e })
    await server.close()
    process.exit(1)
  }
  if (stopSignal) return shutDown(stopSignal)

  if (frameSettings) {
    try {
      frameHost = await startFrameHost({ settings: frameSettings, config, projects: server.projects, logger })
    } catch (e) {
      logger.error('could not serve the secure frame', { error: e })
      await server.close()
      process.exit(1)
    }
  }
  logger.info('ready', {
    url: address.url,
    frameUrl: frameHost?.url ?? null,
    database: server.database.kind === 'pglite' ? `pglite in ${config.pgliteDir}` : 'postgres',
    ms: Math.round(performance.now() - started),
  })
  ready = true
  if (stopSignal) shutDown(stopSignal)
}

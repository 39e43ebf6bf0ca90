import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { DEV_ACCOUNT_COUNT, DEV_ACCOUNT_ETH, DEV_MNEMONIC } from './accounts.ts'
import { type RunningChild, startChild } from './children.ts'
import { assertPortFree, portFromEnv } from './ports.ts'

/** One local chain of the stack. */
export interface ChainSpec {
  id: number
  name: string
  port: number
  /** Env variable that overrides the port; named in errors so a user knows what to change. */
  portEnv: string
}

export interface RunningChain {
  id: number
  name: string
  rpcUrl: string
  process: RunningChild
  stop(): Promise<void>
}

export const DEFAULT_HOST = '127.0.0.1'

/**
 * The server's FOYER_ONRAMP_NETWORKS for the stack: the provider network names `ethereum` and `base` stand for its
 * first and second local chain, so on-ramp requests that name networks that way buy on the devnet.
 */
export function devnetOnrampNetworks(chains: readonly Pick<ChainSpec, 'id'>[]): string {
  const [first, second] = chains
  return JSON.stringify({
    ...(first ? { ethereum: `eip155:${first.id}` } : {}),
    ...(second ? { base: `eip155:${second.id}` } : {}),
  })
}

/** Host every local service binds to (FOYER_HOST). */
export function stackHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.FOYER_HOST || DEFAULT_HOST
}

/** The two chains of the local stack, with ports taken from FOYER_CHAIN1_PORT / FOYER_CHAIN2_PORT. */
export function devnetChainSpecs(env: NodeJS.ProcessEnv = process.env): ChainSpec[] {
  return [
    { id: 31337, name: 'Foyer Local', port: portFromEnv(env, 'FOYER_CHAIN1_PORT', 8545), portEnv: 'FOYER_CHAIN1_PORT' },
    {
      id: 31338,
      name: 'Foyer Local 2',
      port: portFromEnv(env, 'FOYER_CHAIN2_PORT', 8546),
      portEnv: 'FOYER_CHAIN2_PORT',
    },
  ]
}

/**
 * The anvil binary shipped by @foundry-rs/anvil's per-platform package. We spawn it directly rather than through
 * the package's node wrapper: one process less, ready in ~70 ms, and the group kill reaches the real node.
 */
export function anvilBinaryPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.FOYER_ANVIL_BIN) return env.FOYER_ANVIL_BIN
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string]
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`))
    const bin = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
    if (existsSync(bin)) return bin
  } catch {
    // not installed for this platform; fall through
  }
  throw new Error(`anvil binary not found (${pkg} is not installed). Run npm install, or set FOYER_ANVIL_BIN.`)
}

/** Starts one anvil with the default dev mnemonic; resolves once it is listening. State is in memory only. */
export interface StartChainOptions {
  host?: string
  /** Called if anvil dies on its own after it was up. */
  onUnexpectedExit?: (chain: ChainSpec, description: string, lastLines: string[]) => void
}

export async function startChain(spec: ChainSpec, opts: StartChainOptions = {}): Promise<RunningChain> {
  const host = opts.host ?? stackHost()
  await assertPortFree(host, spec.port, `chain "${spec.name}" (${spec.id})`, spec.portEnv)
  const child = await startChild({
    name: `anvil ${spec.id}`,
    command: anvilBinaryPath(),
    args: [
      '--host',
      host,
      '--port',
      String(spec.port),
      '--chain-id',
      String(spec.id),
      '--mnemonic',
      DEV_MNEMONIC,
      '--accounts',
      String(DEV_ACCOUNT_COUNT),
      '--balance',
      String(DEV_ACCOUNT_ETH),
      // Pinned so an anvil upgrade cannot change gas rules or opcodes under the tests.
      '--hardfork',
      'prague',
    ],
    ready: { line: /Listening on/ },
    // anvil logs every RPC call; keep it for error reports only, the terminal would drown.
    echo: false,
    timeoutMs: 15_000,
    onUnexpectedExit: (code, signal) =>
      opts.onUnexpectedExit?.(spec, signal ? `was killed by ${signal}` : `exited with code ${code}`, child.tail()),
  })
  const rpcHost = host === '0.0.0.0' ? '127.0.0.1' : host
  return { id: spec.id, name: spec.name, rpcUrl: `http://${rpcHost}:${spec.port}`, process: child, stop: child.stop }
}

/** Starts all chains in parallel; if one fails the others are stopped before the error is thrown. */
export async function startChains(specs: ChainSpec[], opts: StartChainOptions = {}): Promise<RunningChain[]> {
  const results = await Promise.allSettled(specs.map((spec) => startChain(spec, opts)))
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed) {
    await Promise.all(results.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)))
    throw failed.reason
  }
  return results.map((r) => (r as PromiseFulfilledResult<RunningChain>).value)
}

/**
 * The generated file that tells every other part of Foyer (server, demo, tests, bench) what the local stack runs:
 * `.foyer/devnet.json` at the repo root, or FOYER_DEVNET_FILE. Written by `foyer dev` / startStack on each start.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { DevnetInfo } from './devnet-file-schema.ts'
import { FOYER_STATE_DIR } from './paths.ts'
import { SOLANA_STAND_IN_GENESIS_HASH } from './solana/standInGenesis.ts'

export type {
  ChainAccountAbstraction,
  ChainNft as DevnetNft,
  ChainToken as DevnetToken,
  DevnetAccount,
  DevnetChain,
  DevnetInfo,
  DevnetOnrampSandbox,
  DevnetSolana,
  DevnetSolanaMint,
} from './devnet-file-schema.ts'

export const DEFAULT_DEVNET_FILE = path.join(FOYER_STATE_DIR, 'devnet.json')

/** Where the devnet file is: FOYER_DEVNET_FILE if set, else `.foyer/devnet.json` at the repo root. */
export function devnetFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.FOYER_DEVNET_FILE ? path.resolve(env.FOYER_DEVNET_FILE) : DEFAULT_DEVNET_FILE
}

/** Written to a temporary file and renamed, so a reader watching the file never sees half of it. */
export function writeDevnet(info: DevnetInfo, file = devnetFilePath()): string {
  mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(info, null, 2)}\n`)
  renameSync(temporary, file)
  return file
}

/** Reads the devnet file written by the running stack. Throws a clear error if the stack was never started. */
export function readDevnet(file = devnetFilePath()): DevnetInfo {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`No devnet file at ${file}: start the local stack first (npm start)`)
    }
    throw err
  }
  const info = JSON.parse(text) as DevnetInfo
  if (!Array.isArray(info?.chains) || !Array.isArray(info?.accounts)) {
    throw new Error(`${file} is not a devnet file (expected { chains, accounts })`)
  }
  return info
}

/** A chain as a site build needs it: id, name and RPC URL. */
export type SiteChain = { id: number; name: string; rpcUrl: string }

/**
 * The local chains for a site's build (the demo, the dev wallet): from the devnet file when it exists, else the
 * default local ports, so a build works before the stack has ever run. Nothing here reaches the internet.
 */
export function localChainsForSites(file = devnetFilePath()): SiteChain[] {
  if (existsSync(file)) return readDevnet(file).chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl }))
  return [
    { id: 31337, name: 'Foyer Local', rpcUrl: 'http://127.0.0.1:8545' },
    { id: 31338, name: 'Foyer Local 2', rpcUrl: 'http://127.0.0.1:8546' },
  ]
}

/** The local Solana chain as a site build needs it: name, RPC URL and genesis hash (its CAIP-2 reference). */
export type SiteSolanaChain = { name: string; rpcUrl: string; genesisHash: string }

/**
 * The local Solana chain for a site's build: the devnet file's `solana` block when the stack runs it, else the
 * stand-in's default port and genesis hash.
 */
export function localSolanaForSites(file = devnetFilePath()): SiteSolanaChain {
  const solana = existsSync(file) ? readDevnet(file).solana : undefined
  return {
    name: 'Solana Local',
    rpcUrl: solana?.rpcUrl ?? 'http://127.0.0.1:8899',
    genesisHash: solana?.genesisHash ?? SOLANA_STAND_IN_GENESIS_HASH,
  }
}

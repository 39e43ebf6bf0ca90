/**
 * Compiles src/contracts/*.sol with solc-js into src/contracts/artifacts.json, which is committed: solc-js takes
 * ~1–2 s and ~300 MB per run, so `npm start` must never compile. Run `npm run compile -w @foyer/devnet` after
 * editing a contract; compile.test.ts fails while the committed artifacts are out of date.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Abi, Hex } from 'viem'

export const CONTRACTS_DIR = fileURLToPath(new URL('./contracts/', import.meta.url))
export const ARTIFACTS_FILE = path.join(CONTRACTS_DIR, 'artifacts.json')

export interface ContractArtifact {
  abi: Abi
  bytecode: Hex
}

export interface ArtifactsFile {
  /** sha256 over the sources and compiler settings; lets a cheap check tell that the file is stale. */
  sourceHash: string
  compiler: string
  contracts: Record<string, ContractArtifact>
}

// cancun runs on any current EVM chain and node; anvil is pinned to a later fork, which is a superset.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const

/** The Solidity sources by file name, with line endings normalised so a Windows checkout hashes the same. */
export function readSources(dir = CONTRACTS_DIR): Record<string, string> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sol'))
    .sort()
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8').replace(/\r\n/g, '\n')]))
}

export function hashSources(sources: Record<string, string>): string {
  const hash = createHash('sha256').update(JSON.stringify(SETTINGS))
  for (const [file, text] of Object.entries(sources).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\0${file}\0${text}`)
  }
  return hash.digest('hex')
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

export async function compileContracts(sources = readSources()): Promise<ArtifactsFile> {
  // Imported lazily: loading solc-js alone costs hundreds of MB, and only this step needs it.
  const solc = (await import('solc')).default as { compile(input: string): string; version(): string }
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: SETTINGS,
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  for (const warning of (output.errors ?? []).filter((e) => e.severity === 'warning'))
    console.warn(warning.formattedMessage)
  if (errors.length) throw new Error(`Solidity compile failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)

  const contracts: Record<string, ContractArtifact> = {}
  for (const file of Object.keys(output.contracts).sort()) {
    for (const [name, compiled] of Object.entries(output.contracts[file])) {
      if (!compiled.evm.bytecode.object) continue // interfaces have no code
      contracts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` }
    }
  }
  return { sourceHash: hashSources(sources), compiler: `solc-js ${solc.version()}`, contracts }
}

export function writeArtifacts(artifacts: ArtifactsFile, file = ARTIFACTS_FILE): void {
  writeFileSync(file, `${JSON.stringify(artifacts, null, 2)}\n`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now()
  const artifacts = await compileContracts()
  writeArtifacts(artifacts)
  const names = Object.keys(artifacts.contracts).join(', ')
  console.log(
    `Compiled ${names} with ${artifacts.compiler} in ${Math.round(performance.now() - started)} ms → ${path.relative(process.cwd(), ARTIFACTS_FILE)}`,
  )
}

// Test-only: starts a real anvil for this package's tests. Not exported; the adapter itself never touches Node.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** anvil's default dev accounts (from its default mnemonic), unlocked on every anvil. */
export const DEV_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
] as const

export type Anvil = { chainId: number; rpcUrl: string; stop: () => Promise<void> }

function anvilBinary(): string {
  if (process.env.FOYER_ANVIL_BIN) return process.env.FOYER_ANVIL_BIN
  const arch = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[process.arch]
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  const dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`))
  const bin = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(bin)) throw new Error(`anvil binary not found in ${pkg}; run npm install or set FOYER_ANVIL_BIN`)
  return bin
}

/** Starts anvil on 127.0.0.1:<port> with the chain id; resolves once it listens. */
export function startAnvil({ port, chainId }: { port: number; chainId: number }): Promise<Anvil> {
  const child: ChildProcess = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  return new Promise<Anvil>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`anvil ${chainId} did not start on port ${port} within 15 s:\n${output}`))
    }, 15_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (/Listening on/.test(output)) {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        child.stdout?.resume()
        resolve({ chainId, rpcUrl: `http://127.0.0.1:${port}`, stop })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`anvil ${chainId} exited (${code}) before listening on port ${port}:\n${output}`))
    })
  })
}

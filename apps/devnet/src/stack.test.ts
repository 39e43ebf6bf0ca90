import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { formatBanner } from './banner.ts'
import { readDevnet } from './devnet-file.ts'
import { PortInUseError } from './ports.ts'
import { startStack } from './stack.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'foyer-stack-'))
const devnetFile = path.join(dir, 'devnet.json')
// Chains only, on ports away from a running `npm start`; server and demo belong to their own tests.
const options = {
  server: false,
  demo: false,
  quiet: true,
  ports: { chain1: 18555, chain2: 18556, relay: 19130, farcasterRelay: 19131 },
  devnetFile,
} as const

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('startStack', () => {
  it('writes the devnet file, stops idempotently, and starts again with the same addresses', async () => {
    const first = await startStack(options)
    try {
      const info = readDevnet(devnetFile)
      expect(info).toEqual(first.devnet)
      expect(first.urls).toEqual({
        demo: undefined,
        server: undefined,
        relay: 'ws://127.0.0.1:19130',
        farcasterRelay: 'http://127.0.0.1:19131',
        wallet: undefined,
        chains: [
          { id: 31337, name: 'Foyer Local', rpcUrl: 'http://127.0.0.1:18555' },
          { id: 31338, name: 'Foyer Local 2', rpcUrl: 'http://127.0.0.1:18556' },
        ],
      })
      expect(info.accounts).toHaveLength(10)
      expect(info.chains[0]).toMatchObject({
        nativeSymbol: 'ETH',
        tokens: [
          { symbol: 'WETH', decimals: 18, name: 'Wrapped Ether' },
          { symbol: 'fUSD', decimals: 6, name: 'Foyer USD' },
          { symbol: 'FOY', decimals: 18, name: 'Foyer Token' },
        ],
      })
      expect(info.chains[0].tokens.map((t) => t.address)).toEqual([
        info.chains[0].contracts.weth,
        info.chains[0].contracts.usd,
        info.chains[0].contracts.token,
      ])
    } finally {
      await Promise.all([first.stop(), first.stop()])
    }
    await first.stop()

    const second = await startStack(options)
    try {
      expect(second.devnet.chains.map((c) => c.contracts)).toEqual(first.devnet.chains.map((c) => c.contracts))
    } finally {
      await second.stop()
    }
  })

  it('banner lists only what runs, and labels the keys as public test keys', async () => {
    const stack = await startStack(options)
    try {
      const banner = formatBanner(stack)
      expect(banner).toContain('http://127.0.0.1:18555  (chain id 31337)')
      expect(banner).toContain('http://127.0.0.1:18556  (chain id 31338)')
      expect(banner).not.toMatch(/5173|8787|Demo site|Foyer server|Dev wallet app/)
      expect(banner).toContain('WalletConnect relay')
      expect(banner).toContain('ws://127.0.0.1:19130')
      expect(banner).toMatch(/Farcaster relay +http:\/\/127\.0\.0\.1:19131 {2}\(local stand-in/)
      expect(banner).toContain('PUBLIC anvil test keys')
      expect(banner).toContain(stack.accounts[0].privateKey)
      expect(banner).not.toContain('Solana')
      expect(stack.devnet.solana).toBeUndefined()
    } finally {
      await stack.stop()
    }
  })

  it('runs the Solana JSON-RPC stand-in when asked: in the URLs, the devnet file and the banner', async () => {
    const stack = await startStack({ ...options, solana: true, ports: { ...options.ports, solana: 0, solanaWs: 0 } })
    const url = stack.urls.solana
    const wsUrl = stack.urls.solanaWs
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
      const solana = readDevnet(devnetFile).solana
      expect(solana).toMatchObject({ name: 'Solana JSON-RPC stand-in (LiteSVM)', rpcUrl: url, wsUrl })
      expect(formatBanner(stack)).toMatch(new RegExp(`Solana PubSub \\(stand-in\\) +${wsUrl}`))
      expect(solana?.accounts[0]).toBe('oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')
      expect(solana?.mints.map((m) => m.symbol)).toEqual(['fUSD', 'fEUR'])
      expect(formatBanner(stack)).toMatch(new RegExp(`Solana JSON-RPC stand-in \\(LiteSVM\\) +${url}`))
      const answer = await fetch(url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [solana?.accounts[1]] }),
      })
      expect(((await answer.json()) as { result: { value: number } }).result.value).toBe(1000 * 1e9)
    } finally {
      await stack.stop()
    }
    await expect(fetch(url!)).rejects.toThrow()
  })

  it("refuses to start when the Solana stand-in's PubSub port is taken, naming FOYER_SOLANA_WS_PORT", async () => {
    const holder = createServer()
    await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve))
    const taken = (holder.address() as { port: number }).port
    try {
      const start = startStack({ ...options, solana: true, ports: { ...options.ports, solana: 0, solanaWs: taken } })
      await expect(start).rejects.toBeInstanceOf(PortInUseError)
      await expect(start).rejects.toThrow(new RegExp(`Port ${taken} .*PubSub.*FOYER_SOLANA_WS_PORT`))
    } finally {
      await new Promise((resolve) => holder.close(resolve))
    }
  })
})

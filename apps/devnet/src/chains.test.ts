import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { devnetChainSpecs, devnetOnrampNetworks, type RunningChain, startChain } from './chains.ts'
import { PortInUseError } from './ports.ts'

const HOST = '127.0.0.1'

async function rpc(url: string, method: string): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  return ((await res.json()) as { result: unknown }).result
}

describe('devnetOnrampNetworks', () => {
  it('maps ethereum and base to the two local chains, as FOYER_ONRAMP_NETWORKS reads it', () => {
    expect(JSON.parse(devnetOnrampNetworks(devnetChainSpecs({})))).toEqual({
      ethereum: 'eip155:31337',
      base: 'eip155:31338',
    })
  })
})

describe('startChain', () => {
  const started: RunningChain[] = []
  afterAll(async () => {
    await Promise.all(started.map((c) => c.stop()))
  })

  it('runs anvil with the chain id and the ten well-known dev accounts', async () => {
    const chain = await startChain({ id: 31338, name: 'Test chain', port: 18601, portEnv: 'TEST_PORT' }, { host: HOST })
    started.push(chain)
    expect(chain.rpcUrl).toBe('http://127.0.0.1:18601')
    expect(await rpc(chain.rpcUrl, 'eth_chainId')).toBe('0x7a6a')
    const accounts = (await rpc(chain.rpcUrl, 'eth_accounts')) as string[]
    expect(accounts).toHaveLength(10)
    expect(accounts[0].toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
  })

  it('stops idempotently and frees the port', async () => {
    const chain = await startChain({ id: 31337, name: 'Test chain', port: 18602, portEnv: 'TEST_PORT' }, { host: HOST })
    await Promise.all([chain.stop(), chain.stop()])
    await chain.stop()
    await expect(rpc(chain.rpcUrl, 'eth_chainId')).rejects.toThrow()
    const again = await startChain({ id: 31337, name: 'Test chain', port: 18602, portEnv: 'TEST_PORT' }, { host: HOST })
    await again.stop()
  })

  it('fails with a one-line error naming the port and its variable when the port is taken', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(18603, HOST, resolve))
    try {
      const attempt = startChain(
        { id: 31337, name: 'Foyer Local', port: 18603, portEnv: 'FOYER_CHAIN1_PORT' },
        { host: HOST },
      )
      await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
      const message = await attempt.then(
        () => '',
        (e: Error) => e.message,
      )
      expect(message).toContain('18603')
      expect(message).toContain('FOYER_CHAIN1_PORT')
      expect(message).not.toContain('\n')
    } finally {
      blocker.close()
    }
  })
})

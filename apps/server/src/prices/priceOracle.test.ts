import { zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainClients } from '../chains/chainClients.ts'
import type { Address, ChainConfig } from '../config.ts'
import { PriceOracle } from './priceOracle.ts'

const chain = (contracts: ChainConfig['contracts'] = {}): ChainConfig => ({
  id: 31337,
  name: 'Test',
  rpcUrl: 'http://127.0.0.1:9',
  nativeSymbol: 'ETH',
  contracts,
  tokens: [],
  nfts: [],
})
const address = (i: number) => `0x${i.toString(16).padStart(40, '0')}` as Address
const POOLED = { usd: address(0xa), weth: address(0xb), factory: address(0xc) }

/**
 * A stand-in for the chain's RPC (a stub, named so): `getPair` answers "no pool" (the zero address), every other
 * read fails like a node that does not answer, and it counts the calls.
 */
function stubClients() {
  const calls = { getPair: 0, other: 0 }
  const clients = {
    get: () => ({
      readContract: async ({ functionName }: { functionName: string }) => {
        if (functionName === 'getPair') {
          calls.getPair++
          return zeroAddress
        }
        calls.other++
        throw new Error('node not answering')
      },
    }),
  } as unknown as ChainClients
  return { clients, calls }
}

describe('PriceOracle caches', () => {
  it('10,000 distinct addresses leave every cache at its bound', async () => {
    const { clients } = stubClients()
    const oracle = new PriceOracle(clients, { maxEntries: 1_000 })
    const plain = chain() // no pools configured: every price is a (cached) null
    for (let i = 1; i <= 10_000; i++) expect(await oracle.usdPrice(plain, address(i))).toBeNull()
    expect(oracle.cacheSizes().prices).toBe(1_000)

    const pooled = chain(POOLED) // "no pool" answers are cached too, briefly
    for (let i = 1; i <= 10_000; i++) await oracle.usdPrice(pooled, address(100_000 + i))
    const sizes = oracle.cacheSizes()
    expect(sizes.prices).toBe(1_000)
    expect(sizes.pairs).toBe(1_000)
  })

  it('"no pool" is believed for the negative expiry only; a failed read is never cached', async () => {
    let now = 1_000_000
    const { clients, calls } = stubClients()
    const oracle = new PriceOracle(clients, { ttlMs: 10_000, negativeTtlMs: 30_000, now: () => now })
    const pooled = chain(POOLED)
    await oracle.usdPrice(pooled, address(1))
    const first = calls.getPair
    expect(first).toBeGreaterThan(0)
    now += 20_000 // past the price's 10 s, within the pool's 30 s: the pools are not asked again
    await oracle.usdPrice(pooled, address(1))
    expect(calls.getPair).toBe(first)
    now += 15_000 // past 30 s: asked again (a pool may exist by now)
    await oracle.usdPrice(pooled, address(1))
    expect(calls.getPair).toBeGreaterThan(first)

    // Token metadata from a node that does not answer: the request fails (502 upstream), nothing is cached.
    await expect(oracle.tokenInfo(pooled, address(2))).rejects.toThrow('node not answering')
    await Promise.resolve()
    expect(oracle.cacheSizes().tokens).toBe(0)
  })
})

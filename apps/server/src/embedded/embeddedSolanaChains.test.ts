/**
 * `GET /v1/embedded/config`'s Solana chains: the devnet file's `solana` block as the frame needs it (CAIP-2 id, RPC,
 * known mints), resolved against the real Solana JSON-RPC stand-in (LiteSVM) when the block has no genesis hash;
 * never a public cluster's RPC URL (a secret); left out, not failing the frame, when the node does not answer.
 */
import {
  describeSolanaStandIn,
  SOLANA_STAND_IN_GENESIS_HASH,
  type SolanaStandIn,
  startSolanaStandIn,
} from '@foyer/devnet/solana'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type { ServerConfig } from '../config.ts'
import { describeEmbedded } from './embeddedTestKit.ts'

const LOCAL = `solana:${SOLANA_STAND_IN_GENESIS_HASH.slice(0, 32)}`
const SECRET_CLUSTER_URL = 'https://mainnet.rpc.example/v1/secret-api-key'

let standIn: SolanaStandIn
beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0, accounts: 2 })
})
afterAll(() => standIn?.stop())

await describeEmbedded('embeddedSolanaChains.test.ts', (k) => {
  // The kit reads no devnet file: each test puts the Solana block in the configuration the app reads.
  const setSolana = (solana: ServerConfig['solana']) => void Object.assign(k.config, { solana })
  afterEach(() => setSolana(undefined))
  const config = async () => {
    const answer = await k.json(await k.call('/v1/embedded/config'))
    expect(answer.status).toBe(200)
    return answer.body
  }

  it('has no solanaChains without a Solana block', async () => {
    expect(await config()).not.toHaveProperty('solanaChains')
  })

  it("names the devnet file's Solana chain: CAIP-2 id, name, RPC and the mints' address, symbol and decimals", async () => {
    const block = describeSolanaStandIn(standIn)
    setSolana(block)
    const body = await config()
    expect(body.solanaChains).toEqual([
      {
        id: LOCAL,
        name: block.name,
        rpcUrl: standIn.url,
        mints: block.mints.map(({ address, symbol, decimals }) => ({ address, symbol, decimals })),
      },
    ])
    expect(body.solanaChains[0].mints.map((m: { symbol: string }) => m.symbol)).toContain('fUSD')
  })

  it('asks the node for its genesis hash when the block has none', async () => {
    const { genesisHash: _, ...block } = describeSolanaStandIn(standIn)
    setSolana(block)
    expect((await config()).solanaChains.map((c: { id: string }) => c.id)).toEqual([LOCAL])
  })

  it("never hands the frame a public cluster's RPC URL (a secret)", async () => {
    const clusters = k.config.solanaClusters
    Object.assign(k.config, { solanaClusters: { mainnet: SECRET_CLUSTER_URL } })
    try {
      setSolana(describeSolanaStandIn(standIn))
      const body = await config()
      expect(body.solanaChains.map((c: { id: string }) => c.id)).toEqual([LOCAL])
      expect(JSON.stringify(body)).not.toContain('secret-api-key')
    } finally {
      Object.assign(k.config, { solanaClusters: clusters })
    }
  })

  it('leaves Solana out, and logs why, when the node does not answer; the EVM part still works', async () => {
    const { genesisHash: _, ...block } = describeSolanaStandIn(standIn)
    setSolana({ ...block, rpcUrl: 'http://127.0.0.1:9/' })
    const body = await config()
    expect(body).not.toHaveProperty('solanaChains')
    expect(body.allowedOrigins).toContain('http://127.0.0.1:5173')
    expect(k.logs.some((line) => line.includes('the Solana chain did not answer'))).toBe(true)
  })
})

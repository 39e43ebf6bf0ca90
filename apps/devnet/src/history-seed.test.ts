import { createPublicClient, http, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNT_ETH, devAccounts } from './accounts.ts'
import { type RunningChain, startChains } from './chains.ts'
import { type DeployedChain, deployChain } from './deploy.ts'
import { historyPlan, SEEDED_ACCOUNTS, seedHistory } from './history-seed.ts'
import { DEV_FUNDING } from './market.ts'

// Port from the account-data range (19200–19299), away from `npm start` and other tests.
const accounts = devAccounts()
let chain: RunningChain
let deployed: DeployedChain
let sent = 0

beforeAll(async () => {
  ;[chain] = await startChains([{ id: 31338, name: 'Seed test', port: 19210, portEnv: 'TEST' }])
  deployed = await deployChain({ rpcUrl: chain.rpcUrl, chainId: 31338, accounts })
  sent = await seedHistory({ rpcUrl: chain.rpcUrl, accounts, deployed })
})
afterAll(async () => chain?.stop())

describe('seedHistory', () => {
  it('sends five transactions from each seeded account, all mined and successful', async () => {
    expect(sent).toBe(SEEDED_ACCOUNTS.length * 5)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    for (const i of SEEDED_ACCOUNTS) expect(await client.getTransactionCount({ address: accounts[i]!.address })).toBe(5)
    expect(await client.getTransactionCount({ address: accounts[0]!.address })).toBeGreaterThan(0)
  })

  it('moves what the plan says: the fUSD ring nets out, the swaps add fUSD, the approval stays', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const abi = parseAbi([
      'function balanceOf(address) view returns (uint256)',
      'function allowance(address, address) view returns (uint256)',
    ])
    const plan = historyPlan(31338)
    const { usd, token, router } = deployed.contracts
    const account = accounts[3]!.address
    const [usdBalance, allowance, eth] = await Promise.all([
      client.readContract({ address: usd, abi, functionName: 'balanceOf', args: [account] }),
      client.readContract({ address: token, abi, functionName: 'allowance', args: [account, router] }),
      client.getBalance({ address: account }),
    ])
    // Sent usdToNext and received the same from the previous account; the FOY → fUSD swap added some.
    expect(usdBalance).toBeGreaterThan(DEV_FUNDING.usd)
    expect(allowance).toBe(plan.tokenApproval - plan.tokenToUsd)
    // Sent and received the same ETH; spent ethToToken on the swap and some gas.
    expect(eth).toBeLessThan(BigInt(DEV_ACCOUNT_ETH) * 10n ** 18n - plan.ethToToken)
    expect(eth).toBeGreaterThan(BigInt(DEV_ACCOUNT_ETH) * 10n ** 18n - plan.ethToToken - 10n ** 16n)
  })
})

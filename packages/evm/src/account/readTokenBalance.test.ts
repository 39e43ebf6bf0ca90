import { createRequire } from 'node:module'
import { createConfig, http } from '@wagmi/core'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  parseEther,
  http as viemHttp,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter/evmAdapter.ts'
import { toCaipNetwork } from '../networks/evmNetworks.ts'
import { createPublicClients } from '../networks/publicClients.ts'
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '../test/anvil.ts'
import { readTokenBalance, type TokenFacts } from './readTokenBalance.ts'

const [ALICE, BOB] = DEV_ACCOUNTS
const PORT = 19387
const chain = defineChain({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${PORT}`] } },
})
const network = toCaipNetwork(chain)

describe('ERC-20 balances over the network RPC (anvil)', () => {
  let anvil: Anvil
  let token: Address
  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: chain.id })
    // Uniswap's test ERC-20 (symbol UNI-V2, 18 decimals), its whole supply to Alice, 2.5 of it sent on to Bob.
    const artifact = createRequire(import.meta.url)('@uniswap/v2-core/build/ERC20.json') as {
      abi: any
      bytecode: string
    }
    const publicClient = createPublicClient({ chain, transport: viemHttp() })
    const alice = createWalletClient({ account: ALICE, chain, transport: viemHttp() })
    const deployed = await alice.deployContract({
      abi: artifact.abi,
      bytecode: `0x${artifact.bytecode}` as Hex,
      args: [parseEther('1000')],
    })
    token = (await publicClient.waitForTransactionReceipt({ hash: deployed })).contractAddress!
    const sent = await alice.writeContract({
      address: token,
      abi: artifact.abi,
      functionName: 'transfer',
      args: [BOB, parseEther('2.5')],
    })
    await publicClient.waitForTransactionReceipt({ hash: sent })
  })
  afterAll(() => anvil?.stop())

  it('reads the balance with the token’s decimals and symbol through the adapter', async () => {
    const adapter = evmAdapter({
      wagmiConfig: createConfig({
        chains: [chain],
        transports: { [chain.id]: http() },
        multiInjectedProviderDiscovery: false,
      }),
      reconnectOnMount: false,
    })
    expect(await adapter.getTokenBalance({ address: BOB, network, tokenAddress: token })).toEqual({
      value: parseEther('2.5'),
      decimals: 18,
      symbol: 'UNI-V2',
    })
    expect((await adapter.getTokenBalance({ address: ALICE, network, tokenAddress: token })).value).toBe(
      parseEther('997.5'),
    )
  })

  it('keeps decimals and symbol once read; forgets a failed read; a non-token address fails', async () => {
    const client = createPublicClients()(network)
    const facts: TokenFacts = new Map()
    await readTokenBalance(client, { address: BOB, tokenAddress: token }, facts)
    await readTokenBalance(client, { address: ALICE, tokenAddress: token }, facts)
    expect([...facts.keys()]).toEqual([`31337:${token.toLowerCase()}`])
    // Bob's account holds no contract: the read fails, and nothing of it is kept.
    await expect(readTokenBalance(client, { address: ALICE, tokenAddress: BOB }, facts)).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(facts.size).toBe(1)
  })
})

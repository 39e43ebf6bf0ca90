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
import { createPublicClients, type EvmPublicClient } from '../networks/publicClients.ts'
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

  it('decodes a bytes32 symbol (older tokens) and refuses answers of the wrong shape', async () => {
    const word = (hex: string) => hex.padStart(64, '0')
    const answering = (answers: Record<string, string>) =>
      ({
        chain,
        request: async ({ params }: { params: [{ data: string }] }) => answers[params[0].data.slice(0, 10)],
      }) as unknown as EvmPublicClient
    const mkr = answering({
      '0x70a08231': `0x${word('2a')}`,
      '0x313ce567': `0x${word('12')}`,
      '0x95d89b41': `0x${'4d4b52'.padEnd(64, '0')}`,
    })
    expect(await readTokenBalance(mkr, { address: BOB, tokenAddress: BOB }, new Map())).toEqual({
      value: 42n,
      decimals: 18,
      symbol: 'MKR',
    })
    for (const bad of [
      { '0x313ce567': `0x${word('100')}` }, // decimals beyond uint8
      { '0x95d89b41': `0x${word('20')}${word('ffff')}` }, // a string longer than the answer
      { '0x70a08231': '0x1234' }, // not whole words
    ]) {
      const client = answering({
        '0x70a08231': `0x${word('1')}`,
        '0x313ce567': `0x${word('6')}`,
        '0x95d89b41': `0x${word('20')}${word('3')}${'464f59'.padEnd(64, '0')}`,
        ...bad,
      })
      await expect(readTokenBalance(client, { address: BOB, tokenAddress: BOB }, new Map())).rejects.toMatchObject({
        name: 'TokenBalanceError',
      })
    }
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

import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  maxUint256,
  parseAbi,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devAccounts } from './accounts.ts'
import { type RunningChain, startChains } from './chains.ts'
import { type DeployedChain, deployChain } from './deploy.ts'
import { DEV_FUNDING, MARKETS, poolReserves } from './market.ts'

// Ports away from `npm start`'s 8545/8546 so the tests can run beside a running stack.
const CHAIN_PORTS = { 31337: 18545, 31338: 18546 }

const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
])
const erc721 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function ownerOf(uint256) view returns (address)',
])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
])
const routerAbi = parseAbi([
  'function getAmountsOut(uint amountIn, address[] path) view returns (uint[] amounts)',
  'function swapExactETHForTokens(uint amountOutMin, address[] path, address to, uint deadline) payable returns (uint[] amounts)',
  'function swapExactTokensForTokens(uint amountIn, uint amountOutMin, address[] path, address to, uint deadline) returns (uint[] amounts)',
])

const accounts = devAccounts()
let chains: RunningChain[] = []
let deployed: DeployedChain[] = []

const clientFor = (i: number) => createPublicClient({ transport: http(chains[i].rpcUrl) })

beforeAll(async () => {
  chains = await startChains([
    { id: 31337, name: 'Test 1', port: CHAIN_PORTS[31337], portEnv: 'TEST' },
    { id: 31338, name: 'Test 2', port: CHAIN_PORTS[31338], portEnv: 'TEST' },
  ])
  deployed = await Promise.all(chains.map((c) => deployChain({ rpcUrl: c.rpcUrl, chainId: c.id, accounts })))
})

afterAll(async () => {
  await Promise.all(chains.map((c) => c.stop()))
})

describe('deployChain', () => {
  it('puts every contract at the same address on each fresh chain', () => {
    expect(deployed[1].contracts).toEqual(deployed[0].contracts)
    expect(deployed[1].pairs).toEqual(deployed[0].pairs)
    // Pinned: docs/devnet.md lists these, and other tests may rely on them. Changing the deploy order moves them.
    expect(deployed[0].contracts).toEqual({
      weth: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      factory: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      router: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      usd: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
      token: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
      nft: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
      spamNft: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
    })
  })

  it('refuses a chain that is not fresh, since addresses would differ', async () => {
    await expect(deployChain({ rpcUrl: chains[0].rpcUrl, chainId: 31337, accounts })).rejects.toThrow(/not fresh/)
  })

  it('deploys tokens with the right metadata', async () => {
    const client = clientFor(0)
    const { usd, token } = deployed[0].contracts
    const read = (address: Address, functionName: 'symbol' | 'decimals') =>
      client.readContract({ address, abi: erc20, functionName })
    expect(
      await Promise.all([read(usd, 'symbol'), read(usd, 'decimals'), read(token, 'symbol'), read(token, 'decimals')]),
    ).toEqual(['fUSD', 6, 'FOY', 18])
  })

  it('seeds the three pools with the planned reserves, priced differently per chain', async () => {
    for (const [i, chain] of chains.entries()) {
      const client = clientFor(i)
      const { contracts, pairs } = deployed[i]
      const expected = poolReserves(MARKETS[chain.id])
      const reservesOf = async (pair: Address) => {
        const [[r0, r1], token0] = await Promise.all([
          client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
          client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
        ])
        return { r0, r1, token0 }
      }
      const check = async (pair: Address, a: Address, amountA: bigint, amountB: bigint) => {
        const { r0, r1, token0 } = await reservesOf(pair)
        expect(token0 === a ? [r0, r1] : [r1, r0]).toEqual([amountA, amountB])
      }
      await check(pairs.wethUsd, contracts.weth, expected.wethUsd.weth, expected.wethUsd.usd)
      await check(pairs.wethToken, contracts.weth, expected.wethToken.weth, expected.wethToken.token)
      await check(pairs.tokenUsd, contracts.token, expected.tokenUsd.token, expected.tokenUsd.usd)
    }
    expect(poolReserves(MARKETS[31337]).wethUsd.usd).toBe(300_000n * 10n ** 6n) // 1 ETH = 3000 fUSD
    expect(poolReserves(MARKETS[31338]).wethUsd.usd).toBe(330_000n * 10n ** 6n) // 1 ETH = 3300 fUSD
  })

  it('funds every dev account with fUSD and FOY and airdrops both NFT collections', async () => {
    const client = clientFor(0)
    const { usd, token, nft, spamNft } = deployed[0].contracts
    const balances = await Promise.all(
      accounts.map(async ({ address }) => [
        await client.readContract({ address: usd, abi: erc20, functionName: 'balanceOf', args: [address] }),
        await client.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [address] }),
        await client.readContract({ address: nft, abi: erc721, functionName: 'balanceOf', args: [address] }),
        await client.readContract({ address: spamNft, abi: erc721, functionName: 'balanceOf', args: [address] }),
      ]),
    )
    for (const row of balances) expect(row).toEqual([DEV_FUNDING.usd, DEV_FUNDING.token, 1n, 1n])
    expect(DEV_FUNDING).toEqual({ usd: 10_000n * 10n ** 6n, token: 5_000n * 10n ** 18n })
    expect(await client.readContract({ address: nft, abi: erc721, functionName: 'ownerOf', args: [3n] })).toBe(
      accounts[2].address,
    )
  })

  it('quotes differently on the two chains', async () => {
    const quote = (i: number) =>
      clientFor(i).readContract({
        address: deployed[i].contracts.router,
        abi: routerAbi,
        functionName: 'getAmountsOut',
        args: [parseEther('1'), [deployed[i].contracts.weth, deployed[i].contracts.usd]],
      })
    const [[, one], [, two]] = await Promise.all([quote(0), quote(1)])
    // 0.3 % pool fee and a 1 % move of a 100 ETH pool: about 2960 vs 3257 fUSD.
    expect(Number(one) / 1e6).toBeCloseTo(2961.4, 0)
    expect(Number(two) / 1e6).toBeCloseTo(3257.6, 0)
  })

  it('swaps through the router for exactly what getAmountsOut quoted', async () => {
    const client = clientFor(0)
    const trader = privateKeyToAccount(accounts[1].privateKey)
    const chain = defineChain({
      id: 31337,
      name: 'Test 1',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chains[0].rpcUrl] } },
    })
    const wallet = createWalletClient({ account: trader, chain, transport: http(chains[0].rpcUrl) })
    const { router, weth, usd, token } = deployed[0].contracts
    const balanceOf = (address: Address) =>
      client.readContract({ address, abi: erc20, functionName: 'balanceOf', args: [trader.address] })
    const confirm = async (hash: `0x${string}`) =>
      expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 5 })).status).toBe('success')

    // ETH → fUSD
    const ethIn = parseEther('1')
    const [, usdQuoted] = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [ethIn, [weth, usd]],
    })
    const usdBefore = await balanceOf(usd)
    await confirm(
      await wallet.writeContract({
        address: router,
        abi: routerAbi,
        functionName: 'swapExactETHForTokens',
        args: [usdQuoted, [weth, usd], trader.address, maxUint256],
        value: ethIn,
      }),
    )
    expect((await balanceOf(usd)) - usdBefore).toBe(usdQuoted)

    // FOY → WETH → fUSD, two hops
    const foyIn = parseEther('100')
    const path = [token, weth, usd]
    const amounts = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [foyIn, path],
    })
    const [foyBefore, usdMid] = await Promise.all([balanceOf(token), balanceOf(usd)])
    await confirm(
      await wallet.writeContract({ address: token, abi: erc20, functionName: 'approve', args: [router, foyIn] }),
    )
    await confirm(
      await wallet.writeContract({
        address: router,
        abi: routerAbi,
        functionName: 'swapExactTokensForTokens',
        args: [foyIn, amounts[2], path, trader.address, maxUint256],
      }),
    )
    expect(foyBefore - (await balanceOf(token))).toBe(foyIn)
    expect((await balanceOf(usd)) - usdMid).toBe(amounts[2])
  })
})

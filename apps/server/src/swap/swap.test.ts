import { createRequire } from 'node:module'
import { NATIVE_TOKEN_ADDRESS_EVM } from '@foyer/core'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../test/backends.ts'

// Real chain: anvil on this file's own port (19300), deployed and seeded by the devnet code the stack uses.
const PORT = 19300
const CHAIN_ID = 31337
const chain = defineChain({
  id: CHAIN_ID,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${PORT}`] } },
})
const routerAbi = parseAbi([
  'function getAmountsOut(uint amountIn, address[] path) view returns (uint[] amounts)',
  'function addLiquidityETH(address token, uint amountTokenDesired, uint amountTokenMin, uint amountETHMin, address to, uint deadline) payable returns (uint, uint, uint)',
  'function swapExactTokensForETH(uint amountIn, uint amountOutMin, address[] path, address to, uint deadline) returns (uint[] amounts)',
])
const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
])
const caip = (address: string) => `eip155:${CHAIN_ID}:${address}`
const NATIVE = caip(NATIVE_TOKEN_ADDRESS_EVM)

let devnet: RunningDevnet
let t: TestDatabase
let app: FoyerApp
const publicClient = createPublicClient({ chain, transport: http() })

beforeAll(async () => {
  ;[devnet, t] = await Promise.all([
    startDevnet({
      chains: [{ id: CHAIN_ID, name: 'Foyer Local', port: PORT, portEnv: 'FOYER_TEST_PORT' }],
      devnetFile: null,
    }),
    openTestPGlite(),
  ])
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'no-swaps', allowedOrigins: ['https://no-swaps.example'], features: { swaps: false } },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = devnet.info.chains.map((c) => ({ ...c, tokens: c.tokens.map((token) => ({ ...token })), nfts: [] }))
  const projects = new ProjectStore(t.database.kysely)
  await seedProjects(projects, config)
  app = createApp({ db: t.database, config, projects })
}, BACKEND_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all([devnet?.stop(), t?.cleanup()])
})

const contracts = () =>
  devnet.info.chains[0]!.contracts as Record<'weth' | 'usd' | 'token' | 'router' | 'factory', Address>
const account = (index: number) => privateKeyToAccount(devnet.info.accounts[index]!.privateKey as Hex)
const wallet = (index: number) => createWalletClient({ account: account(index), chain, transport: http() })

async function get(path: string, query: Record<string, string>, projectId = 'foyer-demo') {
  const response = await app.request(`${path}?${new URLSearchParams({ projectId, ...query })}`)
  return { status: response.status, body: (await response.json()) as any }
}
async function post(path: string, body: Record<string, unknown>) {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'foyer-demo', ...body }),
  })
  return { status: response.status, body: (await response.json()) as any }
}
const amountsOut = (amount: bigint, path: Address[]) =>
  publicClient.readContract({
    address: contracts().router,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [amount, path],
  })
const balanceOf = (token: Address, owner: Address) =>
  publicClient.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [owner] })

/** Sends a built transaction the way the modal does: through a wallet, with the server's gas and gas price. */
async function send(
  index: number,
  tx: { to: Address; data: Hex; value: string; eip155: { gas: string; gasPrice: string } },
) {
  const hash = await wallet(index).sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  return publicClient.waitForTransactionReceipt({ hash })
}

describe('GET /v1/convert/tokens', () => {
  it('lists native first, then the chain tokens as CAIP ids (wrapped native left out)', async () => {
    const { status, body } = await get('/v1/convert/tokens', { chainId: `eip155:${CHAIN_ID}` })
    expect(status).toBe(200)
    expect(body.tokens.map((token: any) => [token.symbol, token.decimals, token.address])).toEqual([
      ['ETH', 18, NATIVE],
      ['fUSD', 6, caip(contracts().usd.toLowerCase())],
      ['FOY', 18, caip(contracts().token.toLowerCase())],
    ])
    expect((await get('/v1/convert/tokens', { chainId: String(CHAIN_ID) })).body).toEqual(body)
  })
  it('refuses chains without a router and malformed ids', async () => {
    expect(await get('/v1/convert/tokens', { chainId: 'eip155:1' })).toMatchObject({
      status: 400,
      body: { error: { code: 'unsupported_chain' } },
    })
    expect(await get('/v1/convert/tokens', { chainId: 'mainnet' })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request' } },
    })
    expect(await get('/v1/convert/tokens', {})).toMatchObject({
      status: 400,
      body: { error: { details: { issues: [{ path: 'chainId' }] } } },
    })
  })
  it('answers 403 feature_disabled for a project with swaps off', async () => {
    expect(await get('/v1/convert/tokens', { chainId: String(CHAIN_ID) }, 'no-swaps')).toMatchObject({
      status: 403,
      body: { error: { code: 'feature_disabled' } },
    })
  })
})

describe('GET /v1/convert/quotes', () => {
  it('native → stablecoin equals the router getAmountsOut over WETH/fUSD', async () => {
    const amount = parseEther('1.5')
    const { status, body } = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      from: NATIVE,
      to: caip(contracts().usd),
      userAddress: caip(account(3).address),
      gasPrice: '1000000000',
    })
    expect(status).toBe(200)
    const expected = await amountsOut(amount, [contracts().weth, contracts().usd])
    expect(body.quotes[0].toAmount).toBe(expected[1]!.toString())
    expect(body.quotes[0].path).toEqual([caip(contracts().weth), caip(contracts().usd)])
    // 1.5 ETH in a 100 ETH pool with a 0.3 % fee moves the price by about 1.8 %.
    expect(body.quotes[0].priceImpact).toBeGreaterThan(1.5)
    expect(body.quotes[0].priceImpact).toBeLessThan(2)
  })

  it('picks the better of the direct pool and the hop through WETH, as the router computes them', async () => {
    const amount = parseUnits('250', 6)
    const { body } = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      from: caip(contracts().usd),
      to: caip(contracts().token),
    })
    const direct = (await amountsOut(amount, [contracts().usd, contracts().token])).at(-1)!
    const viaWeth = (await amountsOut(amount, [contracts().usd, contracts().weth, contracts().token])).at(-1)!
    expect(BigInt(body.quotes[0].toAmount)).toBe(direct > viaWeth ? direct : viaWeth)
    expect(body.quotes[0].path).toHaveLength(direct > viaWeth ? 2 : 3)
  })

  it('routes through WETH when the pair has no pool of its own', async () => {
    // A new token with only a WETH pool: fUSD → NEW must hop through WETH.
    const require = createRequire(import.meta.url)
    const artifact = require('@uniswap/v2-core/build/ERC20.json') as { abi: any; bytecode: string }
    const deployer = wallet(9)
    const hash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: `0x${artifact.bytecode}` as Hex,
      args: [parseEther('1000000')],
    })
    const newToken = getAddress((await publicClient.waitForTransactionReceipt({ hash })).contractAddress!)
    await publicClient.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: newToken,
        abi: erc20,
        functionName: 'approve',
        args: [contracts().router, 2n ** 255n],
      }),
    })
    await publicClient.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: contracts().router,
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [newToken, parseEther('10000'), 0n, 0n, deployer.account.address, 2n ** 40n],
        value: parseEther('10'),
      }),
    })
    const amount = parseUnits('30', 6)
    const { status, body } = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      from: caip(contracts().usd),
      to: caip(newToken),
    })
    expect(status).toBe(200)
    expect(body.quotes[0].path).toEqual([caip(contracts().usd), caip(contracts().weth), caip(newToken)])
    expect(body.quotes[0].toAmount).toBe(
      (await amountsOut(amount, [contracts().usd, contracts().weth, newToken])).at(-1)!.toString(),
    )
  })

  it('refuses bad input with the reasons, and tokens with no pool at all', async () => {
    const { status, body } = await get('/v1/convert/quotes', {
      amount: '-1',
      from: 'eth',
      to: caip(contracts().usd),
      gasPrice: 'fast',
    })
    expect(status).toBe(400)
    expect(body.error.details.issues.map((issue: any) => issue.path).sort()).toEqual(['amount', 'from', 'gasPrice'])
    const otherChain = await get('/v1/convert/quotes', {
      amount: '1',
      from: NATIVE,
      to: `eip155:31338:${contracts().usd}`,
    })
    expect(otherChain.body.error.message).toMatch(/same chain/)
    const nowhere = await get('/v1/convert/quotes', {
      amount: '1000',
      from: NATIVE,
      to: caip('0x000000000000000000000000000000000000dEaD'),
    })
    expect(nowhere).toMatchObject({ status: 400, body: { error: { code: 'no_route' } } })
    const wrap = await get('/v1/convert/quotes', { amount: '1000', from: NATIVE, to: caip(contracts().weth) })
    expect(wrap).toMatchObject({ status: 400, body: { error: { code: 'no_route' } } })
  })
})

describe('GET /v1/convert/gas-price', () => {
  it('reads standard ≤ fast ≤ instant from the node fee history', async () => {
    const { status, body } = await get('/v1/convert/gas-price', { chainId: `eip155:${CHAIN_ID}` })
    expect(status).toBe(200)
    const [standard, fast, instant] = [body.standard, body.fast, body.instant].map(BigInt)
    const block = await publicClient.getBlock()
    expect(standard).toBeGreaterThanOrEqual((block.baseFeePerGas! * 7n) / 8n) // the next block's base fee is at least 7/8 of this one's
    expect(fast).toBeGreaterThanOrEqual(standard)
    expect(instant).toBeGreaterThanOrEqual(fast)
  })
})

describe('building and sending swaps', () => {
  it('native → stablecoin: the built transaction, sent, yields the quoted amount (at least the minimum)', async () => {
    const user = account(3).address
    const amount = parseEther('0.25')
    const { body: quoted } = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      from: NATIVE,
      to: caip(contracts().usd),
      userAddress: caip(user),
    })
    const { status, body } = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: 1 },
      from: NATIVE,
      to: caip(contracts().usd),
      userAddress: caip(user),
    })
    expect(status).toBe(200)
    expect(body.tx).toMatchObject({ to: contracts().router, value: amount.toString(), chainId: `eip155:${CHAIN_ID}` })
    expect(BigInt(body.quote.minimumToAmount)).toBe((BigInt(quoted.quotes[0].toAmount) * 9_900n) / 10_000n)
    expect(body.quote.deadline).toBeGreaterThan(Date.now() / 1000 + 19 * 60)
    const before = await balanceOf(contracts().usd, user)
    const receipt = await send(3, body.tx)
    expect(receipt.status).toBe('success')
    const received = (await balanceOf(contracts().usd, user)) - before
    expect(received).toBe(BigInt(quoted.quotes[0].toAmount)) // nobody traded in between
    expect(received).toBeGreaterThanOrEqual(BigInt(body.quote.minimumToAmount))
  })

  it('stablecoin → 18-decimal token from zero allowance: refused, approve, then swap', async () => {
    const user = account(4).address
    const amount = parseUnits('100', 6)
    const request = {
      amount: amount.toString(),
      eip155: { slippage: 1 },
      from: caip(contracts().usd),
      to: caip(contracts().token),
      userAddress: caip(user),
    }
    expect(
      (await get('/v1/convert/allowance', { tokenAddress: caip(contracts().usd), userAddress: caip(user) })).body,
    ).toEqual({ allowance: '0' })
    expect(await post('/v1/convert/build-transaction', request)).toMatchObject({
      status: 400,
      body: { error: { code: 'insufficient_allowance' } },
    })
    // Built to run in one batch after its approval: no refusal, and a gas budget instead of an estimate.
    const early = await post('/v1/convert/build-transaction', {
      ...request,
      eip155: { slippage: 1, afterApproval: true },
    })
    expect(early.status).toBe(200)
    expect(early.body.tx.eip155.gas).toBe('250000')
    expect(
      await post('/v1/convert/build-transaction', { ...request, eip155: { slippage: 1, afterApproval: 'yes' } }),
    ).toMatchObject({ status: 400 })

    const approve = await get('/v1/convert/build-approve', {
      userAddress: caip(user),
      from: caip(contracts().usd),
      to: caip(contracts().token),
      amount: amount.toString(),
    })
    expect(approve.status).toBe(200)
    expect(approve.body.tx).toMatchObject({ to: contracts().usd, value: '0' })
    expect((await send(4, approve.body.tx)).status).toBe('success')
    expect(
      (await get('/v1/convert/allowance', { tokenAddress: caip(contracts().usd), userAddress: caip(user) })).body,
    ).toEqual({ allowance: amount.toString() })

    const { body: quoted } = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      from: caip(contracts().usd),
      to: caip(contracts().token),
    })
    const built = await post('/v1/convert/build-transaction', request)
    expect(built.status).toBe(200)
    const before = await balanceOf(contracts().token, user)
    const usdBefore = await balanceOf(contracts().usd, user)
    // The swap built before the approval lands once the approval has.
    expect((await send(4, early.body.tx)).status).toBe('success')
    expect((await balanceOf(contracts().token, user)) - before).toBe(BigInt(quoted.quotes[0].toAmount))
    expect(usdBefore - (await balanceOf(contracts().usd, user))).toBe(amount)
    expect(
      await publicClient.readContract({
        address: contracts().usd,
        abi: erc20,
        functionName: 'allowance',
        args: [user, contracts().router],
      }),
    ).toBe(0n)
  })

  it('token → native, and the minimum output protects against a price move after building', async () => {
    const user = account(5).address
    const amount = parseUnits('500', 6)
    await send(
      5,
      (await get('/v1/convert/build-approve', { userAddress: caip(user), from: caip(contracts().usd), to: NATIVE }))
        .body.tx,
    )
    expect(
      (await get('/v1/convert/allowance', { tokenAddress: caip(contracts().usd), userAddress: caip(user) })).body
        .allowance,
    ).toBe((2n ** 256n - 1n).toString())
    const built = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: 0.5 },
      from: caip(contracts().usd),
      to: NATIVE,
      userAddress: caip(user),
    })
    expect(built.status).toBe(200)
    // Someone sells 5,000 fUSD for ETH first: ETH gets dearer, so the built swap would now yield under 99.5 %.
    const whale = wallet(6)
    const approved = await publicClient.waitForTransactionReceipt({
      hash: await whale.writeContract({
        address: contracts().usd,
        abi: erc20,
        functionName: 'approve',
        args: [contracts().router, 2n ** 255n],
      }),
    })
    expect(approved.status).toBe('success')
    const sold = await publicClient.waitForTransactionReceipt({
      hash: await whale.writeContract({
        address: contracts().router,
        abi: routerAbi,
        functionName: 'swapExactTokensForETH',
        args: [parseUnits('5000', 6), 0n, [contracts().usd, contracts().weth], whale.account.address, 2n ** 40n],
      }),
    })
    expect(sold.status).toBe('success')
    const usdBefore = await balanceOf(contracts().usd, user)
    const hash = await wallet(5).sendTransaction({
      to: built.body.tx.to,
      data: built.body.tx.data,
      gas: BigInt(built.body.tx.eip155.gas),
    })
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted')
    expect(await balanceOf(contracts().usd, user)).toBe(usdBefore)
    // Rebuilt at the new price, the same swap goes through.
    const rebuilt = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      eip155: { slippage: 0.5 },
      from: caip(contracts().usd),
      to: NATIVE,
      userAddress: caip(user),
    })
    const ethBefore = await publicClient.getBalance({ address: user })
    const receipt = await send(5, rebuilt.body.tx)
    expect(receipt.status).toBe('success')
    const gasPaid = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await publicClient.getBalance({ address: user })) - ethBefore + gasPaid).toBe(
      BigInt(rebuilt.body.quote.toAmount),
    )
  })

  it('refuses to build what would fail, and bad bodies', async () => {
    const poor = '0x000000000000000000000000000000000000bEEF'
    const tooMuch = await post('/v1/convert/build-transaction', {
      amount: parseEther('1').toString(),
      eip155: { slippage: 1 },
      from: NATIVE,
      to: caip(contracts().usd),
      userAddress: caip(poor),
    })
    expect(tooMuch).toMatchObject({ status: 400, body: { error: { code: 'transaction_would_fail' } } })
    const bad = await post('/v1/convert/build-transaction', {
      amount: '1',
      eip155: { slippage: 80 },
      from: NATIVE,
      to: caip(contracts().usd),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.issues.map((issue: any) => issue.path).sort()).toEqual([
      'eip155.slippage',
      'userAddress',
    ])
    expect(
      await get('/v1/convert/build-approve', { userAddress: caip(poor), from: NATIVE, to: caip(contracts().usd) }),
    ).toMatchObject({ status: 400, body: { error: { code: 'approval_not_needed' } } })
    expect((await get('/v1/convert/allowance', { tokenAddress: NATIVE, userAddress: caip(poor) })).body.allowance).toBe(
      (2n ** 256n - 1n).toString(),
    )
  })
})

// viem/utils rather than viem: the encoders without the client half keep `npm start` quicker (see rpc.ts).

import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  getCreate2Address,
  keccak256,
  parseAbi,
} from 'viem/utils'
import type { DevAccount } from './accounts.ts'
import { assertRouterMatchesPair, ownArtifacts, uniswapArtifacts } from './artifacts.ts'
import { hashSources, readSources } from './compile.ts'
import { installFarcasterRegistries } from './farcaster/registry.ts'
import { FARCASTER_CHAIN_ID } from './farcaster/users.ts'
import {
  DEV_FUNDING,
  type Market,
  marketFor,
  NFT_INFO,
  poolReserves,
  SPAM_NFT_INFO,
  TOKEN_INFO,
  USD_INFO,
} from './market.ts'
import { jsonRpc } from './rpc.ts'
import { type DeployStep, sendSteps } from './sendSteps.ts'

export interface DeployedContracts {
  weth: Address
  usd: Address
  token: Address
  factory: Address
  router: Address
  nft: Address
  spamNft: Address
}

export interface DeployedChain {
  chainId: number
  contracts: DeployedContracts
  /** Uniswap V2 pair addresses of the seeded pools. */
  pairs: { wethUsd: Address; wethToken: Address; tokenUsd: Address }
  market: Market
}

export interface DeployOptions {
  rpcUrl: string
  chainId: number
  /** Dev accounts; the first is the deployer, all of them are funded. */
  accounts: DevAccount[]
  /** Defaults to the chain's entry in MARKETS. */
  market?: Market
}

const tokenAbi = parseAbi([
  'function mint(address to, uint256 value)',
  'function mintEach(address[] recipients, uint256 value)',
  'function approve(address spender, uint256 value) returns (bool)',
])
const nftAbi = parseAbi(['function mintEach(address[] recipients)'])
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint amountADesired, uint amountBDesired, uint amountAMin, uint amountBMin, address to, uint deadline) returns (uint, uint, uint)',
  'function addLiquidityETH(address token, uint amountTokenDesired, uint amountTokenMin, uint amountETHMin, address to, uint deadline) payable returns (uint, uint, uint)',
])

/** Unlimited approvals and deadlines. */
const MAX_UINT256 = 2n ** 256n - 1n

/** If someone edited a .sol file but did not recompile, the chain would run stale code: say so instead. */
function assertArtifactsFresh(): void {
  if (ownArtifacts().sourceHash !== hashSources(readSources())) {
    throw new Error(
      'src/contracts/artifacts.json is out of date with the .sol sources: run `npm run compile -w @foyer/devnet`',
    )
  }
}

/** Uniswap V2 pair address of two tokens, as the factory's CREATE2 computes it. */
function pairAddress(factory: Address, initCodeHash: Hex, a: Address, b: Address): Address {
  const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
  return getCreate2Address({
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: initCodeHash,
  })
}

/**
 * Deploys and seeds one fresh chain. Dev account 0 sends everything in a fixed order from nonce 0, so every
 * address is known before anything is sent and is the same on every start and on both chains:
 *   0 WETH9, 1 UniswapV2Factory, 2 UniswapV2Router02, 3 fUSD, 4 FOY, 5 Foyer Pass NFT, 6 spam NFT,
 * then funding, approvals, the three pools (WETH/fUSD, FOY/fUSD, WETH/FOY) and the NFT airdrops that give the
 * dev accounts some history. anvil mines each transaction as it arrives, so they are sent back to back and
 * checked together at the end (~100 ms a chain). On chain 31337 the Farcaster registry stand-ins follow
 * (farcaster/registry.ts), installed without a transaction.
 */
export async function deployChain(opts: DeployOptions): Promise<DeployedChain> {
  assertArtifactsFresh()
  const uniswap = uniswapArtifacts()
  const initCodeHash = assertRouterMatchesPair(uniswap)
  const own = ownArtifacts().contracts
  const market = opts.market ?? marketFor(opts.chainId)
  const reserves = poolReserves(market)

  const deployer = privateKeyToAccount(opts.accounts[0].privateKey)
  const rpc = jsonRpc(opts.rpcUrl)
  const [firstNonce, chainId] = await Promise.all([rpc.nonce(deployer.address), rpc.chainId()])
  if (firstNonce !== 0) {
    throw new Error(
      `Chain ${opts.chainId} at ${opts.rpcUrl} is not fresh (deployer nonce ${firstNonce}); deploy needs a new anvil`,
    )
  }
  if (chainId !== opts.chainId) throw new Error(`${opts.rpcUrl} is chain ${chainId}, expected ${opts.chainId}`)

  const createdAt = (nonce: number) => getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
  const contracts: DeployedContracts = {
    weth: createdAt(0),
    factory: createdAt(1),
    router: createdAt(2),
    usd: createdAt(3),
    token: createdAt(4),
    nft: createdAt(5),
    spamNft: createdAt(6),
  }
  const { weth, factory, router, usd, token, nft, spamNft } = contracts
  const me = deployer.address
  const everyone = opts.accounts.map((a) => a.address)
  const { wethUsd, tokenUsd, wethToken } = reserves

  const steps: DeployStep[] = [
    { what: 'deploying WETH9', data: encodeDeployData({ ...uniswap.weth9 }) },
    { what: 'deploying UniswapV2Factory', data: encodeDeployData({ ...uniswap.factory, args: [me] }) },
    { what: 'deploying UniswapV2Router02', data: encodeDeployData({ ...uniswap.router02, args: [factory, weth] }) },
    {
      what: 'deploying fUSD',
      data: encodeDeployData({ ...own.DevToken, args: [USD_INFO.name, USD_INFO.symbol, USD_INFO.decimals] }),
    },
    {
      what: 'deploying FOY',
      data: encodeDeployData({ ...own.DevToken, args: [TOKEN_INFO.name, TOKEN_INFO.symbol, TOKEN_INFO.decimals] }),
    },
    { what: 'deploying Foyer Pass', data: encodeDeployData({ ...own.DevNft, args: [NFT_INFO.name, NFT_INFO.symbol] }) },
    {
      what: 'deploying spam NFT',
      data: encodeDeployData({ ...own.DevNft, args: [SPAM_NFT_INFO.name, SPAM_NFT_INFO.symbol] }),
    },
    {
      what: 'funding fUSD',
      to: usd,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'mintEach', args: [everyone, DEV_FUNDING.usd] }),
    },
    {
      what: 'funding FOY',
      to: token,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'mintEach', args: [everyone, DEV_FUNDING.token] }),
    },
    // Liquidity is minted on top of account 0's funding and fully spent on the pools, so account 0 ends with
    // the same fUSD and FOY as every other dev account.
    {
      what: 'minting fUSD liquidity',
      to: usd,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [me, wethUsd.usd + tokenUsd.usd] }),
    },
    {
      what: 'minting FOY liquidity',
      to: token,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [me, wethToken.token + tokenUsd.token] }),
    },
    {
      what: 'approving fUSD',
      to: usd,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [router, MAX_UINT256] }),
    },
    {
      what: 'approving FOY',
      to: token,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [router, MAX_UINT256] }),
    },
    // Exact amounts as minimums: seeding a new pool must land on precisely the planned reserves.
    {
      what: 'adding WETH/fUSD liquidity',
      to: router,
      value: wethUsd.weth,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [usd, wethUsd.usd, wethUsd.usd, wethUsd.weth, me, MAX_UINT256],
      }),
    },
    {
      what: 'adding FOY/fUSD liquidity',
      to: router,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'addLiquidity',
        args: [token, usd, tokenUsd.token, tokenUsd.usd, tokenUsd.token, tokenUsd.usd, me, MAX_UINT256],
      }),
    },
    {
      what: 'adding WETH/FOY liquidity',
      to: router,
      value: wethToken.weth,
      data: encodeFunctionData({
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [token, wethToken.token, wethToken.token, wethToken.weth, me, MAX_UINT256],
      }),
    },
    {
      what: 'airdropping Foyer Pass',
      to: nft,
      data: encodeFunctionData({ abi: nftAbi, functionName: 'mintEach', args: [everyone] }),
    },
    {
      what: 'airdropping spam NFT',
      to: spamNft,
      data: encodeFunctionData({ abi: nftAbi, functionName: 'mintEach', args: [everyone] }),
    },
  ]

  await sendSteps(rpc, deployer, { chainId, firstNonce, where: `Devnet deploy on chain ${opts.chainId}` }, steps)
  // Sign in with Farcaster reads Farcaster's registries; the local chain has stand-ins at their real addresses.
  if (opts.chainId === FARCASTER_CHAIN_ID) await installFarcasterRegistries(opts.rpcUrl)

  return {
    chainId: opts.chainId,
    contracts,
    pairs: {
      wethUsd: pairAddress(factory, initCodeHash, weth, usd),
      wethToken: pairAddress(factory, initCodeHash, weth, token),
      tokenUsd: pairAddress(factory, initCodeHash, token, usd),
    },
    market,
  }
}

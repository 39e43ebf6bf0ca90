/**
 * Gives the dev accounts a history worth showing in Activity, after the deploy: each of accounts 1–9 sends ETH and
 * fUSD to the next account, approves the router for FOY, swaps ETH → FOY and FOY → fUSD. Together with the deploy's
 * funding mints and NFT airdrops (one of them spam), every account has sends, receives, two trades, an approval and
 * a spam-only entry. Amounts differ per chain so a test can tell the chains' entries apart. Transactions are signed
 * locally with fixed gas and sent back to back (anvil mines each on arrival): ~45 per chain, a few hundred ms.
 */

import type { Address, Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { encodeFunctionData, parseAbi, parseEther, parseGwei, parseUnits } from 'viem/utils'
import type { DevAccount } from './accounts.ts'
import type { DeployedChain } from './deploy.ts'
import { jsonRpc } from './rpc.ts'

const erc20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
])
const router = parseAbi([
  'function swapExactETHForTokens(uint amountOutMin, address[] path, address to, uint deadline) payable returns (uint[] amounts)',
  'function swapExactTokensForTokens(uint amountIn, uint amountOutMin, address[] path, address to, uint deadline) returns (uint[] amounts)',
])

const GAS_LIMIT = 500_000n
const MAX_FEE = parseGwei('50')
const PRIORITY_FEE = parseGwei('1')
const NO_DEADLINE = 2n ** 255n

/** What each seeding account does, per chain: chain 31338 moves other amounts than 31337. */
export function historyPlan(chainId: number) {
  const second = chainId !== 31337
  return {
    ethToNext: parseEther(second ? '0.25' : '0.5'),
    usdToNext: parseUnits(second ? '12.5' : '25', 6),
    tokenApproval: parseEther('100'),
    ethToToken: parseEther(second ? '0.02' : '0.01'),
    tokenToUsd: parseEther(second ? '20' : '10'),
  }
}

/** Accounts that get the seeded history (account 0 is the deployer and already has its own). */
export const SEEDED_ACCOUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const

export async function seedHistory({
  rpcUrl,
  accounts,
  deployed,
}: {
  rpcUrl: string
  accounts: DevAccount[]
  deployed: DeployedChain
}): Promise<number> {
  const rpc = jsonRpc(rpcUrl)
  const { usd, token, weth, router: routerAddress } = deployed.contracts
  const plan = historyPlan(deployed.chainId)
  const lastHashes: Hash[] = []
  const all: { hash: Hash; what: string }[] = []
  const seeded = SEEDED_ACCOUNTS.filter((i) => i < accounts.length)
  await Promise.all(
    seeded.map(async (i, position) => {
      const account = privateKeyToAccount(accounts[i]!.privateKey)
      const next = accounts[seeded[(position + 1) % seeded.length]!]!.address
      const me = account.address
      const steps: { what: string; to: Address; data?: `0x${string}`; value?: bigint }[] = [
        { what: 'sending ETH', to: next, value: plan.ethToNext },
        {
          what: 'sending fUSD',
          to: usd,
          data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [next, plan.usdToNext] }),
        },
        {
          what: 'approving FOY',
          to: token,
          data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [routerAddress, plan.tokenApproval] }),
        },
        {
          what: 'swapping ETH for FOY',
          to: routerAddress,
          value: plan.ethToToken,
          data: encodeFunctionData({
            abi: router,
            functionName: 'swapExactETHForTokens',
            args: [0n, [weth, token], me, NO_DEADLINE],
          }),
        },
        {
          what: 'swapping FOY for fUSD',
          to: routerAddress,
          data: encodeFunctionData({
            abi: router,
            functionName: 'swapExactTokensForTokens',
            args: [plan.tokenToUsd, 0n, [token, usd], me, NO_DEADLINE],
          }),
        },
      ]
      const first = await rpc.nonce(me)
      let hash: Hash | undefined
      for (const [offset, step] of steps.entries()) {
        const signed = await account.signTransaction({
          type: 'eip1559',
          chainId: deployed.chainId,
          nonce: first + offset,
          to: step.to,
          data: step.data ?? '0x',
          value: step.value ?? 0n,
          gas: GAS_LIMIT,
          maxFeePerGas: MAX_FEE,
          maxPriorityFeePerGas: PRIORITY_FEE,
        })
        hash = await rpc.sendRaw(signed)
        all.push({ hash, what: `account ${i} ${step.what}` })
      }
      lastHashes.push(hash!)
    }),
  )
  await Promise.all(lastHashes.map((h) => rpc.waitForReceipt(h)))
  const receipts = await Promise.all(all.map((t) => rpc.receipt(t.hash)))
  const failed = receipts.findIndex((r) => r?.status !== '0x1')
  if (failed >= 0)
    throw new Error(
      `Devnet history seed on chain ${deployed.chainId}: ${all[failed]!.what} reverted (${all[failed]!.hash})`,
    )
  return all.length
}

import { maxUint256, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { ClientNotSetError, type HttpRequestError } from '../errors/errors.ts'
import { NO_SWAPS_PROJECT, swapTestServerForFile } from '../test/swapTestServer.ts'
import { fetchSwapAllowance } from './fetchSwapAllowance.ts'
import { SwapAllowanceError } from './swapErrors.ts'

// The real server over HTTP on this file's own anvil (19364).
const { server: t, client } = swapTestServerForFile(19364)

describe('fetchSwapAllowance', () => {
  it('0 before an approve; the approved amount after it (the router allowance on chain)', async () => {
    const user = t.accounts[4]!.address
    const parameters = { tokenAddress: t.caip(t.contracts.usd), userAddress: t.caip(user) }
    expect(await fetchSwapAllowance(client(), parameters)).toBe(0n)
    const amount = parseUnits('42', 6)
    const hash = await t.walletClient(4).writeContract({
      address: t.contracts.usd,
      abi: [
        {
          type: 'function',
          name: 'approve',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'spender', type: 'address' },
            { name: 'amount', type: 'uint256' },
          ],
          outputs: [{ type: 'bool' }],
        },
      ],
      functionName: 'approve',
      args: [t.contracts.router, amount],
    })
    expect((await t.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await fetchSwapAllowance(client(), parameters)).toBe(amount)
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(amount)
  })

  it('the native token needs no approval: the most a uint256 holds', async () => {
    const allowance = await fetchSwapAllowance(client(), {
      tokenAddress: t.native,
      userAddress: t.caip(t.accounts[4]!.address),
    })
    expect(allowance).toBe(maxUint256)
  })

  it('a malformed token id is a 400, swaps off a 403: SwapAllowanceError ("Failed to check allowance")', async () => {
    const userAddress = t.caip(t.accounts[4]!.address)
    const bad = await fetchSwapAllowance(client(), { tokenAddress: 'fUSD', userAddress }).catch((e: unknown) => e)
    expect(bad).toBeInstanceOf(SwapAllowanceError)
    expect(bad).toMatchObject({ step: 'allowance', shortMessage: 'Failed to check allowance' })
    expect(((bad as SwapAllowanceError).cause as HttpRequestError).status).toBe(400)
    const parameters = { tokenAddress: t.caip(t.contracts.usd), userAddress }
    const off = await fetchSwapAllowance(client(NO_SWAPS_PROJECT), parameters).catch((e: unknown) => e)
    expect(((off as SwapAllowanceError).cause as HttpRequestError).status).toBe(403)
    await expect(fetchSwapAllowance({}, parameters)).rejects.toBeInstanceOf(ClientNotSetError)
  })
})

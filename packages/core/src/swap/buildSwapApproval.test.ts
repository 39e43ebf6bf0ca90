import { maxUint256, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { ClientNotSetError, type HttpRequestError } from '../errors/errors.ts'
import { NO_SWAPS_PROJECT, swapTestServerForFile } from '../test/swapTestServer.ts'
import { buildSwapApproval } from './buildSwapApproval.ts'
import { fetchSwapAllowance } from './fetchSwapAllowance.ts'
import { SwapApprovalError } from './swapErrors.ts'

// The real server over HTTP on this file's own anvil (19365).
const { server: t, client } = swapTestServerForFile(19365)

describe('buildSwapApproval', () => {
  it('builds an approve of the amount that mines on anvil and sets the router allowance', async () => {
    const user = t.accounts[4]!.address
    const amount = parseUnits('100', 6)
    const approval = await buildSwapApproval(client(), {
      userAddress: t.caip(user),
      from: t.caip(t.contracts.usd),
      to: t.caip(t.contracts.token),
      amount,
    })
    expect(approval).toMatchObject({ to: t.contracts.usd, value: 0n })
    expect(approval.data.startsWith('0x095ea7b3')).toBe(true) // approve(address,uint256)
    expect(typeof approval.gas).toBe('bigint')
    expect(approval.gasPrice).toBeGreaterThan(0n)
    expect((await t.sendBuilt(4, approval)).status).toBe('success')
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(amount)
    const allowance = await fetchSwapAllowance(client(), {
      tokenAddress: t.caip(t.contracts.usd),
      userAddress: t.caip(user),
    })
    expect(allowance).toBe(amount)
  })

  it('without an amount, approves the most a uint256 holds', async () => {
    const user = t.accounts[5]!.address
    const approval = await buildSwapApproval(client(), {
      userAddress: t.caip(user),
      from: t.caip(t.contracts.usd),
      to: t.native,
    })
    expect((await t.sendBuilt(5, approval)).status).toBe('success')
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(maxUint256)
  })

  it('the native token (400 approval_not_needed), swaps off (403) and no apiUrl are typed errors', async () => {
    const parameters = { userAddress: t.caip(t.accounts[6]!.address), from: t.native, to: t.caip(t.contracts.usd) }
    const error = await buildSwapApproval(client(), parameters).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapApprovalError)
    expect(error).toMatchObject({
      step: 'approval',
      shortMessage: 'Failed to create approval transaction',
      messageKey: 'snackbar.failedToCreateApprovalTransaction',
    })
    expect(((error as SwapApprovalError).cause as HttpRequestError).status).toBe(400)
    const usd = { ...parameters, from: t.caip(t.contracts.usd), to: t.native }
    const off = await buildSwapApproval(client(NO_SWAPS_PROJECT), usd).catch((e: unknown) => e)
    expect(((off as SwapApprovalError).cause as HttpRequestError).status).toBe(403)
    await expect(buildSwapApproval({}, usd)).rejects.toBeInstanceOf(ClientNotSetError)
  })
})

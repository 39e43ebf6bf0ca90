import { parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { ClientNotSetError, type HttpRequestError } from '../errors/errors.ts'
import { NO_SWAPS_PROJECT, swapTestServerForFile } from '../test/swapTestServer.ts'
import { buildSwapApproval } from './buildSwapApproval.ts'
import { buildSwapTransaction } from './buildSwapTransaction.ts'
import { fetchSwapQuote } from './fetchSwapQuote.ts'
import { SwapTransactionError } from './swapErrors.ts'

// The real server over HTTP on this file's own anvil (19366).
const { server: t, client } = swapTestServerForFile(19366)

describe('buildSwapTransaction', () => {
  it('native → stablecoin: the built swap mines and the balance moves by the quote', async () => {
    const user = t.accounts[3]!.address
    const amount = parseEther('0.25')
    const request = { amount, from: t.native, to: t.caip(t.contracts.usd), userAddress: t.caip(user) }
    const quote = await fetchSwapQuote(client(), request)
    const built = await buildSwapTransaction(client(), { ...request, slippage: 1 })
    expect(built.transaction).toMatchObject({ to: t.contracts.router, value: amount })
    expect(built.quote.toAmount).toBe(quote.toAmount)
    expect(built.quote.minimumToAmount).toBe((quote.toAmount * 9_900n) / 10_000n)
    expect(built.quote.deadline).toBeGreaterThan(Date.now() / 1000 + 19 * 60)
    const before = await t.balanceOf(t.contracts.usd, user)
    expect((await t.sendBuilt(3, built.transaction)).status).toBe('success')
    expect((await t.balanceOf(t.contracts.usd, user)) - before).toBe(quote.toAmount) // nobody traded in between
  })

  it('token → token: refused (400) before an approve, typed SwapTransactionError; after it, the swap mines', async () => {
    const user = t.accounts[4]!.address
    const amount = parseUnits('100', 6)
    const request = { amount, from: t.caip(t.contracts.usd), to: t.caip(t.contracts.token), userAddress: t.caip(user) }
    const refused = await buildSwapTransaction(client(), { ...request, slippage: 1 }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SwapTransactionError)
    expect(refused).toMatchObject({
      step: 'transaction',
      shortMessage: 'Failed to create transaction',
      messageKey: 'snackbar.failedToCreateTransaction',
    })
    expect(((refused as SwapTransactionError).cause as HttpRequestError).status).toBe(400)
    expect((refused as SwapTransactionError).details).toMatch(/send the approval first/)

    const approval = await buildSwapApproval(client(), request)
    expect((await t.sendBuilt(4, approval)).status).toBe('success')
    const quote = await fetchSwapQuote(client(), request)
    const built = await buildSwapTransaction(client(), { ...request, slippage: 1 })
    const [tokenBefore, usdBefore] = await Promise.all([
      t.balanceOf(t.contracts.token, user),
      t.balanceOf(t.contracts.usd, user),
    ])
    expect((await t.sendBuilt(4, built.transaction)).status).toBe('success')
    expect((await t.balanceOf(t.contracts.token, user)) - tokenBefore).toBe(quote.toAmount)
    expect(usdBefore - (await t.balanceOf(t.contracts.usd, user))).toBe(amount)
  })

  it('an unknown token (400), swaps off (403) and no apiUrl are typed errors', async () => {
    const request = {
      amount: 1000n,
      slippage: 1,
      from: t.native,
      to: t.caip('0x000000000000000000000000000000000000dEaD'),
      userAddress: t.caip(t.accounts[6]!.address),
    }
    const unknown = await buildSwapTransaction(client(), request).catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(SwapTransactionError)
    expect(((unknown as SwapTransactionError).cause as HttpRequestError).status).toBe(400)
    const usd = { ...request, to: t.caip(t.contracts.usd) }
    const off = await buildSwapTransaction(client(NO_SWAPS_PROJECT), usd).catch((e: unknown) => e)
    expect(((off as SwapTransactionError).cause as HttpRequestError).status).toBe(403)
    await expect(buildSwapTransaction({}, usd)).rejects.toBeInstanceOf(ClientNotSetError)
  })
})

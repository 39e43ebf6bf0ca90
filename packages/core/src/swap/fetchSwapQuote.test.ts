import { parseEther, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { ClientNotSetError, type HttpRequestError } from '../errors/errors.ts'
import { NO_SWAPS_PROJECT, swapTestServerForFile } from '../test/swapTestServer.ts'
import { fetchSwapQuote } from './fetchSwapQuote.ts'
import { SwapQuoteError } from './swapErrors.ts'

// The real server over HTTP on this file's own anvil (19363).
const { server: t, client } = swapTestServerForFile(19363)

describe('fetchSwapQuote', () => {
  it('native → stablecoin: bigints equal to the router getAmountsOut over WETH/fUSD', async () => {
    const amount = parseEther('1.5')
    const quote = await fetchSwapQuote(client(), {
      amount,
      from: t.native,
      to: t.caip(t.contracts.usd),
      userAddress: t.caip(t.accounts[3]!.address),
      gasPrice: 1_000_000_000n,
    })
    const expected = await t.amountsOut(amount, [t.contracts.weth, t.contracts.usd])
    expect(quote.fromAmount).toBe(amount)
    expect(quote.toAmount).toBe(expected[1])
    expect(quote.path).toEqual([t.caip(t.contracts.weth), t.caip(t.contracts.usd)])
    // 1.5 ETH in a 100 ETH pool with a 0.3 % fee moves the price by about 1.8 %.
    expect(quote.priceImpact).toBeGreaterThan(1.5)
    expect(quote.priceImpact).toBeLessThan(2)
  })

  it('token → token: the better of the direct pool and the hop through WETH', async () => {
    const amount = parseUnits('250', 6)
    const quote = await fetchSwapQuote(client(), {
      amount,
      from: t.caip(t.contracts.usd),
      to: t.caip(t.contracts.token),
    })
    const direct = (await t.amountsOut(amount, [t.contracts.usd, t.contracts.token])).at(-1)!
    const viaWeth = (await t.amountsOut(amount, [t.contracts.usd, t.contracts.weth, t.contracts.token])).at(-1)!
    expect(quote.toAmount).toBe(direct > viaWeth ? direct : viaWeth)
  })

  it('an unknown token is a 400: SwapQuoteError with noRoute ("No pool can swap these tokens")', async () => {
    const error = await fetchSwapQuote(client(), {
      amount: 1000n,
      from: t.native,
      to: t.caip('0x000000000000000000000000000000000000dEaD'),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapQuoteError)
    expect(error).toMatchObject({ name: 'SwapQuoteError', noRoute: true, messageKey: 'swap.noRoute' })
    expect((error as SwapQuoteError).walk()).toMatchObject({ name: 'HttpRequestError', status: 400 })
  })

  it('swaps off is a 403 ("Something went wrong", not noRoute); no apiUrl is ClientNotSetError', async () => {
    const parameters = { amount: 1000n, from: t.native, to: t.caip(t.contracts.usd) }
    const error = await fetchSwapQuote(client(NO_SWAPS_PROJECT), parameters).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'SwapQuoteError', noRoute: false, messageKey: 'snackbar.somethingWentWrong' })
    expect(((error as SwapQuoteError).cause as HttpRequestError).status).toBe(403)
    await expect(fetchSwapQuote({}, parameters)).rejects.toBeInstanceOf(ClientNotSetError)
  })
})

import { describe, expect, it } from 'vitest'
import { ClientNotSetError, HttpRequestError } from '../errors/errors.ts'
import { NO_SWAPS_PROJECT, swapTestServerForFile } from '../test/swapTestServer.ts'
import { fetchSwapChain, fetchSwapTokens } from './fetchSwapTokens.ts'
import { SwapStepError, SwapTokensError } from './swapErrors.ts'

// The real server over HTTP on this file's own anvil (19361).
const { server: t, client } = swapTestServerForFile(19361)

describe('fetchSwapTokens', () => {
  it('lists the native token first, then the chain tokens, with CAIP ids and bare addresses', async () => {
    const tokens = await fetchSwapTokens(client(), { chainId: t.network.id })
    expect(tokens.map(({ id, address, symbol, decimals }) => ({ id, address, symbol, decimals }))).toEqual([
      { id: t.native, address: t.native.split(':')[2], symbol: 'ETH', decimals: 18 },
      {
        id: t.caip(t.contracts.usd.toLowerCase()),
        address: t.contracts.usd.toLowerCase(),
        symbol: 'fUSD',
        decimals: 6,
      },
      {
        id: t.caip(t.contracts.token.toLowerCase()),
        address: t.contracts.token.toLowerCase(),
        symbol: 'FOY',
        decimals: 18,
      },
    ])
    expect(tokens[1]).toMatchObject({ name: 'Foyer USD' })
    // With them, the router the built swaps call (what a sponsorship policy must name), lower-case.
    expect(await fetchSwapChain(client(), { chainId: t.network.id })).toEqual({
      tokens,
      router: t.contracts.router.toLowerCase(),
    })
  })

  it('a chain without a router is a 400, thrown as SwapTokensError ("Failed to initialize swap")', async () => {
    const error = await fetchSwapTokens(client(), { chainId: 'eip155:1' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapTokensError)
    expect(error).toBeInstanceOf(SwapStepError)
    expect(error).toMatchObject({
      name: 'SwapTokensError',
      step: 'initialize',
      shortMessage: 'Failed to initialize swap',
      messageKey: 'snackbar.failedToInitializeSwap',
    })
    expect((error as SwapTokensError).walk()).toMatchObject({ name: 'HttpRequestError', status: 400 })
  })

  it('a project with swaps off is a 403; no apiUrl is ClientNotSetError', async () => {
    const error = await fetchSwapTokens(client(NO_SWAPS_PROJECT), { chainId: t.network.id }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SwapTokensError)
    const cause = (error as SwapTokensError).walk((e) => e instanceof HttpRequestError) as HttpRequestError
    expect(cause.status).toBe(403)
    await expect(fetchSwapTokens({}, { chainId: t.network.id })).rejects.toBeInstanceOf(ClientNotSetError)
  })
})

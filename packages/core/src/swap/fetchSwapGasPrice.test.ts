import { describe, expect, it } from 'vitest'
import { ClientNotSetError, type HttpRequestError } from '../errors/errors.ts'
import { NO_SWAPS_PROJECT, swapTestServerForFile } from '../test/swapTestServer.ts'
import { fetchSwapGasPrice } from './fetchSwapGasPrice.ts'
import { SwapGasPriceError } from './swapErrors.ts'

// The real server over HTTP on this file's own anvil (19362).
const { server: t, client } = swapTestServerForFile(19362)

describe('fetchSwapGasPrice', () => {
  it('answers bigints from the node fee history: standard ≤ fast ≤ instant, near the base fee', async () => {
    const { standard, fast, instant } = await fetchSwapGasPrice(client(), { chainId: t.network.id })
    expect(typeof standard).toBe('bigint')
    const block = await t.publicClient.getBlock()
    expect(standard).toBeGreaterThanOrEqual((block.baseFeePerGas! * 7n) / 8n)
    expect(fast).toBeGreaterThanOrEqual(standard)
    expect(instant).toBeGreaterThanOrEqual(fast)
  })

  it('an unknown chain (400), swaps off (403) and no apiUrl are typed errors', async () => {
    const unknown = await fetchSwapGasPrice(client(), { chainId: 'eip155:1' }).catch((e: unknown) => e)
    expect(unknown).toBeInstanceOf(SwapGasPriceError)
    expect(unknown).toMatchObject({ step: 'initialize', messageKey: 'snackbar.failedToInitializeSwap' })
    expect((unknown as SwapGasPriceError).walk()).toMatchObject({ status: 400 })
    const off = await fetchSwapGasPrice(client(NO_SWAPS_PROJECT), { chainId: t.network.id }).catch((e: unknown) => e)
    expect(((off as SwapGasPriceError).cause as HttpRequestError).status).toBe(403)
    await expect(fetchSwapGasPrice({}, { chainId: t.network.id })).rejects.toBeInstanceOf(ClientNotSetError)
  })
})

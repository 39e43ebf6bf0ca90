import { erc20Abi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainAdapter } from '../adapter/adapter.ts'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import { type SendTestWallet, startSendTestWallet } from '../test/anvilWallet.ts'
import { estimateSendGas, NATIVE_TRANSFER_GAS, TOKEN_TRANSFER_GAS } from './estimateSendGas.ts'
import { SendGasEstimateError } from './sendErrors.ts'

// The real EVM adapter (wagmi's mock connector) on this file's own anvil (19369).
let { t, wallet, from, to, stop } = {} as Partial<SendTestWallet> as SendTestWallet
beforeAll(async () => {
  ;({ t, wallet, from, to, stop } = await startSendTestWallet(19369))
}, 120_000)
afterAll(() => stop?.())

const native = { address: NATIVE_TOKEN_ADDRESS_EVM }

describe('estimateSendGas', () => {
  it('a native transfer is 21000 gas, whatever the adapter', async () => {
    const parameters = { network: t.network, from, to, token: native, amount: 10n ** 18n }
    expect(await estimateSendGas(wallet.client, parameters)).toBe(NATIVE_TRANSFER_GAS)
    expect(await estimateSendGas({ options: { adapters: [] } }, parameters)).toBe(NATIVE_TRANSFER_GAS)
  })

  it('an ERC-20 transfer is the node’s estimate, as viem estimates the same call', async () => {
    const amount = parseUnits('5', 6)
    const gas = await estimateSendGas(wallet.client, {
      network: t.network,
      from,
      to,
      token: { address: t.contracts.usd },
      amount,
    })
    const expected = await t.publicClient.estimateContractGas({
      address: t.contracts.usd,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
      account: from,
    })
    expect(gas).toBe(expected)
    expect(gas).toBeGreaterThan(NATIVE_TRANSFER_GAS)
  })

  it('the budget when the adapter cannot estimate; SendGasEstimateError when the transfer would revert', async () => {
    const token = { address: t.contracts.usd }
    const parameters = { network: t.network, from, to, token, amount: 1n }
    const noEstimates = { options: { adapters: [{ namespace: 'eip155' } as ChainAdapter] } }
    expect(await estimateSendGas(noEstimates, parameters)).toBe(TOKEN_TRANSFER_GAS)
    const balance = await t.balanceOf(t.contracts.usd, from)
    const error = await estimateSendGas(wallet.client, { ...parameters, amount: balance + 1n }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendGasEstimateError)
    expect(error).toMatchObject({ name: 'SendGasEstimateError', shortMessage: 'Failed to estimate the network cost' })
  })
})

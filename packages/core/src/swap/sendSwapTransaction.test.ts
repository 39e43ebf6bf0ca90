import { type Address, encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChainAdapterNotFoundError } from '../errors/errors.ts'
import { connectedAnvilClient } from '../test/anvilWallet.ts'
import { startTestChain, type TestChain } from '../test/testChain.ts'
import { TransactionRevertedError } from '../wallet-transactions/transactionMessages.ts'
import { sendSwapTransaction } from './sendSwapTransaction.ts'

// The real EVM adapter (wagmi's mock connector) on this file's own anvil (19368); no server needed.
const ACCOUNT = 2
let t: TestChain
let wallet: Awaited<ReturnType<typeof connectedAnvilClient>>
let user: Address
beforeAll(async () => {
  t = await startTestChain({ port: 19368 })
  user = t.accounts[ACCOUNT]!.address
  wallet = await connectedAnvilClient({ ...t, address: user })
}, 120_000)
afterAll(async () => {
  wallet?.unmount()
  await t?.stop()
})

describe('sendSwapTransaction', () => {
  it('the wallet sends the transaction with its gas and gas price, and it is mined', async () => {
    const amount = parseUnits('7', 6)
    const gasPrice = (await t.publicClient.getGasPrice()) * 2n
    const transaction = {
      to: t.contracts.usd,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [t.contracts.router, amount] }),
      value: 0n,
      gas: 80_000n,
      gasPrice,
    }
    const { hash, receipt } = await sendSwapTransaction(wallet.client, { network: t.network, transaction })
    expect(receipt).toMatchObject({ status: 'success', transactionHash: hash })
    const mined = await t.publicClient.getTransaction({ hash: hash as `0x${string}` })
    expect(mined).toMatchObject({ from: user.toLowerCase(), gas: 80_000n, gasPrice })
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(amount)
  })

  it('a mined revert is TransactionRevertedError; an adapter that cannot send is ChainAdapterNotFoundError', async () => {
    const gasPrice = (await t.publicClient.getGasPrice()) * 2n
    const transaction = { to: t.contracts.router, data: '0xdeadbeef' as const, value: 0n, gas: 100_000n, gasPrice }
    const error = await sendSwapTransaction(wallet.client, { network: t.network, transaction }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransactionRevertedError)
    expect(error).toMatchObject({ shortMessage: 'Transaction error', messageKey: 'snackbar.transactionError' })
    await expect(
      sendSwapTransaction({ options: { adapters: [] } }, { network: t.network, transaction }),
    ).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
  })
})

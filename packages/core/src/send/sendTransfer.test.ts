import { parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import { ChainAdapterNotFoundError, isUserRejection, UserRejectedRequestError } from '../errors/errors.ts'
import { type SendTestWallet, startSendTestWallet } from '../test/anvilWallet.ts'
import { TransferFailedError } from './sendErrors.ts'
import { sendTransfer } from './sendTransfer.ts'

// The real EVM adapter (wagmi's mock connector) on this file's own anvil (19370).
let { t, wallet, from, to, stop } = {} as Partial<SendTestWallet> as SendTestWallet
beforeAll(async () => {
  ;({ t, wallet, from, to, stop } = await startSendTestWallet(19370))
}, 120_000)
afterAll(() => stop?.())

const native = { address: NATIVE_TOKEN_ADDRESS_EVM }
const mined = (hash: string) => t.publicClient.waitForTransactionReceipt({ hash: hash as `0x${string}` })

describe('sendTransfer', () => {
  it('a native transfer: the wallet sends the value and the receiver gets it', async () => {
    const before = await t.publicClient.getBalance({ address: to })
    const hash = await sendTransfer(wallet.client, { network: t.network, token: native, to, amount: parseEther('0.1') })
    expect((await mined(hash)).status).toBe('success')
    expect((await t.publicClient.getBalance({ address: to })) - before).toBe(parseEther('0.1'))
  })

  it('an ERC-20 transfer: the wallet calls transfer(to, amount) on the token', async () => {
    const [fromBefore, toBefore] = await Promise.all([
      t.balanceOf(t.contracts.usd, from),
      t.balanceOf(t.contracts.usd, to),
    ])
    const amount = parseUnits('5', 6)
    const token = { address: t.contracts.usd }
    const hash = await sendTransfer(wallet.client, { network: t.network, token, to, amount })
    const receipt = await mined(hash)
    expect(receipt).toMatchObject({ status: 'success', to: t.contracts.usd.toLowerCase() })
    expect((await t.balanceOf(t.contracts.usd, to)) - toBefore).toBe(amount)
    expect(fromBefore - (await t.balanceOf(t.contracts.usd, from))).toBe(amount)
  })

  it('a failure is TransferFailedError; a decline is thrown as the wallet reported it; no sending adapter', async () => {
    // A network the site's wagmi config does not have: the wallet cannot send there.
    const elsewhere = { ...t.network, id: 'eip155:999' as const, chainId: 999 }
    const failed = await sendTransfer(wallet.client, { network: elsewhere, token: native, to, amount: 1n }).catch(
      (e: unknown) => e,
    )
    expect(failed).toBeInstanceOf(TransferFailedError)
    expect(failed).toMatchObject({ messageKey: 'snackbar.failedToSendTransaction' })
    // The person presses Reject: the real adapter, with its wallet prompt answering 4001.
    const declining = {
      ...wallet.adapter,
      sendTransaction: () => Promise.reject(new UserRejectedRequestError()),
    }
    const declined = await sendTransfer(
      { options: { adapters: [declining] } },
      { network: t.network, token: native, to, amount: 1n },
    ).catch((e: unknown) => e)
    expect(declined).toBeInstanceOf(UserRejectedRequestError)
    expect(isUserRejection(declined)).toBe(true)
    await expect(
      sendTransfer({ options: { adapters: [] } }, { network: t.network, token: native, to, amount: 1n }),
    ).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
  })
})

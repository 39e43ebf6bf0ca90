import { getAddress, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import { loadProjectSettings } from '../project/fetchProjectSettings.ts'
import { isTransactionSponsored } from '../project/transactionSponsorship.ts'
import { type SendTestWallet, startSendTestWallet } from '../test/anvilWallet.ts'
import { connectedEmbeddedClient } from '../test/embeddedWalletDouble.ts'
import { SPONSORING_PROJECT, SPONSORING_TOKENS_PROJECT, startTestServerOn } from '../test/swapTestServer.ts'
import type { WalletToken } from '../wallet-transactions/walletTokens.ts'
import { estimateSendGas, NATIVE_TRANSFER_GAS } from './estimateSendGas.ts'
import { createSendController } from './sendController.ts'
import { sendCallTargets, sendInputError } from './sendInputError.ts'

const network: CaipNetwork = {
  id: 'eip155:31337',
  chainNamespace: 'eip155',
  chainId: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}
const solana: CaipNetwork = { ...network, id: 'solana:devnet', chainNamespace: 'solana', chainId: 'devnet' }
const eth: WalletToken = {
  id: `eip155:31337:${NATIVE_TOKEN_ADDRESS_EVM}`,
  address: NATIVE_TOKEN_ADDRESS_EVM,
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  balance: 10n ** 18n,
  price: 3000,
}
const usd: WalletToken = {
  id: 'eip155:31337:0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  symbol: 'fUSD',
  name: 'Foyer USD',
  decimals: 6,
  balance: 5_000_000n,
  price: 1,
}
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const base = {
  tokens: [eth, usd],
  token: usd,
  sendTokenAmount: '5',
  receiverAddress: receiver,
  networkCost: 21_000n * 10n ** 9n,
}

describe('sendInputError', () => {
  it('asks for an amount, then a receiver, then a valid receiver', () => {
    expect(sendInputError({ ...base, sendTokenAmount: '' }, network)).toBe('send.enterAmount')
    expect(sendInputError({ ...base, receiverAddress: '' }, network)).toBe('send.enterAddress')
    expect(sendInputError({ ...base, receiverAddress: '0x1234' }, network)).toBe('send.invalidAddress')
    expect(sendInputError({ ...base, receiverAddress: receiver.slice(2) }, network)).toBe('send.invalidAddress')
    expect(sendInputError(base, network)).toBeUndefined()
  })
  it('says Insufficient balance over the balance, or when the native token cannot pay the cost', () => {
    expect(sendInputError({ ...base, sendTokenAmount: '5.000001' }, network)).toBe('error.insufficientBalance')
    expect(sendInputError({ ...base, token: eth, sendTokenAmount: '1' }, network)).toBe('error.insufficientBalance') // + gas
    expect(sendInputError({ ...base, token: eth, sendTokenAmount: '0.99' }, network)).toBeUndefined()
    expect(sendInputError({ ...base, tokens: [{ ...eth, balance: 0n }, usd] }, network)).toBe(
      'error.insufficientBalance',
    )
  })
  it('where the site pays the gas, a token goes with 0 ETH and the native token up to its whole balance', () => {
    const noEth = { ...base, tokens: [{ ...eth, balance: 0n }, usd] }
    const sponsored = { gasSponsored: true }
    // The embedded wallet's smart account on a sponsored chain (isTransactionSponsored says so): no gas to hold.
    expect(sendInputError(noEth, network, sponsored)).toBeUndefined()
    expect(sendInputError({ ...base, token: eth, sendTokenAmount: '1' }, network, sponsored)).toBeUndefined()
    expect(sendInputError({ ...base, token: eth, sendTokenAmount: '1.000000000000000001' }, network, sponsored)).toBe(
      'error.insufficientBalance',
    )
    expect(sendInputError({ ...noEth, sendTokenAmount: '5.000001' }, network, sponsored)).toBe(
      'error.insufficientBalance',
    )
    // An eoa, or a chain the project does not sponsor: the gas is the account's, and 0 ETH cannot pay it.
    expect(sendInputError(noEth, network, { gasSponsored: false })).toBe('error.insufficientBalance')
    expect(sendInputError(noEth, network)).toBe('error.insufficientBalance')
    // The other checks come first, sponsored or not.
    expect(sendInputError({ ...noEth, receiverAddress: '0x1234' }, network, sponsored)).toBe('send.invalidAddress')
  })
  it('the call a send makes: a token send calls the token contract, a native send its receiver', () => {
    expect(sendCallTargets(base)).toEqual([usd.address])
    expect(sendCallTargets({ ...base, token: eth })).toEqual([receiver])
    expect(sendCallTargets({ ...base, token: eth, receiverAddress: '' })).toEqual([])
    expect(sendCallTargets({ ...base, token: undefined })).toEqual([])
  })
  it('on Solana, a missing amount or receiver is the spec message', () => {
    expect(sendInputError({ ...base, sendTokenAmount: '' }, solana)).toBe('error.solanaSendInput')
    expect(sendInputError({ ...base, receiverAddress: '' }, solana)).toBe('error.solanaSendInput')
  })
})

// The flow against the real EVM adapter (wagmi's mock connector) on this file's own anvil (19371); no server, so the
// tokens are the native one the adapter reads (plus fUSD handed in as SendSelectToken would).
describe('send controller', () => {
  let { t, wallet, from, to, stop } = {} as Partial<SendTestWallet> as SendTestWallet
  beforeAll(async () => {
    ;({ t, wallet, from, to, stop } = await startSendTestWallet(19371))
  }, 120_000)
  afterAll(() => stop?.())
  const snackbar = () => wallet.client.getState().snackbar

  it('initialises with the native balance and gas price; a native send starts and lands', async () => {
    const send = createSendController(wallet.client)
    await send.initialize()
    const state = send.getState()
    expect(state.status).toBe('ready')
    expect(state.token).toMatchObject({ symbol: 'ETH', balance: await t.publicClient.getBalance({ address: from }) })
    expect(state.gasPrice).toBeGreaterThan(0n)
    expect(state.networkCost).toBe(NATIVE_TRANSFER_GAS * state.gasPrice!)
    const before = await t.publicClient.getBalance({ address: to })
    send.setReceiverAddress(to)
    send.setAmount('0.5')
    await send.send()
    expect(snackbar()).toMatchObject({ variant: 'success', message: { key: 'snackbar.transactionStarted' } })
    expect(send.getState().status).toBe('idle')
    expect(wallet.client.getState().router.view).toBe('Account')
    await vi.waitFor(async () =>
      expect((await t.publicClient.getBalance({ address: to })) - before).toBe(parseEther('0.5')),
    )
  })

  it('an ERC-20: the network cost is the estimate × the gas price, and the transfer lands', async () => {
    const send = createSendController(wallet.client)
    await send.initialize()
    const usd: WalletToken = {
      id: t.caip(t.contracts.usd),
      address: t.contracts.usd,
      symbol: 'fUSD',
      name: 'Foyer USD',
      decimals: 6,
      balance: await t.balanceOf(t.contracts.usd, from),
      price: 1,
    }
    send.setToken(usd)
    send.setReceiverAddress(to)
    send.setAmount('12.5')
    const gas = await estimateSendGas(wallet.client, {
      network: t.network,
      from,
      to,
      token: usd,
      amount: parseUnits('12.5', 6),
    })
    await vi.waitFor(() => expect(send.getState().networkCost).toBe(gas * send.getState().gasPrice!))
    const before = await t.balanceOf(t.contracts.usd, to)
    await send.send()
    expect(snackbar()).toMatchObject({ variant: 'success', message: { key: 'snackbar.transactionStarted' } })
    await vi.waitFor(async () => expect((await t.balanceOf(t.contracts.usd, to)) - before).toBe(parseUnits('12.5', 6)))
  })

  it('a wallet failure shows "Failed to send transaction. Please try again." and keeps the form', async () => {
    const send = createSendController(wallet.client)
    await send.initialize()
    // The wallet moved to a network the site's wagmi config lacks: it cannot send.
    const elsewhere = { ...t.network, id: 'eip155:999' as const, chainId: 999 }
    const selected = vi.spyOn(wallet.client, 'getSelectedNetwork').mockReturnValue(elsewhere)
    try {
      send.setReceiverAddress(to)
      send.setAmount('0.1')
      await send.send()
    } finally {
      selected.mockRestore()
    }
    expect(snackbar()).toMatchObject({ variant: 'error', message: { key: 'snackbar.failedToSendTransaction' } })
    expect(send.getState()).toMatchObject({ sending: false, sendTokenAmount: '0.1', receiverAddress: to })
  })

  // The embedded wallet's smart account where the site pays the gas: the server's project settings (a project that
  // sponsors this chain, and one that does not) over the same anvil; the frame is a test double that records what
  // it is asked to send (it sends user operations with the paymaster, tested in apps/frame).
  describe('gas sponsored by the site', () => {
    let server: Awaited<ReturnType<typeof startTestServerOn>> | undefined
    beforeAll(async () => {
      server = await startTestServerOn(t.devnet)
    }, 120_000)
    afterAll(() => server?.stop())

    async function embeddedSend(holder: `0x${string}`, type: 'eoa' | 'smartAccount', projectId = SPONSORING_PROJECT) {
      const site = await connectedEmbeddedClient({
        address: holder,
        type,
        chain: t.publicClient,
        network: t.network,
        apiUrl: server!.apiUrl,
        projectId,
      })
      await loadProjectSettings(site.client) // as the views do when they show
      const send = createSendController(site.client)
      await send.initialize()
      const inputError = () =>
        sendInputError(send.getState(), t.network, {
          gasSponsored: isTransactionSponsored(site.client, t.network, sendCallTargets(send.getState())),
        })
      return { ...site, send, inputError }
    }
    const tokenOf = (send: ReturnType<typeof createSendController>, symbol: string) =>
      send.getState().tokens.find((token) => token.symbol === symbol)!

    it('the smart account sends fUSD holding 0 ETH; an eoa, or a project that does not sponsor, is refused', async () => {
      const holder = await t.newHolder(4, { usd: 25_000_000n })
      const cases = [
        ['smartAccount', SPONSORING_PROJECT, undefined],
        ['eoa', SPONSORING_PROJECT, 'error.insufficientBalance'],
        ['smartAccount', 'foyer-demo', 'error.insufficientBalance'],
        // A policy naming the tokens only: a token send calls nothing else, so it is sponsored.
        ['smartAccount', SPONSORING_TOKENS_PROJECT, undefined],
      ] as const
      for (const [type, projectId, refusal] of cases) {
        const { client, send, asked, inputError, stop } = await embeddedSend(holder, type, projectId)
        try {
          expect(tokenOf(send, 'ETH').balance).toBe(0n)
          send.setToken(tokenOf(send, 'fUSD'))
          send.setReceiverAddress(to)
          send.setAmount('10')
          await vi.waitFor(() => expect(send.getState().networkCost).toBeGreaterThan(0n))
          expect([type, projectId, inputError()]).toEqual([type, projectId, refusal])
          await send.send()
          if (refusal) expect(asked).toEqual([])
          else {
            expect(asked).toEqual([
              {
                network: t.network,
                tokenAddress: t.contracts.usd.toLowerCase(),
                functionName: 'transfer',
                args: [to, 10_000_000n],
              },
            ])
            expect(client.getState().snackbar).toMatchObject({ message: { key: 'snackbar.transactionStarted' } })
          }
        } finally {
          stop()
        }
      }
    })

    it('the native token: Max is the whole balance and it all goes, where the site pays the gas of a call to its receiver', async () => {
      const wei = parseEther('0.01')
      const holder = await t.newHolder(4, { wei })
      // A native send calls its receiver: the wrapped-ETH contract is in the policy, a person is not.
      const weth = getAddress(t.contracts.weth)
      for (const [type, receiver, sponsored] of [
        ['smartAccount', weth, true],
        ['eoa', weth, false],
        ['smartAccount', to, false],
      ] as const) {
        const { send, asked, inputError, stop } = await embeddedSend(holder, type)
        try {
          send.setReceiverAddress(receiver)
          send.setMaxAmount()
          const { networkCost, sendTokenAmount } = send.getState()
          expect(networkCost).toBeGreaterThan(0n)
          expect([type, receiver, parseEther(sendTokenAmount)]).toEqual([
            type,
            receiver,
            sponsored ? wei : wei - networkCost!,
          ])
          send.setAmount('0.01')
          expect(inputError()).toBe(sponsored ? undefined : 'error.insufficientBalance')
          await send.send()
          expect(asked).toEqual(sponsored ? [{ network: t.network, to: receiver, value: wei }] : [])
        } finally {
          stop()
        }
      }
    })
  })
})

import { type Address, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import { loadProjectSettings } from '../project/fetchProjectSettings.ts'
import { connectedAnvilClient } from '../test/anvilWallet.ts'
import { connectedEmbeddedClient } from '../test/embeddedWalletDouble.ts'
import {
  NO_SWAPS_PROJECT,
  SPONSORING_PROJECT,
  SPONSORING_TOKENS_PROJECT,
  SWAP_TEST_TIMEOUT_MS,
  type SwapTestServer,
  startSwapTestServer,
} from '../test/swapTestServer.ts'
import type { WalletToken } from '../wallet-transactions/walletTokens.ts'
import { createSwapController } from './swapController.ts'
import { NoSwapAddressError, SwapStepError } from './swapErrors.ts'
import { swapGasCost } from './swapMath.ts'
import { type SwapState, swapCallTargets } from './swapState.ts'

// The whole flow against the real server (over HTTP) and the real EVM adapter, on this file's own anvil (19367).
const ACCOUNT = 7
let t: SwapTestServer
let wallet: Awaited<ReturnType<typeof connectedAnvilClient>>
let user: Address
beforeAll(async () => {
  t = await startSwapTestServer({ port: 19367 })
  user = t.accounts[ACCOUNT]!.address
  wallet = await connectedAnvilClient({ ...t, address: user, apiUrl: t.apiUrl, projectId: 'foyer-demo' })
}, SWAP_TEST_TIMEOUT_MS)
afterAll(async () => {
  wallet?.unmount()
  await t?.stop()
})

const snackbar = (client: FoyerClient) => client.getState().snackbar
async function readySwap(client = wallet.client) {
  const swap = createSwapController(client)
  await swap.initialize()
  const [eth, usd, foy] = swap.getState().tokens as [WalletToken, WalletToken, WalletToken]
  return { swap, eth, usd, foy }
}

describe('swap controller', () => {
  it('initialises from the server: the offered tokens with the wallet balances, the gas price and prices', async () => {
    const { swap, usd } = await readySwap()
    const state = swap.getState()
    expect(state).toMatchObject({ status: 'ready', address: user, networkId: t.network.id })
    expect(state.tokens.map((token) => token.symbol)).toEqual(['ETH', 'fUSD', 'FOY'])
    expect(usd.balance).toBe(await t.balanceOf(t.contracts.usd, user))
    expect(state.sourceToken?.symbol).toBe('ETH')
    expect(state.gasPrice).toBeGreaterThan(0n)
    expect(state.networkPrice).toBeGreaterThan(0)
    expect(state.gasPriceInUSD).toBeGreaterThan(0)
  })

  it('allowance short → approval built; approval sent → quote and swap rebuilt; swap sent → balances move', async () => {
    const { swap, usd, foy } = await readySwap()
    const amount = parseUnits('100', 6)
    swap.setSourceToken(usd)
    swap.setToToken(foy)
    swap.setSourceAmount('100')
    await swap.fetchQuote()
    const direct = (await t.amountsOut(amount, [t.contracts.usd, t.contracts.token])).at(-1)!
    const viaWeth = (await t.amountsOut(amount, [t.contracts.usd, t.contracts.weth, t.contracts.token])).at(-1)!
    expect(swap.getState().toTokenAmountRaw).toBe(direct > viaWeth ? direct : viaWeth)

    await swap.prepareTransaction()
    expect(swap.getState()).toMatchObject({ loadingTransaction: false, swapTransaction: undefined })
    expect(swap.getState().approvalTransaction).toMatchObject({ to: t.contracts.usd, value: 0n })

    await swap.sendApproval()
    expect(await t.allowanceOf(t.contracts.usd, user)).toBe(amount)
    const approved = swap.getState()
    expect(approved).toMatchObject({ sending: undefined, approvalTransaction: undefined, loadingTransaction: false })
    expect(approved.swapTransaction).toMatchObject({ to: t.contracts.router, value: 0n })
    expect(snackbar(wallet.client).open).toBe(false)

    const [foyBefore, usdBefore] = await Promise.all([
      t.balanceOf(t.contracts.token, user),
      t.balanceOf(t.contracts.usd, user),
    ])
    await swap.sendSwap()
    expect((await t.balanceOf(t.contracts.token, user)) - foyBefore).toBe(approved.toTokenAmountRaw)
    expect(usdBefore - (await t.balanceOf(t.contracts.usd, user))).toBe(amount)
    expect(snackbar(wallet.client)).toMatchObject({
      variant: 'success',
      message: { key: 'snackbar.swapped', parameters: { from: '100 fUSD', to: `${approved.toTokenAmount} FOY` } },
    })
    expect(swap.getState().status).toBe('idle')
    expect(wallet.client.getState().router.view).toBe('Account')
  })

  it('the network token unpriced (price request down, or nothing prices it): "Failed to fetch network token price"', async () => {
    const realFetch = globalThis.fetch
    const native = (address: string) => address.toLowerCase() === NATIVE_TOKEN_ADDRESS_EVM
    let priceRoute: 'down' | 'unpriced' = 'down'
    // Between the client and the real server: the server knows no price for the native token (its balance comes
    // back unpriced), and the price route fails (502) or answers it unpriced too.
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/v1/fungible/price') && priceRoute === 'down')
        return new Response(JSON.stringify({ error: { code: 'upstream_unavailable', message: 'Pools unreachable' } }), {
          status: 502,
          headers: { 'content-type': 'application/json' },
        })
      const response = await realFetch(input, init)
      if (!(url.includes('/v1/fungible/price') || url.includes('/balance'))) return response
      const body = await response.json()
      // A balance of the native currency has no address; a price names it by its CAIP-10 id.
      for (const entry of [...(body.fungibles ?? []), ...(body.balances ?? [])])
        if (entry.address === undefined || native(entry.address.split(':').at(-1))) entry.price = 0
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers })
    })
    try {
      for (const mode of ['down', 'unpriced'] as const) {
        priceRoute = mode
        wallet.client.hideSnackbar()
        const swap = createSwapController(wallet.client)
        await swap.initialize()
        expect(snackbar(wallet.client)).toMatchObject({
          open: true,
          variant: 'error',
          message: { key: 'snackbar.failedToFetchNetworkTokenPrice' },
        })
        // The swap still works; only the network cost has no dollar figure.
        expect(swap.getState()).toMatchObject({ status: 'ready', networkPrice: 0, gasPriceInUSD: undefined })
      }
    } finally {
      spy.mockRestore()
    }
  })

  it('an unknown target token: the quote says "No pool can swap these tokens"', async () => {
    const { swap, foy } = await readySwap()
    const dead = '0x000000000000000000000000000000000000dEaD'
    swap.setToToken({ ...foy, id: t.caip(dead), address: dead })
    swap.setSourceAmount('0.01')
    await swap.fetchQuote()
    expect(swap.getState()).toMatchObject({ quoteError: 'swap.noRoute', loadingQuote: false, toTokenAmount: '' })
  })

  it('each build step that the server refuses shows its own snackbar and builds nothing', async () => {
    const cases: [string, (tokens: Awaited<ReturnType<typeof readySwap>>) => Partial<SwapState>][] = [
      // The allowance read refuses a malformed token id.
      ['snackbar.failedToCheckAllowance', ({ usd, foy }) => ({ sourceToken: { ...usd, id: 'fUSD' }, toToken: foy })],
      // Allowance 0 < amount, and the approval build refuses a malformed target id.
      [
        'snackbar.failedToCreateApprovalTransaction',
        ({ usd, foy }) => ({ sourceToken: usd, toToken: { ...foy, id: 'FOY' } }),
      ],
      // Native needs no allowance; the swap build refuses a malformed target id.
      ['snackbar.failedToCreateTransaction', ({ eth, foy }) => ({ sourceToken: eth, toToken: { ...foy, id: 'FOY' } })],
    ]
    for (const [key, patch] of cases) {
      const ready = await readySwap()
      ready.swap.store.setState({ ...patch(ready), sourceTokenAmount: '1', toTokenAmountRaw: 1n })
      await ready.swap.prepareTransaction()
      expect(snackbar(wallet.client)).toMatchObject({ variant: 'error', message: { key } })
      expect(ready.swap.getState()).toMatchObject({
        loadingTransaction: false,
        approvalTransaction: undefined,
        swapTransaction: undefined,
      })
    }
  })

  it('a mined approval that reverts shows "Transaction error" and keeps the preview', async () => {
    const { swap } = await readySwap()
    const gasPrice = (await t.publicClient.getGasPrice()) * 2n
    const reverting = { to: t.contracts.router, data: '0xdeadbeef' as const, value: 0n, gas: 100_000n, gasPrice }
    swap.store.setState({ approvalTransaction: reverting })
    await swap.sendApproval()
    expect(snackbar(wallet.client)).toMatchObject({ variant: 'error', message: { key: 'snackbar.transactionError' } })
    expect(swap.getState()).toMatchObject({ sending: undefined, approvalTransaction: reverting })
  })

  it('swaps off for the project (403): "Failed to initialize swap"; no account: "No address found"', async () => {
    const off = await connectedAnvilClient({ ...t, address: user, apiUrl: t.apiUrl, projectId: NO_SWAPS_PROJECT })
    try {
      const swap = createSwapController(off.client)
      const error = await swap.initialize().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SwapStepError)
      expect(error).toMatchObject({ step: 'initialize' })
      expect(snackbar(off.client)).toMatchObject({ message: { key: 'snackbar.failedToInitializeSwap' } })
      expect(swap.getState().status).toBe('idle')
    } finally {
      off.unmount()
    }
    const disconnected = createFoyerClient({
      adapters: [],
      networks: [t.network],
      apiUrl: t.apiUrl,
      logLevel: 'silent',
    })
    await expect(createSwapController(disconnected).initialize()).rejects.toBeInstanceOf(NoSwapAddressError)
    expect(snackbar(disconnected)).toMatchObject({ message: { key: 'error.noSwapAddress' } })
  })
})

// The embedded wallet's smart account where the site pays the gas (the project's settings from the real server):
// the frame is a test double that records what it is asked to send (its paymaster path is tested in apps/frame).
describe('swap controller, gas sponsored by the site', () => {
  async function embeddedSwap(holder: Address, type: 'eoa' | 'smartAccount', projectId = SPONSORING_PROJECT) {
    const site = await connectedEmbeddedClient({
      address: holder,
      type,
      chain: t.publicClient,
      network: t.network,
      apiUrl: t.apiUrl,
      projectId,
    })
    await loadProjectSettings(site.client) // as the views do when they show
    const { swap, eth, usd, foy } = await readySwap(site.client)
    return { ...site, swap, eth, usd, foy }
  }

  it('the smart account quotes fUSD → FOY holding 0 ETH and sends the approval; an eoa, an unsponsoring project or a policy without the router is refused', async () => {
    const holder = await t.newHolder(4, { usd: parseUnits('50', 6) })
    const cases = [
      ['smartAccount', SPONSORING_PROJECT, undefined],
      ['eoa', SPONSORING_PROJECT, 'error.insufficientBalance'],
      ['smartAccount', 'foyer-demo', 'error.insufficientBalance'],
      // The policy names both tokens but not the router the swap calls: the paymaster would refuse the swap.
      ['smartAccount', SPONSORING_TOKENS_PROJECT, 'error.insufficientBalance'],
    ] as const
    for (const [type, projectId, refusal] of cases) {
      const { swap, eth, usd, foy, asked, stop } = await embeddedSwap(holder, type, projectId)
      try {
        expect(eth.balance).toBe(0n)
        swap.setSourceToken(usd)
        swap.setToToken(foy)
        swap.setSourceAmount('20')
        await swap.fetchQuote()
        const state = swap.getState()
        expect([type, projectId, state.inputError]).toEqual([type, projectId, refusal])
        if (refusal) {
          expect(state.toTokenAmountRaw).toBeUndefined()
          continue
        }
        expect(state.toTokenAmountRaw).toBeGreaterThan(0n)
        // The calls it will make: the router (named by the tokens' answer) and the token it approves.
        expect(swapCallTargets(state)).toEqual([t.contracts.router.toLowerCase(), t.contracts.usd.toLowerCase()])
        await swap.prepareTransaction()
        expect(swap.getState().approvalTransaction).toMatchObject({ to: t.contracts.usd, value: 0n })
        expect(swapCallTargets(swap.getState()).map((a) => a.toLowerCase())).toEqual([
          t.contracts.usd.toLowerCase(),
          t.contracts.router.toLowerCase(),
        ])
        await swap.sendApproval()
        expect(asked).toEqual([expect.objectContaining({ to: t.contracts.usd, value: 0n })])
      } finally {
        stop()
      }
    }
  })

  it('settings that come after the amount was checked: checked and quoted again, only when the answer changed', async () => {
    const holder = await t.newHolder(4, { usd: parseUnits('50', 6) })
    const site = await connectedEmbeddedClient({
      address: holder,
      type: 'smartAccount',
      chain: t.publicClient,
      network: t.network,
      apiUrl: t.apiUrl,
      projectId: SPONSORING_PROJECT,
    })
    try {
      const { swap, usd, foy } = await readySwap(site.client) // the project's settings not asked yet
      swap.setSourceToken(usd)
      swap.setToToken(foy)
      swap.setSourceAmount('20')
      await swap.fetchQuote()
      expect(swap.getState().inputError).toBe('error.insufficientBalance')
      swap.recheckGasSponsorship(false) // what was checked: nothing to do
      expect(swap.getState()).toMatchObject({ inputError: 'error.insufficientBalance', loadingQuote: false })

      await loadProjectSettings(site.client) // the Swap view asked; its answer says the site pays
      swap.recheckGasSponsorship(true)
      expect(swap.getState().inputError).toBeUndefined()
      await vi.waitFor(() => expect(swap.getState().toTokenAmountRaw).toBeGreaterThan(0n))
    } finally {
      site.stop()
    }
  })

  it('the native token: Max swaps the whole balance where the site pays the gas, else leaves the gas budget', async () => {
    const wei = parseUnits('0.02', 18)
    const holder = await t.newHolder(4, { wei })
    for (const type of ['smartAccount', 'eoa'] as const) {
      const { swap, eth, foy, stop } = await embeddedSwap(holder, type)
      try {
        swap.setSourceToken(eth)
        swap.setToToken(foy)
        swap.setMaxAmount()
        const { gasPrice, sourceTokenAmount } = swap.getState()
        expect(gasPrice).toBeGreaterThan(0n)
        expect(parseUnits(sourceTokenAmount, 18)).toBe(type === 'smartAccount' ? wei : wei - swapGasCost(gasPrice))
        swap.setSourceAmount('0.02')
        await swap.fetchQuote()
        expect(swap.getState().inputError).toBe(type === 'smartAccount' ? undefined : 'error.insufficientBalance')
      } finally {
        stop()
      }
    }
  })
})

import { createHmac } from 'node:crypto'
import { loadConfig } from '@foyer/server'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BACKEND_TIMEOUT_MS, openTestPGlite } from '../../../../apps/server/src/test/backends.ts'
import { fetchTransactionHistory } from '../account-data/fetchTransactionHistory.ts'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import { onrampPurchase, onrampQuote } from '../protocol/endpoints/onramp.ts'
import { connectedAnvilClient } from '../test/anvilWallet.ts'
import { listenTestServer } from '../test/listenTestServer.ts'
import { chainTools, startTestChain } from '../test/testChain.ts'
import { fiatToCents } from './buyAmount.ts'
import { getBuyAvailability, isBuyVisible } from './buyAvailability.ts'
import { createBuyController } from './buyController.ts'
import { createOnrampUrl } from './createOnrampUrl.ts'
import { fetchOnrampPurchase } from './fetchOnrampPurchase.ts'

// The real server (PGlite) on this file's own anvil (19560), its on-ramp configured with the sandbox provider (the
// sandbox's checkout itself is not started: this file plays the provider by posting signed webhooks), and a site's
// client holding dev account 4 through the real EVM adapter.
const SECRET = 'buy-controller-test-secret-0123456789'
let stopAll: () => Promise<void>
let apiUrl: string
let me: { client: FoyerClient; unmount(): void }
let myAddress: Address

beforeAll(async () => {
  const [{ devnet }, t] = await Promise.all([startTestChain({ port: 19560 }), openTestPGlite()])
  const tools = chainTools(devnet)
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_ONRAMP_PROVIDERS: JSON.stringify([{ id: 'sandbox', url: 'http://127.0.0.1:1', webhookSecret: SECRET }]),
      FOYER_PROJECTS: JSON.stringify([
        { id: 'no-onramp', allowedOrigins: ['https://no-onramp.example'], features: { onramp: false } },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = devnet.info.chains.map((c) => ({ ...c, tokens: c.tokens.map((token) => ({ ...token })), nfts: [] }))
  const server = await listenTestServer(t.database, config)
  apiUrl = server.apiUrl
  myAddress = tools.accounts[4]!.address as Address
  me = await connectedAnvilClient({
    chain: tools.chain,
    network: tools.network,
    address: myAddress,
    apiUrl,
    projectId: 'foyer-demo',
  })
  stopAll = async () => {
    me?.unmount()
    await server.close()
    await Promise.all([devnet.stop(), t.cleanup()])
  }
}, BACKEND_TIMEOUT_MS)
afterAll(() => stopAll?.())

/** Posts a provider's webhook for the purchase, signed as the contract says. */
async function webhook(body: Record<string, unknown>) {
  const raw = JSON.stringify(body)
  const t = Math.floor(Date.now() / 1000)
  const v1 = createHmac('sha256', SECRET).update(`${t}.${raw}`).digest('hex')
  const res = await fetch(`${apiUrl}/v1/onramp/webhook/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-foyer-signature': `t=${t},v1=${v1}` },
    body: raw,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

/** A controller with the provider chosen and its options read. */
async function withOptions() {
  const buy = createBuyController(me.client, { delayMs: 50, pollMs: 50 })
  await buy.loadProviders()
  buy.selectProvider('sandbox')
  await vi.waitFor(() => expect(buy.getState().optionsStatus).toBe('ready'), { timeout: 5000 })
  return buy
}

describe('buy controller (real server)', () => {
  it('reads the providers and the restricted time zones once; Buy shows outside them', async () => {
    const availability = getBuyAvailability(me.client)
    await availability.load()
    const state = availability.store.getState()
    expect(state.status).toBe('ready')
    expect(state.providers.map((p) => p.id)).toEqual(['sandbox'])
    expect(state.providers[0]).toMatchObject({
      sandbox: true,
      supportedChains: expect.arrayContaining(['eip155:31337']),
    })
    expect(state.restrictedTimezones).toContain('Asia/Shanghai')
    expect(isBuyVisible(me.client, state, 'Europe/Madrid')).toBe(true)
    expect(isBuyVisible(me.client, state, 'Asia/Shanghai')).toBe(false)
  })

  it('options: fUSD and the native currency, on the selected network; USD and EUR with the card and bank-account limits', async () => {
    const buy = await withOptions()
    const state = buy.getState()
    expect(state.optionsFallback).toBe(false)
    expect(state.options!.purchaseCurrencies.map((c) => c.id)).toEqual(expect.arrayContaining(['ETH', 'fUSD']))
    expect(state.options!.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(state.network).toBe('eip155:31337')
    expect(state.paymentCurrency!.id).toBe('USD')
    expect(buy.limits()).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    buy.selectPaymentMethod('bank_account')
    expect(buy.limits()).toEqual({ id: 'bank_account', min: '10.00', max: '25000.00' })
  })

  it('amount: the limits first (nothing is asked for outside them), then a quote whose numbers add up', async () => {
    const buy = await withOptions()
    buy.selectPurchaseCurrency('fUSD')
    const post = vi.spyOn(me.client.api!, 'call')
    try {
      buy.setAmount('9.99')
      expect(buy.getState().amountError).toEqual({ kind: 'min', bound: '10.00', currency: 'USD' })
      buy.setAmount('7500.01')
      expect(buy.getState().amountError).toEqual({ kind: 'max', bound: '7500.00', currency: 'USD' })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(post.mock.calls.filter(([endpoint]) => endpoint === onrampQuote)).toEqual([])
      buy.setAmount('10')
      expect(buy.getState()).toMatchObject({ amountError: undefined, quoteLoading: true })
      buy.setAmount('50')
      await vi.waitFor(() => expect(buy.getState().quoteLoading).toBe(false), { timeout: 5000 })
      expect(post.mock.calls.filter(([endpoint]) => endpoint === onrampQuote)).toHaveLength(1)
    } finally {
      post.mockRestore()
    }
    const { quote, quoteFallback } = buy.getState()
    expect(quoteFallback).toBe(false)
    expect(quote!.total).toBe('50.00')
    expect(fiatToCents(quote!.subtotal)! + fiatToCents(quote!.fees.total)!).toBe(fiatToCents(quote!.total))
    expect(Number(quote!.purchaseAmount.amount)).toBeGreaterThan(0)
  })

  it('checkout: the URL for the account, BuyInProgress, and the status followed to completion', async () => {
    const buy = await withOptions()
    buy.selectPurchaseCurrency('fUSD')
    buy.setAmount('25')
    await vi.waitFor(() => expect(buy.canContinue()).toBe(true), { timeout: 5000 })
    me.client.open({ view: 'Account' })
    const url = await buy.startPurchase()
    const { purchaseId, quote } = buy.getState()
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:1/checkout\\?purchase=${purchaseId}(&|$)`))
    expect(me.client.getState().router.view).toBe('BuyInProgress')
    await vi.waitFor(() => expect(buy.getState().purchase?.status).toBe('created'), { timeout: 5000 })
    expect(buy.getState().purchase).toMatchObject({
      address: myAddress.toLowerCase(),
      network: 'eip155:31337',
      purchaseCurrency: 'fUSD',
      purchaseAmount: quote!.purchaseAmount.amount,
      total: '25.00',
    })
    await webhook({ eventId: `${purchaseId}-1`, purchaseId, status: 'pending' })
    await vi.waitFor(() => expect(buy.getState().purchase?.status).toBe('pending'), { timeout: 5000 })
    await webhook({ eventId: `${purchaseId}-2`, purchaseId, status: 'paid' })
    await webhook({ eventId: `${purchaseId}-3`, purchaseId, status: 'completed', txHash: `0x${'12'.repeat(32)}` })
    await vi.waitFor(() => expect(buy.getState().purchase?.status).toBe('completed'), { timeout: 5000 })
    await vi.waitFor(() => expect(buy.getState().newBalance?.symbol).toBe('fUSD'), { timeout: 5000 })
    // Polling stopped with the final status.
    const get = vi.spyOn(me.client.api!, 'call')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(get.mock.calls.filter(([endpoint]) => endpoint === onrampPurchase)).toEqual([])
    get.mockRestore()
    me.client.close()
  })

  it('a failed purchase stops the polling with its reason', async () => {
    const buy = await withOptions()
    buy.setAmount('15')
    await vi.waitFor(() => expect(buy.canContinue()).toBe(true), { timeout: 5000 })
    me.client.open({ view: 'Account' })
    await buy.startPurchase()
    const { purchaseId } = buy.getState()
    await webhook({ eventId: `${purchaseId}-f`, purchaseId, status: 'failed', failureReason: 'card_declined' })
    await vi.waitFor(() => expect(buy.getState().purchase?.status).toBe('failed'), { timeout: 5000 })
    expect(buy.getState().purchase?.failureReason).toBe('card_declined')
    me.client.close()
  })

  it('a purchase is the visitor’s: a stranger with its id reads nothing; this page reads it and lists it in history', async () => {
    const buy = await withOptions()
    buy.selectPurchaseCurrency('fUSD')
    buy.setAmount('11')
    await vi.waitFor(() => expect(buy.canContinue()).toBe(true), { timeout: 5000 })
    me.client.open({ view: 'Account' })
    await buy.startPurchase()
    const { purchaseId, quote } = buy.getState()
    await vi.waitFor(() => expect(buy.getState().purchase?.status).toBe('created'), { timeout: 5000 })
    // A stranger who has the id (or the address): no purchase, no history entry.
    const stranger = (path: string) => fetch(`${apiUrl}${path}`, { headers: { 'x-project-id': 'foyer-demo' } })
    expect((await stranger(`/v1/onramp/purchases/${purchaseId}`)).status).toBe(404)
    const theirs = (await (await stranger(`/v1/account/${myAddress}/history?onramp=sandbox`)).json()) as {
      data: unknown[]
    }
    expect(theirs.data).toEqual([])
    // This page holds the purchase's secret: it reads the purchase and finds it in the history.
    expect((await fetchOnrampPurchase(me.client, { id: purchaseId! })).id).toBe(purchaseId)
    const mine = await fetchTransactionHistory(me.client, { address: myAddress, onramp: 'sandbox' })
    expect(mine.data.map((e) => e.onramp?.purchaseId)).toContain(purchaseId)
    // The quote bought this purchase: a second one with it is refused; leaving the progress asks for a fresh one.
    await expect(
      createOnrampUrl(me.client, {
        destinationWallets: [{ address: myAddress, blockchains: ['eip155:31337'], assets: ['fUSD'] }],
        quoteId: quote!.quoteId,
      }),
    ).rejects.toMatchObject({ reason: 'quote_used' })
    buy.leaveProgress()
    await vi.waitFor(() => expect(buy.canContinue()).toBe(true), { timeout: 5000 })
    expect(buy.getState().quote!.quoteId).not.toBe(quote!.quoteId)
    expect(await buy.startPurchase()).toBeDefined()
    buy.leaveProgress()
    me.client.close()
  })

  it('fallbacks: failing options give the marked sample options, a failing quote the marked placeholder', async () => {
    const buy = createBuyController(me.client, { delayMs: 10, pollMs: 50 })
    await buy.loadProviders()
    const get = vi.spyOn(me.client.api!, 'call').mockImplementation(async (endpoint) => {
      throw new Error(`down: ${endpoint.path}`)
    })
    buy.selectProvider('sandbox')
    await vi.waitFor(() => expect(buy.getState().optionsStatus).toBe('ready'))
    get.mockRestore()
    expect(buy.getState().optionsFallback).toBe(true)
    expect(buy.getState().options!.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    expect(buy.getState().purchaseCurrency!.id).toBe('ETH')

    const post = vi.spyOn(me.client.api!, 'call').mockRejectedValue(new Error('down'))
    buy.setAmount('100')
    await vi.waitFor(() => expect(buy.getState().quoteLoading).toBe(false))
    post.mockRestore()
    expect(buy.getState()).toMatchObject({ quoteFallback: true, quote: { total: '100.00', quoteId: '' } })
    expect(buy.canContinue()).toBe(true)
  })

  it('a project with the onramp feature off: the server refuses, Buy hides', async () => {
    const other = createFoyerClient({
      adapters: [],
      networks: [me.client.options.networks[0]],
      apiUrl,
      projectId: 'no-onramp',
      logLevel: 'silent',
    })
    const availability = getBuyAvailability(other)
    await availability.load()
    expect(availability.store.getState()).toMatchObject({ status: 'error', disabled: true })
    expect(isBuyVisible(other, availability.store.getState(), 'Europe/Madrid')).toBe(false)
  })
})

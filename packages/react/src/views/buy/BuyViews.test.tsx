// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { ADDRESS, fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

afterEach(async () => {
  await cleanup()
  vi.unstubAllGlobals()
})

const API = 'https://foyer.test'
const FUSD = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const PURCHASE_ID = '0b4f1e2a-9a8e-4c1b-8f5e-3d2c1b0a9f8e'
const QUOTE_ID = '6a1d2c3b-4e5f-4a7b-8c9d-0e1f2a3b4c5d'
const limits = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'bank_account', min: '10.00', max: '25000.00' },
]

/**
 * Test double only: the on-ramp routes as the contract defines them, in memory (the real server is exercised by
 * core's buyController.test.ts and e2e/onramp.spec.ts). `fail` makes a route answer 500.
 */
function onrampServerDouble({
  restrictedTimezones = [] as string[],
  fail = new Set<string>(),
  purchaseStatus = 'completed',
} = {}) {
  const bodies: Record<string, unknown> = {}
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
    const path = url.pathname
    if (init?.body) bodies[path] = JSON.parse(String(init.body))
    if ([...fail].some((f) => path.startsWith(f))) return json({ error: { code: 'internal', message: 'down' } }, 500)
    if (path === '/v1/onramp/providers')
      return json({
        providers: [
          {
            id: 'sandbox',
            name: 'Foyer Sandbox',
            label: 'Sandbox (test money)',
            feeRange: '1.5% + $0.99',
            url: 'http://127.0.0.1:8795',
            supportedChains: ['eip155:31337'],
            sandbox: true,
          },
        ],
        restrictedTimezones,
      })
    if (path === '/v1/onramp/options')
      return json({
        purchaseCurrencies: [
          {
            id: 'fUSD',
            name: 'Foyer USD',
            symbol: 'fUSD',
            networks: [{ name: 'Foyer Local', chainId: 'eip155:31337', contractAddress: FUSD }],
          },
        ],
        paymentCurrencies: [
          { id: 'USD', payment_method_limits: limits },
          { id: 'EUR', payment_method_limits: limits },
        ],
      })
    if (path === '/v1/onramp/quote') {
      const { amount } = JSON.parse(String(init!.body)) as { amount: string }
      return json({
        quoteId: QUOTE_ID,
        provider: 'sandbox',
        fees: { provider: '1.74', network: '0.10', total: '1.84' },
        subtotal: (Number(amount) - 1.84).toFixed(2),
        total: amount,
        purchaseAmount: { amount: '48.16', currency: 'fUSD' },
        paymentTotal: { amount, currency: 'USD' },
        paymentSubtotal: { amount: (Number(amount) - 1.84).toFixed(2), currency: 'USD' },
        coinbaseFee: { amount: '1.74', currency: 'USD' },
        networkFee: { amount: '0.10', currency: 'USD' },
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      })
    }
    if (path === '/v1/generators/onrampurl')
      return json({ url: `http://127.0.0.1:8795/checkout?purchase=${PURCHASE_ID}`, purchaseId: PURCHASE_ID })
    if (path === `/v1/onramp/purchases/${PURCHASE_ID}`)
      return json({
        id: PURCHASE_ID,
        provider: 'sandbox',
        status: purchaseStatus,
        address: ADDRESS.toLowerCase(),
        network: 'eip155:31337',
        purchaseCurrency: 'fUSD',
        purchaseAmount: '48.16',
        paymentCurrency: 'USD',
        paymentMethod: 'card',
        total: '50.00',
        ...(purchaseStatus === 'failed' ? { failureReason: 'card_declined' } : { txHash: `0x${'ab'.repeat(32)}` }),
        createdAt: '2026-11-25T00:00:00.000Z',
        updatedAt: '2026-11-25T00:00:01.000Z',
      })
    if (path.endsWith('/balance'))
      return json({
        balances: [
          {
            name: 'Foyer USD',
            symbol: 'fUSD',
            chainId: 'eip155:31337',
            address: `eip155:31337:${FUSD}`,
            decimals: 18,
            quantity: { decimals: '18', numeric: '1048.16' },
            raw: '1048160000000000000000',
            price: 1,
            priced: true,
            value: 1048.16,
            iconUrl: null,
          },
        ],
      })
    if (path.endsWith('/history')) {
      if (url.searchParams.get('onramp') !== 'sandbox') return json({ data: [], next: null })
      return json({
        data: [
          {
            id: `eip155:31337:0x${'ab'.repeat(32)}`,
            metadata: {
              operationType: 'receive',
              hash: `0x${'ab'.repeat(32)}`,
              minedAt: '2026-11-25T00:00:01.000Z',
              chain: 'eip155:31337',
              blockNumber: 12,
              sentFrom: '0x0000000000000000000000000000000000000001',
              sentTo: ADDRESS.toLowerCase(),
              status: 'confirmed',
              nonce: 0,
            },
            transfers: [
              {
                standard: 'erc20',
                direction: 'in',
                sender: '0x0000000000000000000000000000000000000001',
                recipient: ADDRESS.toLowerCase(),
                quantity: { numeric: '48.16', raw: '48160000000000000000' },
                fungible_info: { address: FUSD, name: 'Foyer USD', symbol: 'fUSD', decimals: 18, iconUrl: null },
              },
            ],
          },
        ],
        next: null,
      })
    }
    return json({ error: { code: 'not_found', message: 'no route' } }, 404)
  })
  return { fetch, bodies }
}

async function openAccount(
  server: ReturnType<typeof onrampServerDouble>,
  features: { onramp?: boolean; history?: boolean } = {},
) {
  vi.stubGlobal('fetch', server.fetch)
  const foyer = createFoyer({
    adapters: [fakeAdapter()],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: API,
    projectId: 'test',
    features: { swaps: false, names: false, history: false, ...features },
    logLevel: 'silent',
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.connect('dev.foyer.testwallet'))
  await act(async () => foyer.open({ view: 'Account' }))
  await openedModal('Account')
  return foyer
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function toAmount(foyer: Awaited<ReturnType<typeof openAccount>>) {
  await waitFor(() => byTestId('account-buy'))
  expect(byTestId('account-buy').textContent).toContain('Buy crypto')
  await click(byTestId('account-buy'))
  await openedModal('BuyProviders')
  await waitFor(() => byTestId('buy-provider-sandbox'))
  await click(byTestId('buy-provider-sandbox'))
  await openedModal('BuyCurrencies')
  await waitFor(() => byTestId('buy-currency-fUSD'))
  await click(byTestId('buy-continue'))
  await openedModal('BuyAmount')
  expect(foyer.getState().router.history).toEqual(['Account', 'BuyProviders', 'BuyCurrencies', 'BuyAmount'])
}

describe('buy crypto', () => {
  it('providers show label, fee range, networks and the sandbox mark; currencies preselect what is offered', async () => {
    const server = onrampServerDouble()
    await openAccount(server)
    await waitFor(() => byTestId('account-buy'))
    await click(byTestId('account-buy'))
    await openedModal('BuyProviders')
    expect(byTestId('foyer-modal').textContent).toContain('Buy Crypto')
    const provider = await waitFor(() => byTestId('buy-provider-sandbox'))
    expect(provider.textContent).toContain('Foyer Sandbox')
    expect(provider.textContent).toContain('Sandbox (test money)')
    expect(provider.textContent).toContain('Fees 1.5% + $0.99')
    expect(provider.textContent).toContain('Networks: Foyer Local')
    expect(provider.querySelector('[data-testid="buy-sandbox-mark"]')?.textContent).toBe('Sandbox')
    await click(provider)
    await openedModal('BuyCurrencies')
    await waitFor(() => byTestId('buy-currency-fUSD'))
    expect(byTestId('buy-currency-fUSD').getAttribute('aria-pressed')).toBe('true')
    expect(byTestId('buy-currency-fUSD').textContent).toContain('on Foyer Local')
    expect(byTestId('buy-payment-currency-USD').getAttribute('aria-pressed')).toBe('true')
    await click(byTestId('buy-payment-currency-EUR'))
    expect(byTestId('buy-payment-currency-EUR').getAttribute('aria-pressed')).toBe('true')
    expect(queryTestId('onramp-fallback')).toBeNull()
  })

  it('amount: min and max messages, the quote with its loading flag, then the checkout and the completion', async () => {
    const server = onrampServerDouble()
    const popup = { location: { href: '' }, opener: {}, close: vi.fn() }
    const open = vi.fn(() => popup)
    vi.stubGlobal('open', open)
    const foyer = await openAccount(server)
    await toAmount(foyer)
    expect(byTestId('buy-limits').textContent).toBe('From 10.00 to 7500.00 USD')
    const input = byTestId<HTMLInputElement>('buy-amount-input')
    await type(input, '9.99')
    expect(byTestId('buy-amount-error').textContent).toBe('The minimum is 10.00 USD')
    expect(byTestId<HTMLButtonElement>('buy-continue').disabled).toBe(true)
    await type(input, '7500.01')
    expect(byTestId('buy-amount-error').textContent).toBe('The maximum is 7500.00 USD')
    await type(input, '7500')
    expect(byTestId('buy-amount-error').textContent).toBe('')
    expect(byTestId('buy-quote').getAttribute('data-loading')).toBe('true')
    expect(byTestId('buy-quote').textContent).toContain('Getting a quote…')
    await type(input, '50')
    await waitFor(() => expect(byTestId('buy-quote').getAttribute('data-loading')).toBeNull())
    expect(byTestId('buy-quote-total').textContent).toBe('50.00 USD')
    expect(byTestId('buy-quote-amount').textContent).toBe('48.16 fUSD')
    expect(byTestId('buy-quote').textContent).toContain('1.84 USD')
    expect(server.bodies['/v1/onramp/quote']).toMatchObject({
      purchaseCurrency: 'fUSD',
      paymentCurrency: 'USD',
      amount: '50.00',
      network: 'eip155:31337',
      paymentMethod: 'card',
    })

    await click(byTestId('buy-continue'))
    await openedModal('BuyInProgress')
    expect(open).toHaveBeenCalledWith('', '_blank')
    expect(popup.opener).toBeNull()
    expect(popup.location.href).toBe(`http://127.0.0.1:8795/checkout?purchase=${PURCHASE_ID}`)
    expect(server.bodies['/v1/generators/onrampurl']).toMatchObject({
      destinationWallets: [{ address: ADDRESS, blockchains: ['eip155:31337'], assets: ['fUSD'] }],
      defaultNetwork: 'eip155:31337',
      defaultExperience: 'buy',
      presetFiatAmount: '50.00',
      quoteId: QUOTE_ID,
    })
    await waitFor(() => expect(byTestId('buy-status').getAttribute('data-status')).toBe('completed'))
    expect(byTestId('buy-status').textContent).toBe('Done: 48.16 fUSD arrived in your wallet')
    await waitFor(() => expect(byTestId('buy-new-balance').textContent).toBe('New balance: 1048.16 fUSD'))
    await click(byTestId('buy-done'))
    await openedModal('Account')
    expect(foyer.getState().router.history).toEqual(['Account'])
  })

  it('a failed purchase says so and goes back to the amount', async () => {
    const server = onrampServerDouble({ purchaseStatus: 'failed' })
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    )
    const foyer = await openAccount(server)
    await toAmount(foyer)
    await type(byTestId<HTMLInputElement>('buy-amount-input'), '20')
    await waitFor(() => expect(byTestId<HTMLButtonElement>('buy-continue').disabled).toBe(false))
    await click(byTestId('buy-continue'))
    await openedModal('BuyInProgress')
    await waitFor(() => expect(byTestId('buy-status').getAttribute('data-status')).toBe('failed'))
    expect(byTestId('buy-status').textContent).toBe('The purchase failed')
    expect(byTestId('buy-failure-reason').textContent).toBe('Reason: card_declined')
    await click(byTestId('buy-retry'))
    await openedModal('BuyAmount')
  })

  it('fallbacks: sample options and a placeholder quote, both marked', async () => {
    const server = onrampServerDouble({ fail: new Set(['/v1/onramp/options', '/v1/onramp/quote']) })
    const foyer = await openAccount(server)
    await waitFor(() => byTestId('account-buy'))
    await click(byTestId('account-buy'))
    await waitFor(() => byTestId('buy-provider-sandbox'))
    await click(byTestId('buy-provider-sandbox'))
    await openedModal('BuyCurrencies')
    await waitFor(() => expect(byTestId('onramp-fallback').textContent).toContain('Sample options'))
    expect(byTestId('buy-currency-ETH').getAttribute('aria-pressed')).toBe('true')
    expect(queryTestId('buy-payment-currency-USD')).not.toBeNull()
    expect(queryTestId('buy-payment-currency-EUR')).not.toBeNull()
    await click(byTestId('buy-continue'))
    await openedModal('BuyAmount')
    await click(byTestId('buy-method-bank_account'))
    expect(byTestId('buy-limits').textContent).toBe('From 10.00 to 25000.00 USD')
    await type(byTestId<HTMLInputElement>('buy-amount-input'), '100')
    await waitFor(() => expect(byTestId('buy-quote').getAttribute('data-fallback')).toBe('true'))
    expect(byTestId('buy-quote').textContent).toContain('Estimated')
    expect(byTestId('buy-quote-total').textContent).toBe('100.00 USD')
    expect(byTestId<HTMLButtonElement>('buy-continue').disabled).toBe(false)
    expect(foyer.getState().router.view).toBe('BuyAmount')
  })

  it('hidden: without the onramp feature, in a restricted time zone, when the project refuses it', async () => {
    await openAccount(onrampServerDouble(), { onramp: false })
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    expect(queryTestId('account-buy')).toBeNull()
    await cleanup()

    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const restricted = onrampServerDouble({ restrictedTimezones: [zone] })
    await openAccount(restricted)
    await waitFor(() => expect(restricted.fetch.mock.calls.some(([u]) => String(u).includes('/providers'))).toBe(true))
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    expect(queryTestId('account-buy')).toBeNull()
    await cleanup()

    const refused = onrampServerDouble()
    refused.fetch.mockImplementation(
      async () =>
        new Response(JSON.stringify({ error: { code: 'feature_disabled', message: 'off' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    )
    await openAccount(refused)
    await waitFor(() => expect(refused.fetch).toHaveBeenCalled())
    await act(async () => new Promise((r) => setTimeout(r, 20)))
    expect(queryTestId('account-buy')).toBeNull()
  })

  it('opened without an account: Connect first, then back to the providers', async () => {
    vi.stubGlobal('fetch', onrampServerDouble().fetch)
    const foyer = createFoyer({
      adapters: [fakeAdapter()],
      networks: [localNetwork(31337, 'Foyer Local')],
      apiUrl: API,
      projectId: 'test',
      features: { swaps: false, names: false, history: false },
      logLevel: 'silent',
    })
    await render(
      <FoyerProvider foyer={foyer}>
        <div>site</div>
      </FoyerProvider>,
    )
    await act(async () => foyer.open({ view: 'BuyProviders' }))
    await openedModal('BuyProviders')
    await waitFor(() => expect(byTestId('buy-connect').textContent).toBe('Connect Wallet'))
    expect(byTestId('foyer-modal').textContent).toContain('Connect a wallet to receive what you buy.')
    await click(byTestId('buy-connect'))
    await openedModal('Connect')
    await act(async () => foyer.connect('dev.foyer.testwallet'))
    await openedModal('BuyProviders')
    expect(foyer.getState().modal.open).toBe(true)
    await waitFor(() => byTestId('buy-provider-sandbox'))
  })

  it('Activity lists on-ramp purchases with their status', async () => {
    const server = onrampServerDouble()
    const foyer = await openAccount(server, { history: true })
    await act(async () => foyer.navigate.push('Activity'))
    await openedModal('Activity')
    const item = await waitFor(() => byTestId('activity-onramp-item'))
    expect(item.getAttribute('data-status')).toBe('completed')
    expect(item.textContent).toContain('Bought 48.16 fUSD')
    expect(item.textContent).toContain('Completed')
    expect(item.textContent).toContain('Through Foyer Sandbox')
  })
})

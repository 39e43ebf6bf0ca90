/**
 * Buying crypto in a real browser against the local stack: Account → Buy → the devnet's sandbox provider in a new
 * window → the test card pays → the sandbox sends the token from its treasury on the local chain → the modal shows
 * the completion, Account's tokens the new balance, Activity the purchase. Also: a declined card, the
 * fallbacks with the server's on-ramp routes failing, and Buy hidden in a restricted time zone. Dev account 0 is the
 * wallet here: no other journey asserts its fUSD balance (names and sign-in only sign with it).
 */
import type { Page } from '@playwright/test'
import { type Address, erc20Abi, parseUnits } from 'viem'
import { CHAIN_1, expect, openAccount, publicClient, seriousViolations, test } from './fixtures.ts'

test.use({ walletKey: 0 })

const SERVER = 'http://127.0.0.1:8787'
const NETWORK = `eip155:${CHAIN_1.id}`
const PAYING_CARD = '4242 4242 4242 4242'
const DECLINED_CARD = '4000 0000 0000 0002'
const SLOW_CARD = '4000 0000 0000 0077'

type Options = {
  purchaseCurrencies: { id: string; symbol: string; networks: { chainId: string; contractAddress: string }[] }[]
}

/** fUSD's address on the first local chain, as the server's on-ramp options give it. */
async function fusdAddress(): Promise<Address> {
  const res = await fetch(`${SERVER}/v1/onramp/options`, { headers: { 'x-project-id': 'foyer-demo' } })
  expect(res.status, await res.clone().text()).toBe(200)
  const options = (await res.json()) as Options
  const fusd = options.purchaseCurrencies.find((c) => c.id === 'fUSD')
  const address = fusd?.networks.find((n) => n.chainId === NETWORK)?.contractAddress
  expect(address, 'fUSD offered on the first local chain').toBeTruthy()
  return address as Address
}

function fusdBalance(token: Address, owner: Address) {
  return publicClient(CHAIN_1).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/** Account → Buy → the sandbox → fUSD paid in USD → BuyAmount. */
async function openAmount(page: Page) {
  const modal = await openAccount(page)
  await modal.getByTestId('account-buy').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'BuyProviders')
  const provider = modal.getByTestId('buy-provider-sandbox')
  await expect(provider).toContainText('Foyer Sandbox')
  await expect(provider).toContainText('Sandbox (test money)')
  await expect(provider).toContainText('1.5% + $0.99')
  await expect(provider.getByTestId('buy-sandbox-mark')).toHaveText('Sandbox')
  expect(await seriousViolations(page), 'axe on BuyProviders').toEqual([])
  await provider.click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'BuyCurrencies')
  await modal.getByTestId('buy-currency-fUSD').click()
  expect(await seriousViolations(page), 'axe on BuyCurrencies').toEqual([])
  await modal.getByTestId('buy-payment-currency-USD').click()
  await modal.getByTestId('buy-continue').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'BuyAmount')
  return modal
}

/** Continue → the checkout window; pays with `card` there. */
async function payInSandbox(page: Page, modal: ReturnType<Page['getByTestId']>, card: string) {
  const popupOpened = page.context().waitForEvent('page')
  await modal.getByTestId('buy-continue').click()
  const popup = await popupOpened
  await popup.waitForLoadState()
  await expect(popup.getByTestId('onramp-sandbox-pay')).toBeVisible()
  await expect(popup.getByText(/sandbox/i).first()).toBeVisible()
  await popup.getByTestId('onramp-sandbox-card').fill(card)
  await popup.getByTestId('onramp-sandbox-pay').click()
  return popup
}

test('buy fUSD with the test card: the sandbox pays out, Account and Activity show it', async ({ page, wallet }) => {
  test.setTimeout(90_000)
  const token = await fusdAddress()
  const before = await fusdBalance(token, wallet.address)
  const modal = await openAmount(page)

  // The method's limits, each with its message.
  await expect(modal.getByTestId('buy-limits')).toHaveText('From 10.00 to 7500.00 USD')
  await modal.getByTestId('buy-amount-input').fill('9.99')
  await expect(modal.getByTestId('buy-amount-error')).toHaveText('The minimum is 10.00 USD')
  await expect(modal.getByTestId('buy-continue')).toBeDisabled()
  await modal.getByTestId('buy-amount-input').fill('7500.01')
  await expect(modal.getByTestId('buy-amount-error')).toHaveText('The maximum is 7500.00 USD')
  await expect(modal.getByTestId('buy-continue')).toBeDisabled()

  // A live quote: fees apart, the total is the amount.
  await modal.getByTestId('buy-amount-input').fill('50')
  await expect(modal.getByTestId('buy-amount-error')).toHaveText('')
  const quote = modal.getByTestId('buy-quote')
  await expect(quote).not.toHaveAttribute('data-loading', /.*/)
  await expect(quote).toHaveAttribute('data-purchase-amount', /^[0-9]+(\.[0-9]+)?$/)
  await expect(modal.getByTestId('buy-quote-total')).toHaveText('50.00 USD')
  await expect(modal.getByTestId('onramp-fallback')).toHaveCount(0)
  const purchaseAmount = (await quote.getAttribute('data-purchase-amount'))!
  expect(await seriousViolations(page), 'axe on BuyAmount').toEqual([])

  const popup = await payInSandbox(page, modal, PAYING_CARD)
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'BuyInProgress')
  await expect(modal.getByTestId('buy-status')).toHaveAttribute('data-status', 'completed', { timeout: 45_000 })
  await expect(popup.getByTestId('onramp-sandbox-result')).toBeVisible()
  await expect(modal.getByTestId('buy-new-balance')).toBeVisible()
  expect(await seriousViolations(page), 'axe on BuyInProgress').toEqual([])

  // The chain agrees: the balance rose by exactly the purchase amount.
  const after = await fusdBalance(token, wallet.address)
  const decimals = await publicClient(CHAIN_1).readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
  expect(after - before).toBe(parseUnits(purchaseAmount, decimals))

  // Back to Account: the token list shows the new balance; Activity shows the purchase.
  await modal.getByTestId('buy-done').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  const shown = modal.getByTestId('token-fUSD').getByTestId('token-amount')
  await expect(shown).toBeVisible({ timeout: 15_000 })
  const whole = (after / 10n ** BigInt(decimals)).toString()
  await expect
    .poll(async () => ((await shown.textContent()) ?? '').replace(/[^\d.]/g, ''), { timeout: 15_000 })
    .toMatch(new RegExp(`^${whole}(\\.|$)`))
  await modal.getByTestId('account-activity').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Activity')
  const entry = modal.getByTestId('activity-onramp-item').first()
  await expect(entry).toHaveAttribute('data-status', 'completed', { timeout: 15_000 })
  await expect(entry).toContainText('fUSD')
})

test('a declined card: the purchase fails, the modal says so and lets the visitor try again', async ({
  page,
  wallet,
}) => {
  test.setTimeout(60_000)
  const token = await fusdAddress()
  const before = await fusdBalance(token, wallet.address)
  const modal = await openAmount(page)
  await modal.getByTestId('buy-amount-input').fill('20')
  await expect(modal.getByTestId('buy-quote')).toHaveAttribute('data-purchase-amount', /[0-9]/)
  await payInSandbox(page, modal, DECLINED_CARD)
  await expect(modal.getByTestId('buy-status')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 })
  await expect(modal.getByTestId('buy-status')).toHaveText('The purchase failed')
  expect(await fusdBalance(token, wallet.address)).toBe(before)
  await modal.getByTestId('buy-retry').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'BuyAmount')
})

test('a slow card: the modal follows the purchase through pending to completion', async ({ page, wallet }) => {
  test.setTimeout(60_000)
  void wallet
  const modal = await openAmount(page)
  await modal.getByTestId('buy-amount-input').fill('12.34')
  await expect(modal.getByTestId('buy-quote')).toHaveAttribute('data-purchase-amount', /[0-9]/)
  const seen = new Set<string>()
  const status = modal.getByTestId('buy-status')
  const popup = await payInSandbox(page, modal, SLOW_CARD)
  void popup
  await expect
    .poll(
      async () => {
        const s = await status.getAttribute('data-status').catch(() => null)
        if (s) seen.add(s)
        return s
      },
      { timeout: 45_000, intervals: [250] },
    )
    .toBe('completed')
  expect(seen.has('pending') || seen.has('paid'), `statuses seen: ${[...seen].join(', ')}`).toBe(true)
  await expect(modal.getByTestId('buy-new-balance')).toBeVisible()
})

test('fallbacks: failing options show the sample options, a failing quote a placeholder; both marked', async ({
  page,
  wallet,
}) => {
  void wallet
  await page.route('**/v1/onramp/options**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' }),
  )
  await page.route('**/v1/onramp/quote**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal"}}' }),
  )
  const modal = await openAccount(page)
  await modal.getByTestId('account-buy').click()
  await modal.getByTestId('buy-provider-sandbox').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'BuyCurrencies')
  await expect(modal.getByTestId('onramp-fallback')).toContainText('Sample options')
  // The sample options: the native currency, paid in USD or EUR.
  await expect(modal.getByTestId('buy-currency-ETH')).toBeVisible()
  await expect(modal.getByTestId('buy-payment-currency-USD')).toBeVisible()
  await expect(modal.getByTestId('buy-payment-currency-EUR')).toBeVisible()
  await modal.getByTestId('buy-payment-currency-EUR').click()
  await modal.getByTestId('buy-continue').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'BuyAmount')
  await modal.getByTestId('buy-method-bank_account').click()
  await expect(modal.getByTestId('buy-limits')).toHaveText('From 10.00 to 25000.00 EUR')
  await modal.getByTestId('buy-amount-input').fill('100')
  const quote = modal.getByTestId('buy-quote')
  await expect(quote).toHaveAttribute('data-fallback', 'true')
  await expect(quote.getByTestId('onramp-fallback')).toContainText('Estimated')
  await expect(modal.getByTestId('buy-quote-total')).toHaveText('100.00 EUR')
  await expect(modal.getByTestId('buy-continue')).toBeEnabled()
  expect(await seriousViolations(page), 'axe on the fallbacks').toEqual([])
})

test.describe('in a restricted time zone', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })
  test('Account offers no Buy', async ({ page, wallet }) => {
    void wallet
    const answered = page.waitForResponse((res) => res.url().includes('/v1/onramp/providers'))
    const modal = await openAccount(page)
    const providers = (await (await answered).json()) as { restrictedTimezones: string[] }
    expect(providers.restrictedTimezones).toContain('Asia/Shanghai')
    await expect(modal.getByTestId('account-network')).toBeVisible()
    await expect(modal.getByTestId('choose-name')).toBeVisible()
    await expect(modal.getByTestId('account-buy')).toHaveCount(0)
  })
})

test('the Buy flow is fetched when the visitor goes to it, not before the first click', async ({ page, wallet }) => {
  void wallet
  const scripts = new Map<string, Promise<string>>()
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) scripts.set(res.url(), res.text())
  })
  const code = async () => (await Promise.all(scripts.values())).join('\n')
  // Strings only the Buy views (and the on-ramp actions) hold, and the name the loaders import the first view by.
  const buyMarkers = ['buy-sandbox-mark', 'buy-payment-currency-', 'buy-amount-input', '/v1/onramp/quote']

  await page.goto('/')
  // What the page fetches before a click: its own scripts, then, when the browser is idle, the shell and Connect.
  await expect.poll(() => [...scripts.keys()].some((url) => /\/ConnectView-[\w-]+\.js$/.test(url))).toBe(true)
  await page.waitForLoadState('networkidle')
  const beforeClick = await code()
  for (const marker of [...buyMarkers, 'BuyProvidersView'])
    expect(beforeClick.includes(marker), `"${marker}" in the scripts fetched before the click`).toBe(false)

  const modal = await openAmount(page)
  await expect(modal.getByTestId('buy-amount-input')).toBeVisible()
  const afterBuy = await code()
  for (const marker of buyMarkers)
    expect(afterBuy.includes(marker), `"${marker}" in the scripts fetched once Buy is open`).toBe(true)
})

/**
 * Shared Playwright fixtures for journeys against the local stack (started by global-setup.ts):
 * a fresh context per test with the EIP-6963 test wallet installed, and a guard that fails the test
 * when the page reaches any host that is not on this machine.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { ANVIL_PRIVATE_KEYS, installTestWallet, type TestWallet } from '@foyer/testing'
import { test as base, expect } from '@playwright/test'
import { type Address, createPublicClient, defineChain, http } from 'viem'

export const CHAIN_1 = { id: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Foyer Local' }
export const CHAIN_2 = { id: 31338, rpcUrl: 'http://127.0.0.1:8546', name: 'Foyer Local 2' }
/** A network the demo does not list; the wallet knows it so the user can move there. */
export const FOREIGN_CHAIN = { id: 1, rpcUrl: 'http://127.0.0.1:8545', name: 'Ethereum' }

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

export function publicClient(chain: { id: number; rpcUrl: string; name: string }) {
  return createPublicClient({
    chain: defineChain({
      id: chain.id,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    transport: http(chain.rpcUrl),
  })
}

export async function balanceOf(chain: typeof CHAIN_1, address: Address) {
  return publicClient(chain).getBalance({ address })
}

type Fixtures = { walletKey: number; wallet: TestWallet; outbound: string[] }

export const test = base.extend<Fixtures>({
  // Each test file picks its own dev account so balances do not depend on test order.
  walletKey: [1, { option: true }],
  outbound: async ({ context }, use) => {
    const outbound: string[] = []
    context.on('request', (request) => {
      const url = new URL(request.url())
      if (url.protocol.startsWith('http') && !LOCAL_HOSTS.has(url.hostname)) outbound.push(request.url())
    })
    // WebSockets too (the WalletConnect relay): a socket to any other host is a request that left the machine.
    const watchSockets = (page: import('@playwright/test').Page) =>
      page.on('websocket', (socket) => {
        const url = new URL(socket.url())
        if (!LOCAL_HOSTS.has(url.hostname)) outbound.push(socket.url())
      })
    context.pages().forEach(watchSockets)
    context.on('page', watchSockets)
    await use(outbound)
    expect(outbound, 'requests that left the machine').toEqual([])
  },
  wallet: async ({ context, walletKey, outbound }, use) => {
    void outbound
    const wallet = await installTestWallet(context, {
      privateKey: ANVIL_PRIVATE_KEYS[walletKey]!,
      chains: [CHAIN_1, CHAIN_2, FOREIGN_CHAIN],
    })
    await use(wallet)
  },
})

export { expect }

/** The balance text as the modal shows it: floored to 3 decimals, digit grouping removed. */
export function flooredEther(wei: bigint) {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 3).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
export const digitsOnly = (text: string | null) => (text ?? '').replace(/[^\d.]/g, '')

/**
 * Records every text the snackbar shows from now on, so a journey can check a short-lived message
 * (a loading one that a fast local chain replaces within milliseconds) without racing it.
 */
export async function recordSnackbar(page: import('@playwright/test').Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __foyerSnackbarTexts: string[] }
    w.__foyerSnackbarTexts = []
    const observer = new MutationObserver(() => {
      const text = document.querySelector('[data-testid="snackbar"]')?.textContent?.trim()
      if (text && w.__foyerSnackbarTexts.at(-1) !== text) w.__foyerSnackbarTexts.push(text)
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { __foyerSnackbarTexts: string[] }).__foyerSnackbarTexts)
}

/**
 * Records whether the dialog shakes from now on. The shake lasts 500 ms, so on a busy machine a check that polls
 * for the attribute after the click can miss it; an observer in the page cannot.
 */
export async function recordShake(page: import('@playwright/test').Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { __foyerShook: boolean }
    w.__foyerShook = false
    const dialog = document.querySelector('[data-testid="foyer-modal"]')!
    new MutationObserver(() => {
      if (dialog.hasAttribute('data-shake')) w.__foyerShook = true
    }).observe(dialog, { attributes: true, attributeFilter: ['data-shake'] })
  })
  return () => page.evaluate(() => (window as unknown as { __foyerShook: boolean }).__foyerShook)
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Runs axe (axe-core from npm) on the dialog; returns its serious and critical violations. */
export async function seriousViolations(page: import('@playwright/test').Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource })
  // Judge the settled modal: mid fade-in, text is measured against a half-drawn background (a false contrast failure).
  await page.evaluate(() => {
    for (const animation of document.getAnimations())
      if (animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish()
  })
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Element) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> }
      }
    ).axe
    return axe.run(document.querySelector('[data-testid="foyer-modal"]')!)
  })
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length})`)
}

/**
 * Waits until the Account view's parts that come after it shows are in: the balance and the token list (its chunk,
 * then its data; sites with a Foyer server). Each pushes the rows below it (Network, Activity, …) down, so a click
 * aimed at one of those rows before then can land on the token list instead and do nothing.
 */
export async function accountSettled(modal: import('@playwright/test').Locator) {
  await expect(modal.getByTestId('account-balance')).not.toHaveAttribute('aria-busy')
  const tokens = modal.getByTestId('account-tokens')
  await expect(tokens).toBeVisible()
  await expect(tokens).not.toHaveAttribute('aria-busy')
}

/**
 * The demo (at `path`: `/?project=…` for another project) with the EIP-6963 test wallet connected and the modal open
 * on Account; answers the modal.
 */
export async function openAccount(page: import('@playwright/test').Page, path = '/') {
  await page.goto(path)
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-selector-dev.foyer.testwallet').click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await page.getByTestId('account-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  return modal
}

/**
 * The WalletConnect pairing URI the QR view shows, read as a person copies it (the page needs clipboard permission).
 * The QR waits for the WalletConnect chunk and the relay's pairing: seconds on a busy machine.
 */
export async function readPairingUri(page: import('@playwright/test').Page): Promise<string> {
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.getByTestId('wc-qr-code')).toBeVisible({ timeout: 15_000 })
  await modal.getByTestId('copy-wc-uri').click()
  await expect(page.getByTestId('snackbar')).toContainText('Link copied')
  return page.evaluate(() => navigator.clipboard.readText())
}

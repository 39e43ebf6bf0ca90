/**
 * examples/vite-react18: a wagmi site on React 18 that installed Foyer from the packed tarballs. A person connects
 * the browser wallet, sees Account and disconnects.
 */
import type { RunningChild } from '../apps/devnet/src/children.ts'
import { serveExample } from './examples.ts'
import { expect, test } from './fixtures.ts'

test.use({ walletKey: 9 })

let site: { url: string; server: RunningChild }
test.beforeAll(async () => {
  test.setTimeout(300_000) // the first install of the example downloads React 18 and Vite
  site = await serveExample('vite-react18')
})
test.afterAll(async () => site?.server.stop())

test('connect a browser wallet, see Account, disconnect', async ({ page, wallet }) => {
  const problems: string[] = []
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.text()} (${m.location().url})`),
  )
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.request().method()} ${r.url()}`))

  await page.goto(site.url)
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Connect')
  await modal.getByTestId('wallet-selector-dev.foyer.testwallet').click()
  await expect(modal).toBeHidden()

  await page.getByTestId('account-button').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await expect(modal).toContainText(wallet.address.slice(0, 6))
  await expect(modal.getByTestId('account-balance')).toContainText(/\d/)

  await modal.getByTestId('disconnect-button').click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  expect(problems).toEqual([])
})

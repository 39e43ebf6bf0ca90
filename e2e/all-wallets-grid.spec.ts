/**
 * The All Wallets grid as a person sees it: equal tiles, four to a row in the dialog and three on the narrow sheet,
 * long names cut with an ellipsis (the full name stays the tile's accessible name), nothing past the right edge.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

test.use({ walletKey: 6 })

async function openAllWallets(page: Page) {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('all-wallets').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'AllWallets')
  const grid = modal.getByTestId('all-wallets-grid')
  await expect(grid.getByRole('listitem').nth(8)).toBeVisible()
  return grid
}

/** The tiles of the first rows: their boxes, names, and whether each name is cut. */
async function layout(grid: import('@playwright/test').Locator) {
  return grid.evaluate((element) => {
    const gridBox = element.getBoundingClientRect()
    const tiles = [...element.querySelectorAll<HTMLButtonElement>('.fo-wallet-tile')].slice(0, 12).map((tile) => {
      const box = tile.getBoundingClientRect()
      const name = tile.querySelector('span:last-child') as HTMLElement
      return {
        left: Math.round(box.left),
        right: box.right,
        width: box.width,
        top: Math.round(box.top),
        label: tile.getAttribute('aria-label') ?? '',
        text: name.textContent ?? '',
        cut: name.scrollWidth > name.clientWidth,
        ellipsis: getComputedStyle(name).textOverflow,
      }
    })
    return { tiles, gridRight: gridBox.right, scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }
  })
}

for (const { name, viewport, perRow } of [
  { name: 'in the dialog (1280×900)', viewport: { width: 1280, height: 900 }, perRow: 4 },
  { name: 'on the narrow sheet (375×812)', viewport: { width: 375, height: 812 }, perRow: 3 },
]) {
  test(`All Wallets ${name}: ${perRow} equal tiles a row, names ellipsised, no horizontal overflow`, async ({
    page,
    wallet,
  }) => {
    void wallet
    await page.setViewportSize(viewport)
    const grid = await openAllWallets(page)
    const { tiles, gridRight, scrollWidth, clientWidth } = await layout(grid)

    expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    const firstRow = tiles.filter((t) => t.top === tiles[0]!.top)
    expect(firstRow).toHaveLength(perRow)
    const widths = tiles.map((t) => t.width)
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(0.5)
    for (const tile of tiles) {
      expect(tile.right, tile.label).toBeLessThanOrEqual(gridRight + 0.5)
      expect(tile.label).toBe(tile.text)
      expect(tile.ellipsis).toBe('ellipsis')
    }
    // A long catalogue name is cut on screen and whole in the tile's accessible name.
    await grid.evaluate((element) => element.scrollTo({ top: 0 }))
    const search = page.getByTestId('all-wallets-search')
    await search.fill('coinbase')
    const coinbase = grid.getByRole('button', { name: 'Coinbase Wallet' })
    await expect(coinbase).toBeVisible()
    const shown = await coinbase.evaluate((tile) => {
      const nameSpan = tile.querySelector('span:last-child') as HTMLElement
      return { cut: nameSpan.scrollWidth > nameSpan.clientWidth, right: tile.getBoundingClientRect().right }
    })
    expect(shown.cut).toBe(true)
    expect(shown.right).toBeLessThanOrEqual(gridRight + 0.5)
  })
}

/** The shipped catalogue's Solana-only wallet, and an EVM wallet a search for part of its name finds too. */
const SOLANA_ONLY = { id: 'solflare', name: 'Solflare' }
const EVM_SAME_SEARCH = { id: 'pillar', name: 'Pillar', search: 'lar' }

test("the demo's networks are EVM only: no Solana-only wallet in Connect, in any All Wallets page or in search", async ({
  page,
  wallet,
}) => {
  void wallet
  const asked: URLSearchParams[] = []
  const listed: { id: string; chains: string[] }[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname !== '/getWallets' || !response.ok()) return
    asked.push(url.searchParams)
    listed.push(...((await response.json()) as { data: { id: string; chains: string[] }[] }).data)
  })
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.getByTestId('all-wallets')).toContainText(/\d+/)
  await expect(modal.getByTestId(`wallet-selector-${SOLANA_ONLY.id}`)).toHaveCount(0)

  // Every page, to the catalogue's last wallet.
  await modal.getByTestId('all-wallets').click()
  const grid = modal.getByTestId('all-wallets-grid')
  await expect(grid.getByRole('listitem').nth(8)).toBeVisible()
  for (let i = 0; i < 12 && (await grid.getByTestId('wallet-selector-venly').count()) === 0; i++) {
    await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await page.waitForTimeout(150)
  }
  await expect(grid.getByTestId('wallet-selector-venly')).toBeVisible()

  const search = modal.getByTestId('all-wallets-search')
  await search.fill(EVM_SAME_SEARCH.search)
  await expect(grid.getByTestId(`wallet-selector-${EVM_SAME_SEARCH.id}`)).toBeVisible()
  await expect(grid.getByTestId(`wallet-selector-${SOLANA_ONLY.id}`)).toHaveCount(0)
  await search.fill(SOLANA_ONLY.name)
  await expect(modal.getByTestId('all-wallets-empty')).toHaveText('No wallet found')

  // Each list went out with the demo's two local chains, and no answer held a wallet for none of their namespaces.
  expect(asked.filter((q) => q.get('search') === EVM_SAME_SEARCH.search)).toHaveLength(1)
  expect(asked.some((q) => q.get('page') === '3')).toBe(true)
  for (const query of asked) expect(query.get('chains')).toBe('eip155:31337,eip155:31338')
  expect(listed.filter((w) => w.chains.length && !w.chains.includes('eip155')).map((w) => w.id)).toEqual([])
  expect(listed.map((w) => w.id)).toContain(EVM_SAME_SEARCH.id)
})

test("Get a Wallet opens a wallet's App Store page in a new tab, without the opener", async ({
  page,
  context,
  wallet,
  outbound,
}) => {
  void wallet
  const storeUrl = 'https://apps.apple.com/app/metamask/id1438144202'
  // The store is not on this machine: a route double answers it, so nothing leaves the machine.
  await context.route('https://apps.apple.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>store page double</title>' }),
  )
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('get-wallet').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'GetWallet')
  const list = modal.getByRole('list', { name: 'Wallets you can get' })
  const link = list.getByRole('link', { name: 'MetaMask on the App Store (opens in a new tab)' })
  await expect(link).toHaveAttribute('href', storeUrl)
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(list.getByTestId(`get-wallet-${SOLANA_ONLY.id}`)).toHaveCount(0)

  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()])
  await popup.waitForURL(storeUrl, { waitUntil: 'commit' })
  expect(popup.url()).toBe(storeUrl)
  expect(await popup.evaluate(() => window.opener)).toBeNull()
  // The store page was the only request meant for another host, and the route double answered it.
  expect(outbound.splice(0).filter((url) => !url.startsWith('https://apps.apple.com/'))).toEqual([])
})

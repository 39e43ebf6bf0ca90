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

import { expect, seriousViolations, test } from './fixtures.ts'

test.use({ walletKey: 6 })

test('the dialog traps Tab, closes on Escape and gives focus back to the button', async ({ page, wallet }) => {
  void wallet
  await page.goto('/')
  const button = page.getByTestId('connect-button')
  await button.focus()
  await page.keyboard.press('Enter')
  const modal = page.getByTestId('foyer-modal')
  await expect(modal).toBeVisible()
  await expect(modal).toHaveAttribute('role', 'dialog')
  await expect(modal).toHaveAttribute('aria-modal', 'true')
  const labelledBy = await modal.getAttribute('aria-labelledby')
  await expect(page.locator(`[id="${labelledBy}"]`)).toHaveText('Connect Wallet')
  await expect(modal.getByTestId('wallet-selector-dev.foyer.testwallet')).toBeVisible()
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await expect(button).toBeFocused()
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
})

test('the overlay closes the dialog', async ({ page, wallet }) => {
  void wallet
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('foyer-modal')).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(page.getByTestId('foyer-modal')).toBeHidden()
})

test('axe finds no serious violation in Connect and Account', async ({ page, wallet }) => {
  void wallet
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('wallet-selector-dev.foyer.testwallet')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByTestId('wallet-selector-dev.foyer.testwallet').click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await page.getByTestId('account-button').click()
  await expect(page.getByTestId('account-balance')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('a bottom sheet on a narrow screen', async ({ page, wallet }) => {
  void wallet
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal).toBeVisible()
  // The sheet slides up when it opens: wait until it rests on the bottom edge, full width.
  await expect
    .poll(async () => {
      const box = await modal.boundingBox()
      return box && [Math.round(box.width), Math.round(box.y + box.height)]
    })
    .toEqual([390, 800])
})

test('the modal speaks Spanish when the site switches locale', async ({ page, wallet }) => {
  void wallet
  await page.goto('/')
  await page.getByTestId('demo-locale').selectOption('es')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal).toContainText('Conectar billetera')
  await expect(page.getByTestId('modal-close')).toHaveAttribute('aria-label', 'Cerrar')
})

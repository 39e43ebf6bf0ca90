/**
 * Social login and Sign in with Farcaster from the visitor's side, against the devnet's stand-ins: the OpenID
 * Connect stand-in (a local sign-in page that says it is one) plays Google, and the dev wallet app plays the
 * Farcaster client. The popup is the modal's own (opened in the click); the frame keeps the flow and the key.
 */
import type { Page } from '@playwright/test'
import { type Address, type Hex, verifyMessage } from 'viem'
import { frameOf, modalView } from './embedded-helpers.ts'
import { expect, test } from './fixtures.ts'
import { NO_SWAPS_PROJECT } from './no-swaps-project.ts'

const WALLET = 'http://127.0.0.1:5175'

test.describe.configure({ mode: 'serial' })

let address: Address | undefined
let recoveryCode = ''

/** Connect → "Continue with Google" → the stand-in's page in the popup: pick the test user, allow. */
async function signInWithGoogle(page: Page, user: string) {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const opened = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  const popup = await opened
  await expect(modalView(page)).toHaveAttribute('data-view', 'ConnectingSocial')
  await popup.getByTestId(`stand-in-user-${user}`).click()
  await popup.getByTestId('stand-in-allow').click()
  return popup
}

test('sign in with "Google" through the popup: a new wallet, its recovery code in the frame, Account says who, a signature approved in the frame', async ({
  page,
}) => {
  const popup = await signInWithGoogle(page, 'ada')
  // A new wallet: the frame shows the recovery code once, in the waiting view.
  await expect(frameOf(page).getByTestId('frame-recovery-code')).toBeVisible({ timeout: 20_000 })
  recoveryCode = (await frameOf(page).getByTestId('frame-recovery-code').textContent()) ?? ''
  expect(recoveryCode).toMatch(/^[0-9a-f]{6}(-[0-9a-f]{1,6}){10}$/)
  await frameOf(page).getByTestId('frame-recovery-saved').click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  address = (await page.getByTestId('wagmi-address').textContent()) as Address
  await expect.poll(() => popup.isClosed()).toBe(true)

  await page.getByTestId('account-button').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  await expect(page.getByTestId('account-signed-in-with')).toHaveText('Signed in with Google as Ada Lovelace')
  await page.getByTestId('modal-close').click()

  await page.getByTestId('sign-message').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  await expect(frameOf(page).getByTestId('frame-approve')).toHaveAttribute('data-armed', 'true')
  await frameOf(page).getByTestId('frame-approve').click()
  await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.getByTestId('signature').textContent()) as Hex
  expect(await verifyMessage({ address, message: 'Hello from the Foyer demo', signature })).toBe(true)
})

test('the same person in a browser they never used: the recovery code in the frame, the same address', async ({
  browser,
}) => {
  expect(address).toBeDefined()
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await signInWithGoogle(page, 'ada')
    await expect(frameOf(page).getByTestId('frame-recovery-input')).toBeVisible({ timeout: 20_000 })
    await frameOf(page).getByTestId('frame-recovery-input').fill(recoveryCode)
    await frameOf(page).getByTestId('frame-recovery-submit').click()
    await expect(page.getByTestId('wagmi-address')).toHaveText(address!)
  } finally {
    await context.close()
  }
})

test('the popup closed before finishing: "closed" with Try again, which opens it again', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const opened = page.waitForEvent('popup')
  await page.getByTestId('social-google').click()
  const popup = await opened
  await expect(popup.getByTestId('stand-in-fail')).toBeVisible()
  await popup.close()
  await expect(page.getByTestId('social-error')).toHaveText('The sign-in window was closed before you finished.')
  const reopened = page.waitForEvent('popup')
  await page.getByTestId('social-retry').click()
  await expect((await reopened).getByTestId('stand-in-fail')).toBeVisible()
  await expect(page.getByTestId('social-error')).toBeHidden()
})

test('a blocked popup: the message, and no sign-in started', async ({ page }) => {
  // Stands in for a pop-up blocker: the browser's window.open answers null, as it does when a blocker stops it.
  await page.addInitScript(() => {
    window.open = () => null
  })
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('social-google').click()
  await expect(page.getByTestId('social-error')).toHaveText(
    'The sign-in window was blocked. Allow pop-ups for this site, then try again.',
  )
  await expect(page.getByTestId('social-retry')).toBeVisible()
})

test('the provider fails the sign-in: "failed" with Try again', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const opened = page.waitForEvent('popup')
  await page.getByTestId('social-google').click()
  const popup = await opened
  await popup.getByTestId('stand-in-fail').click()
  await expect(page.getByTestId('social-error')).toHaveText('Sign-in failed. Try again.', { timeout: 15_000 })
  await expect(page.getByTestId('social-retry')).toBeVisible()
})

test('Sign in with Farcaster: the QR code and link, approved in the dev wallet app; Account says who', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'ConnectingFarcaster')
  await expect(page.getByTestId('farcaster-qr-code')).toBeVisible()
  const link = (await page.getByTestId('farcaster-open').getAttribute('href'))!
  expect(link).toMatch(/channelToken=/)

  const wallet = await context.newPage()
  await wallet.goto(`${WALLET}/?siwf=${encodeURIComponent(link)}`)
  await wallet.getByTestId('wallet-siwf-fid').selectOption('1003')
  await wallet.getByTestId('wallet-siwf-approve').click()
  await expect(wallet.getByTestId('wallet-siwf-status')).toHaveAttribute('data-state', 'approved')

  await expect(frameOf(page).getByTestId('frame-recovery-code')).toBeVisible({ timeout: 20_000 })
  await frameOf(page).getByTestId('frame-recovery-saved').click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await page.getByTestId('account-button').click()
  await expect(page.getByTestId('account-signed-in-with')).toContainText('Signed in with Farcaster as dev1003')
  await expect(page.getByTestId('account-farcaster-fid')).toHaveText('fid 1003')
  await expect(page.getByTestId('account-signed-in-with').locator('img')).toHaveAttribute('src', /\/pfp\/1003\.svg$/)
  // No email on this account: nothing to change.
  await expect(page.getByTestId('account-update-email')).toHaveCount(0)
})

test('All socials lists every provider; a project with socials off shows none', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('all-socials').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'ConnectSocials')
  for (const name of ['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'])
    await expect(page.getByRole('button', { name: `Continue with ${name}` })).toBeVisible()

  await page.goto(`/?project=${NO_SWAPS_PROJECT.id}`)
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('email-input')).toBeVisible()
  await expect(page.getByTestId('social-login')).toHaveCount(0)
})

/**
 * The embedded (email) wallet end to end: the demo site, the secure frame on its own origin, the Foyer server
 * sending real SMTP to the devnet's mail sink, anvil. Codes and links are read from the mail sink's HTTP inbox.
 */
import { createServer } from 'node:http'
import type { Page } from '@playwright/test'
import { type Address, type Hex, parseEther, verifyMessage } from 'viem'
import { CHAIN_1, balanceOf, expect, publicClient, recordShake, test } from './fixtures.ts'

const INBOX = 'http://127.0.0.1:8025'
const FRAME = 'http://127.0.0.1:5174'
/** Another origin on this machine (the e2e port range of this feature). */
const EVIL = 'http://127.0.0.1:19450'
const run = Date.now().toString(36)
const email = `ana-${run}@example.com`
let walletAddress: Address | undefined
let recoveryCode = ''

type Mail = { subject: string; text: string; receivedAt: string }
async function mails(to: string): Promise<Mail[]> {
  return (await (await fetch(`${INBOX}/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[]
}
/** The newest mail to `to` received after `after` whose subject matches, waiting for it to arrive. */
async function nextMail(to: string, after: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect.poll(async () => Boolean((found = (await mails(to)).find((m) => m.receivedAt >= after && subject.test(m.subject))))).toBe(true)
  return found!
}
const codeOf = (mail: Mail) => /\b(\d{6})\b/.exec(mail.subject)![1]!
const since = () => new Date(Date.now() - 1000).toISOString()
const view = (page: Page) => page.getByTestId('foyer-modal').locator('[data-view]')
const frame = (page: Page) => page.frameLocator(`iframe[src^="${FRAME}"]`)

async function startLogin(page: Page, address: string) {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await expect(view(page)).toHaveAttribute('data-view', 'Connect')
  await page.getByTestId('email-input').fill(address)
  await page.getByTestId('email-submit').click()
}

async function typeCode(page: Page, code: string) {
  await page.getByTestId('otp-input-0').click()
  await page.keyboard.type(code)
}

test.describe.configure({ mode: 'serial' })

test('log in with an email, save the recovery code, sign with approval, send on anvil, reload, sign out', async ({ page, outbound }) => {
  void outbound // every request of the journey (the frame's included) is recorded; none may leave the machine
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('email-input').fill('not-an-email')
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('email-error')).toHaveText('Enter a valid email address')

  const started = since()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(view(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')
  await expect(page.getByTestId('foyer-modal')).toContainText(email)
  await expect(page.getByTestId('otp-resend')).toBeDisabled() // counting down from 30 s
  await typeCode(page, codeOf(await nextMail(email, started, /login code/)))

  // A new wallet: the frame (not the site) shows the recovery code once, inside the modal.
  await expect(view(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  recoveryCode = (await frame(page).getByTestId('frame-recovery-code').textContent()) ?? ''
  expect(recoveryCode).toMatch(/^03[0-9a-f]{4}(-[0-9a-f]{1,6}){10}$/)
  // Shown once: the modal refuses to close (it shakes) until the person says they saved it.
  const shook = await recordShake(page)
  await page.getByTestId('modal-close').click()
  await expect.poll(shook).toBe(true)
  await expect(view(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  await frame(page).getByTestId('frame-recovery-saved').click()

  await expect(page.getByTestId('foyer-modal')).toBeHidden()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  walletAddress = (await page.getByTestId('wagmi-address').textContent()) as Address

  // personal_sign is not safe: the frame shows the message and the person approves it there.
  await page.getByTestId('sign-message').click()
  await expect(view(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  await expect(frame(page).getByTestId('frame-request-body')).toHaveText('Hello from the Foyer demo')
  await frame(page).getByTestId('frame-approve').click()
  await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
  const signature = (await page.getByTestId('signature').textContent()) as Hex
  expect(await verifyMessage({ address: walletAddress, message: 'Hello from the Foyer demo', signature })).toBe(true)
  await expect(page.getByTestId('foyer-modal')).toBeHidden()

  // Rejecting in the frame rejects the site's call.
  await page.getByTestId('sign-message').click()
  await frame(page).getByTestId('frame-reject').click()
  await expect(page.getByTestId('sign-error')).toContainText(/rejected/i)

  // Closing the modal while the frame asks aborts the request.
  await page.getByTestId('sign-message').click()
  await expect(frame(page).getByTestId('frame-approve')).toBeVisible()
  await page.getByTestId('modal-close').click()
  await expect(page.getByTestId('sign-error')).toHaveText('Request was aborted')

  // The faucet funded the new wallet; send 0.01 ETH on anvil with an approval.
  await expect.poll(() => balanceOf(CHAIN_1, walletAddress!)).toBeGreaterThan(parseEther('1'))
  const before = await balanceOf(CHAIN_1, walletAddress)
  await page.getByTestId('send-native').click()
  await expect(frame(page).getByTestId('frame-approve')).toBeVisible()
  await expect(frame(page).locator('dd').filter({ hasText: '0.01 ETH' })).toBeVisible()
  await frame(page).getByTestId('frame-approve').click()
  await expect(page.getByTestId('sent-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  const receipt = await publicClient(CHAIN_1).waitForTransactionReceipt({ hash: (await page.getByTestId('sent-hash').textContent()) as Hex })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(walletAddress.toLowerCase())
  expect(before - (await balanceOf(CHAIN_1, walletAddress))).toBeGreaterThanOrEqual(parseEther('0.01'))

  // Reload: the frame restores the session from its own storage; still connected, same address.
  await page.reload()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(walletAddress)

  // Sign out from Account; after a reload it stays signed out.
  await page.getByTestId('account-button').click()
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
})

test('a second email within 30 s is refused with "Please try again after N seconds", client-side and server-side', async ({ page, outbound }) => {
  void outbound
  const other = `bo-${run}@example.com`
  await startLogin(page, other)
  await expect(view(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')
  await page.getByTestId('modal-back').click()
  await page.getByTestId('email-input').fill(other)
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('email-error')).toHaveText(/^Please try again after ([1-9]|[12]\d|30) seconds$/)
  // Without the stored timestamp (another tab cleared it), the server's own lock answers the same.
  await page.evaluate(() => localStorage.removeItem('foyer.emailLogin.lastRequestAt'))
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('email-error')).toHaveText(/^Please try again after ([1-9]|[12]\d|30) seconds$/)
  expect(await mails(other)).toHaveLength(1)
})

test('the server refuses brute-forced codes', async ({ page, outbound }) => {
  void outbound
  const target = `brute-${run}@example.com`
  const started = since()
  await startLogin(page, target)
  await expect(view(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')
  const right = codeOf(await nextMail(target, started, /login code/))
  const wrong = ['111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== right)
  for (const guess of wrong.slice(0, 4)) {
    await typeCode(page, guess)
    await expect(page.getByTestId('email-error')).toHaveText('Invalid code')
    await expect(page.getByTestId('otp-input-0')).toHaveValue('')
  }
  await typeCode(page, wrong[4]!)
  await expect(page.getByTestId('email-error')).toHaveText('Too many attempts. Try again later.')
  // The code is burnt: even the right one is refused now.
  await typeCode(page, right)
  await expect(page.getByTestId('email-error')).toHaveText('The code has expired. Request a new one.')
  await expect(page.getByTestId('account-button')).toBeHidden()
})

test('a page on another origin posting frame messages is ignored', async ({ page, outbound }) => {
  void outbound
  // A real page on another origin (own port on this machine) that embeds the frame and posts to it.
  const evilPage = (frameSrc: (parentOrigin: string) => string) => `<!doctype html><title>evil</title>
    <iframe id="lying" src="${frameSrc('http://127.0.0.1:5173')}"></iframe>
    <iframe id="honest" src="${frameSrc(EVIL)}"></iframe>
    <script>window.received = []; addEventListener('message', (e) => window.received.push(e.origin));</script>`
  const frameUrl = (parentOrigin: string) => `${FRAME}/?projectId=foyer-demo&amp;parentOrigin=${encodeURIComponent(parentOrigin)}`
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(evilPage(frameUrl)))
  await new Promise<void>((resolve) => server.listen(19450, '127.0.0.1', resolve))
  try {
    await page.goto(`${EVIL}/`)
    const lying = page.frameLocator('#lying')
    const honest = page.frameLocator('#honest')
    // One claims to be the demo (the browser says otherwise), one names its own origin (no project allows it).
    await expect(lying.locator('body')).toHaveAttribute('data-state', 'refused')
    await expect(lying.locator('body')).toHaveAttribute('data-reason', 'parent-origin-mismatch')
    await expect(honest.locator('body')).toHaveAttribute('data-state', 'refused')
    await expect(honest.locator('body')).toHaveAttribute('data-reason', 'origin-not-allowed')

    await page.evaluate(() => {
      for (const id of ['lying', 'honest']) {
        const target = (document.getElementById(id) as HTMLIFrameElement).contentWindow!
        for (const type of ['GET_USER', 'RPC_REQUEST', 'SIGN_OUT']) {
          const payload = type === 'RPC_REQUEST' ? { method: 'eth_accounts' } : {}
          target.postMessage({ channel: 'foyer:embedded', version: 1, kind: 'request', id: `evil-request-${type}`, type, payload }, '*')
        }
      }
    })
    await expect(lying.locator('body')).toHaveAttribute('data-ignored-messages', '3')
    await expect(honest.locator('body')).toHaveAttribute('data-ignored-messages', '3')
    expect(await page.evaluate(() => (window as unknown as { received: string[] }).received)).toEqual([])
  } finally {
    server.closeAllConnections()
    server.close()
  }
})

test('a new device approves the emailed link, enters the code and its recovery code, gets the same wallet, and updates the email', async ({ page, context, outbound }) => {
  void outbound
  expect(walletAddress, 'the first journey created the wallet').toBeTruthy()
  const started = since()
  await startLogin(page, email)
  // The server locks a login email for 30 s after the last one for this address (the first journey's): when
  // the lock still holds, wait out exactly what it says, then ask again.
  const device = page.getByTestId('foyer-modal').locator('[data-view="EmailVerifyDevice"]')
  await expect(device.or(page.getByTestId('email-error'))).toBeVisible()
  const locked = /Please try again after (\d+) seconds/.exec((await page.getByTestId('email-error').textContent().catch(() => null)) ?? '')
  if (locked) {
    await page.waitForTimeout(Number(locked[1]) * 1000 + 500)
    await page.getByTestId('email-submit').click()
  }
  await expect(view(page)).toHaveAttribute('data-view', 'EmailVerifyDevice')
  const link = /(http:\/\/127\.0\.0\.1:8787\/v1\/embedded\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec((await nextMail(email, started, /new device/)).text)![1]!
  const mailbox = await context.newPage()
  await mailbox.goto(link)
  await mailbox.getByTestId('approve-device').click()
  await expect(mailbox.getByTestId('device-message')).toContainText('Device approved')
  await mailbox.close()

  await expect(view(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')
  await typeCode(page, codeOf(await nextMail(email, started, /login code/)))
  await expect(view(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  await frame(page).getByTestId('frame-recovery-input').fill('03' + '0'.repeat(64))
  await frame(page).getByTestId('frame-recovery-submit').click()
  await expect(frame(page).getByRole('alert')).toContainText('does not belong')
  await frame(page).getByTestId('frame-recovery-input').fill(recoveryCode)
  await frame(page).getByTestId('frame-recovery-submit').click()
  await expect(page.getByTestId('foyer-modal')).toBeHidden()
  await expect(page.getByTestId('wagmi-address')).toHaveText(walletAddress!)

  // Update email: a code to the current address, then one to the new address.
  const next = `ana-new-${run}@example.com`
  const updateStarted = since()
  await page.getByTestId('account-button').click()
  await expect(page.getByTestId('account-update-email')).toContainText(email)
  await page.getByTestId('account-update-email').click()
  await page.getByTestId('update-email-input').fill(next)
  await page.getByTestId('update-email-submit').click()
  await expect(view(page)).toHaveAttribute('data-view', 'UpdateEmailPrimaryOtp')
  await typeCode(page, codeOf(await nextMail(email, updateStarted, /email change code/)))
  await expect(view(page)).toHaveAttribute('data-view', 'UpdateEmailSecondaryOtp')
  await expect(page.getByTestId('foyer-modal')).toContainText(next)
  await typeCode(page, codeOf(await nextMail(next, updateStarted, /email change code/)))
  await expect(view(page)).toHaveAttribute('data-view', 'Account')
  await expect(page.getByTestId('snackbar')).toContainText('Email updated')
  await expect(page.getByTestId('account-update-email')).toContainText(next)
})

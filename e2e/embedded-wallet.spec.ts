/**
 * The embedded (email) wallet end to end: the demo site, the secure frame on its own origin, the Foyer server
 * sending real SMTP to the devnet's mail sink, anvil. Codes and links are read from the mail sink's HTTP inbox.
 */
import { createServer } from 'node:http'
import type { Page } from '@playwright/test'
import { type Address, type Hex, parseEther, verifyMessage } from 'viem'
import { balanceOf, CHAIN_1, expect, publicClient, recordShake, test } from './fixtures.ts'
import { HOSTILE_PROJECT } from './hostile-project.ts'

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
  await expect
    .poll(async () => {
      found = (await mails(to)).find((m) => m.receivedAt >= after && subject.test(m.subject))
      return Boolean(found)
    })
    .toBe(true)
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

/**
 * A login for an address that had a login email less than 30 s ago: the server locks it; wait out exactly what it
 * says, then ask again. Ends on the code view (the frame's code entry).
 */
async function loginPastLock(page: Page, address: string) {
  await startLogin(page, address)
  const codeView = page.getByTestId('foyer-modal').locator('[data-view="EmailVerifyOtp"]')
  await expect(codeView.or(page.getByTestId('email-error'))).toBeVisible()
  const locked = /Please try again after (\d+) seconds/.exec(
    (await page
      .getByTestId('email-error')
      .textContent({ timeout: 500 })
      .catch(() => null)) ?? '',
  )
  if (locked) {
    await page.waitForTimeout(Number(locked[1]) * 1000 + 500)
    await page.getByTestId('email-submit').click()
  }
  await expect(view(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')
}

/** Codes are typed into the secure frame's own field (another origin): the site's page never holds them. */
async function typeCode(page: Page, code: string, { remember = false } = {}) {
  const field = frame(page).getByTestId('frame-code-input')
  await expect(field).toBeEnabled()
  if (remember) await frame(page).getByTestId('frame-remember').check()
  await field.click()
  await page.keyboard.type(code)
}

/** A script of the site's page that hears every message and reads the whole DOM (and every field) all along. */
async function installSiteSpy(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { spySeen: string[] }).spySeen = seen
    addEventListener('message', (event) => seen.push(JSON.stringify(event.data)), true)
    addEventListener('keydown', (event) => seen.push(`key:${event.key}`), true)
    addEventListener('paste', (event) => seen.push(`paste:${event.clipboardData?.getData('text') ?? ''}`), true)
    setInterval(() => {
      seen.push(document.documentElement.outerHTML)
      for (const input of document.querySelectorAll('input')) seen.push(`input:${input.value}`)
    }, 25)
  })
}
const spySeen = (page: Page) => page.evaluate(() => (window as unknown as { spySeen: string[] }).spySeen.join('\n'))

test.describe.configure({ mode: 'serial' })

test('log in with an email (the code typed in the frame, unseen by the site), save the recovery code, sign with approval, send on anvil, reload, sign out', async ({
  page,
  outbound,
}) => {
  void outbound // every request of the journey (the frame's included) is recorded; none may leave the machine
  test.setTimeout(180_000) // two more logins for the same address, each after the server's 30 s lock
  await installSiteSpy(page)
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('email-input').fill('not-an-email')
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('email-error')).toHaveText('Enter a valid email address')

  const started = since()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(view(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')
  // The frame draws the code entry and says where the code went; the site's modal has no code field at all.
  await expect(frame(page).getByTestId('frame-code-body')).toHaveText(
    `Enter the code we emailed to ${email}. If we asked you to approve this device, do that first.`,
  )
  await expect(page.getByTestId('foyer-modal').locator('input')).toHaveCount(0)
  await expect(page.getByTestId('otp-resend')).toBeDisabled() // counting down from 30 s
  await expect(frame(page).getByTestId('frame-remember')).not.toBeChecked() // "Remember this device" is off unless chosen
  const loginCode = codeOf(await nextMail(email, started, /login code/))
  await typeCode(page, loginCode)

  // A new wallet: the frame (not the site) shows the recovery code once, in the same place.
  await expect(frame(page).getByTestId('frame-recovery-code')).toBeVisible()
  recoveryCode = (await frame(page).getByTestId('frame-recovery-code').textContent()) ?? ''
  expect(recoveryCode).toMatch(/^[0-9a-f]{6}(-[0-9a-f]{1,6}){10}$/) // 33 bytes, x first (any nonzero x)
  // Shown once: the modal refuses to close (it shakes) until the person says they saved it.
  const shook = await recordShake(page)
  await page.getByTestId('modal-close').click()
  await expect.poll(shook).toBe(true)
  await expect(frame(page).getByTestId('frame-recovery-code')).toBeVisible()
  await frame(page).getByTestId('frame-recovery-saved').click()

  await expect(page.getByTestId('foyer-modal')).toBeHidden()
  // The site's page heard every message and read its whole DOM and every field, all along: never the code.
  const heard = await spySeen(page)
  expect(heard.length).toBeGreaterThan(1000)
  expect(heard).not.toContain(loginCode)
  expect(heard).not.toContain(recoveryCode)
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
  // Armed = the frame has been in place and visible for a second (a click before that may hit the moving frame).
  await expect(frame(page).getByTestId('frame-approve')).toHaveAttribute('data-armed', 'true')
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
  const receipt = await publicClient(CHAIN_1).waitForTransactionReceipt({
    hash: (await page.getByTestId('sent-hash').textContent()) as Hex,
  })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(walletAddress.toLowerCase())
  expect(before - (await balanceOf(CHAIN_1, walletAddress))).toBeGreaterThanOrEqual(parseEther('0.01'))

  // Reload: the frame restores the session from its own storage; still connected, same address.
  await page.reload()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(walletAddress)

  // Account settings: the regular account is in use; the smart account is offered (e2e/smart-account.spec.ts uses it).
  await page.getByTestId('account-button').click()
  await expect(page.getByTestId('account-settings')).toHaveText('Account typeRegular account')
  await page.getByTestId('account-settings').click()
  await expect(view(page)).toHaveAttribute('data-view', 'AccountSettings')
  await expect(page.getByTestId('account-type-eoa').getByTestId('account-type-current')).toHaveText('In use')
  await expect(page.getByTestId('account-type-smartAccount')).toBeVisible()
  await page.getByTestId('modal-back').click()
  await expect(view(page)).toHaveAttribute('data-view', 'Account')

  // Sign out from Account; after a reload it stays signed out.
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')

  // That sign-out was without "Remember this device": this device's share is gone, the recovery code is asked.
  let again = since()
  await loginPastLock(page, email)
  await typeCode(page, codeOf(await nextMail(email, again, /login code/)), { remember: true })
  await expect(frame(page).getByTestId('frame-recovery-input')).toBeVisible()
  await frame(page).getByTestId('frame-recovery-input').fill(recoveryCode)
  await frame(page).getByTestId('frame-recovery-submit').click()
  await expect(page.getByTestId('foyer-modal')).toBeHidden()
  await expect(page.getByTestId('wagmi-address')).toHaveText(walletAddress)

  // This time "remember" was ticked: sign out, sign in again, and no recovery code is asked.
  await page.getByTestId('account-button').click()
  await page.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  again = since()
  await loginPastLock(page, email)
  await typeCode(page, codeOf(await nextMail(email, again, /login code/)))
  await expect(page.getByTestId('foyer-modal')).toBeHidden()
  await expect(page.getByTestId('wagmi-address')).toHaveText(walletAddress)
})

test('a second email within 30 s is refused with "Please try again after N seconds", client-side and server-side', async ({
  page,
  outbound,
}) => {
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
  const error = frame(page).getByTestId('frame-code-error')
  for (const guess of wrong.slice(0, 4)) {
    await typeCode(page, guess)
    await expect(error).toHaveText('Invalid code')
    await expect(frame(page).getByTestId('frame-code-input')).toHaveValue('')
  }
  await typeCode(page, wrong[4]!)
  await expect(error).toHaveText('Too many attempts. Try again later.')
  // The code is burnt: even the right one is refused now.
  await typeCode(page, right)
  await expect(error).toHaveText('The code has expired. Request a new one.')
  await expect(page.getByTestId('account-button')).toBeHidden()
})

test('a page that lies about its origin, or frames the wallet from elsewhere, gets no answer', async ({
  page,
  outbound,
}) => {
  void outbound
  const frameUrl = (projectId: string, parentOrigin: string) =>
    `${FRAME}/?projectId=${projectId}&amp;parentOrigin=${encodeURIComponent(parentOrigin)}`
  const listen = async (port: number, body: string) => {
    const server = createServer((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>hostile</title>${body}
      <script>window.received = []; addEventListener('message', (e) => window.received.push(e.origin));</script>`),
    )
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    return server
  }
  const post = (id: string, types: string[]) =>
    page.evaluate(
      ([id, types]) => {
        const target = (document.getElementById(id) as HTMLIFrameElement).contentWindow!
        for (const type of types) {
          const payload = type === 'RPC_REQUEST' ? { method: 'eth_accounts' } : {}
          target.postMessage(
            { channel: 'foyer:embedded', version: 1, kind: 'request', id: `evil-request-${type}`, type, payload },
            '*',
          )
        }
      },
      [id, types] as const,
    )
  const received = () => page.evaluate(() => (window as unknown as { received: string[] }).received)

  // A site its project allows to frame the wallet, claiming to be the demo: the frame's CSP lets it load there, and
  // the frame sees the browser's real ancestor origin and refuses.
  const lyingServer = await listen(
    HOSTILE_PROJECT.port,
    `<iframe id="lying" src="${frameUrl(HOSTILE_PROJECT.id, 'http://127.0.0.1:5173')}"></iframe>`,
  )
  // A page on an origin no project allows, naming itself: the browser does not run the frame there (frame-ancestors).
  const evilServer = await listen(19450, `<iframe id="honest" src="${frameUrl('foyer-demo', EVIL)}"></iframe>`)
  try {
    await page.goto(HOSTILE_PROJECT.origin)
    const lying = page.frameLocator('#lying')
    await expect(lying.locator('body')).toHaveAttribute('data-state', 'refused')
    await expect(lying.locator('body')).toHaveAttribute('data-reason', 'parent-origin-mismatch')
    await post('lying', ['GET_USER', 'RPC_REQUEST', 'SIGN_OUT'])
    await expect(lying.locator('body')).toHaveAttribute('data-ignored-messages', '3')
    expect(await received()).toEqual([])

    await page.goto(`${EVIL}/`)
    // The frame's page starts as data-state="loading": a frame that loaded at all would carry one.
    await expect(page.frameLocator('#honest').locator('body')).not.toHaveAttribute('data-state', /./)
    await post('honest', ['GET_USER'])
    await page.waitForTimeout(500)
    expect(await received()).toEqual([])
  } finally {
    for (const server of [lyingServer, evilServer]) {
      server.closeAllConnections()
      server.close()
    }
  }
})

/** A browser this user never used: approve the emailed link, then the code and the recovery code in its frame. */
async function newDeviceLogin(page: Page, address: string) {
  const started = since()
  await loginPastLock(page, address)
  // The same answer as for any address; the mail holds an approval link, and the code follows the approval.
  const link = /(http:\/\/127\.0\.0\.1:8787\/v1\/embedded\/device\/approve\?token=[A-Za-z0-9_-]+)/.exec(
    (await nextMail(address, started, /new device/)).text,
  )![1]!
  const mailbox = await page.context().newPage()
  await mailbox.goto(link)
  await mailbox.getByTestId('approve-device').click()
  await expect(mailbox.getByTestId('device-message')).toContainText('Device approved')
  await mailbox.close()
  await typeCode(page, codeOf(await nextMail(address, started, /login code/)))
  await frame(page)
    .getByTestId('frame-recovery-input')
    .fill(`03${'0'.repeat(64)}`)
  await frame(page).getByTestId('frame-recovery-submit').click()
  await expect(frame(page).getByRole('alert')).toContainText('does not belong')
  await frame(page).getByTestId('frame-recovery-input').fill(recoveryCode)
  await frame(page).getByTestId('frame-recovery-submit').click()
  await expect(page.getByTestId('foyer-modal')).toBeHidden()
  await expect(page.getByTestId('wagmi-address')).toHaveText(walletAddress!)
}

test('a second device: approve the link, code and recovery code in its frame; the email change is confirmed in the frame and signs it out; devices lists both and revoking one signs it out', async ({
  page,
  browser,
  outbound,
}) => {
  void outbound
  test.setTimeout(300_000)
  expect(walletAddress, 'the first journey created the wallet').toBeTruthy()
  // `page` is a fresh browser: a new device for this user.
  await newDeviceLogin(page, email)
  await page.getByTestId('account-button').click()
  await page.getByTestId('account-devices').click()
  await expect(view(page)).toHaveAttribute('data-view', 'EmbeddedDevices')
  await expect(frame(page).locator('[data-testid="frame-device"][data-current="true"]')).toContainText('This device')
  const before = await frame(page).getByTestId('frame-device').count()
  await frame(page).getByTestId('frame-devices-done').click()
  await expect(view(page)).toHaveAttribute('data-view', 'Account')
  await page.getByTestId('modal-close').click()

  const other = await browser.newContext()
  const second = await other.newPage()
  try {
    await newDeviceLogin(second, email)

    // Devices, in the first browser's frame: one more, this one marked.
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-devices').click()
    await expect(frame(page).getByTestId('frame-device')).toHaveCount(before + 1)
    await expect(frame(page).locator('[data-testid="frame-device"][data-current="true"]')).toHaveCount(1)
    await frame(page).getByTestId('frame-devices-done').click()
    await expect(view(page)).toHaveAttribute('data-view', 'Account')

    // Email change: the site names the new address; the frame asks "from A to B?", then takes both codes.
    const next = `ana-new-${run}@example.com`
    const updateStarted = since()
    await expect(page.getByTestId('account-update-email')).toContainText(email)
    await page.getByTestId('account-update-email').click()
    await page.getByTestId('update-email-input').fill(next)
    await page.getByTestId('update-email-submit').click()
    await expect(view(page)).toHaveAttribute('data-view', 'UpdateEmailConfirm')
    await expect(frame(page).getByTestId('frame-change-email-text')).toHaveText(
      `Change your email from ${email} to ${next}?`,
    )
    await frame(page).getByTestId('frame-change-email-confirm').click()
    await expect(frame(page).getByTestId('frame-code-body')).toHaveText(`Enter the code we emailed to ${email}.`)
    await typeCode(page, codeOf(await nextMail(email, updateStarted, /email change code/)))
    await expect(frame(page).getByTestId('frame-code-body')).toHaveText(`Enter the code we emailed to ${next}.`)
    await typeCode(page, codeOf(await nextMail(next, updateStarted, /email change code/)))
    await expect(view(page)).toHaveAttribute('data-view', 'Account')
    await expect(page.getByTestId('snackbar')).toContainText('Email updated')
    await expect(page.getByTestId('account-update-email')).toContainText(next)
    await nextMail(email, updateStarted, /email was changed/) // the old address is told

    // The change ended the other session: the second browser is signed out after a reload.
    await second.reload()
    await expect(second.getByTestId('connect-button')).toBeVisible()
    await expect(second.getByTestId('wagmi-status')).toHaveText('disconnected')

    // It signs in again (a device approved before: the code comes at once); then the first browser revokes it.
    const again = since()
    await loginPastLock(second, next)
    await typeCode(second, codeOf(await nextMail(next, again, /login code/)))
    const recovery = frame(second).getByTestId('frame-recovery-input')
    if (await recovery.isVisible({ timeout: 2000 }).catch(() => false)) {
      await recovery.fill(recoveryCode)
      await frame(second).getByTestId('frame-recovery-submit').click()
    }
    await expect(second.getByTestId('wagmi-address')).toHaveText(walletAddress!)

    await page.getByTestId('account-devices').click()
    await expect(frame(page).getByTestId('frame-device')).toHaveCount(before + 1)
    // The frame lists this device first, then by last use: the second browser's device is the first of the others.
    const secondRow = frame(page).locator('[data-testid="frame-device"][data-current="false"]').first()
    await secondRow.getByTestId('frame-device-revoke').click()
    await expect(frame(page).getByTestId('frame-device')).toHaveCount(before)
    await frame(page).getByTestId('frame-devices-done').click()
    await second.reload()
    await expect(second.getByTestId('connect-button')).toBeVisible()
    await expect(second.getByTestId('wagmi-status')).toHaveText('disconnected')
    // This browser is still signed in.
    await page.reload()
    await expect(page.getByTestId('wagmi-address')).toHaveText(walletAddress!)
  } finally {
    await other.close()
  }
})

/**
 * Account names in a real browser against the local stack: choose a name in the modal (the EIP-6963 test wallet
 * signs the message) and see it in Account; send to a name; an unknown name; a taken name, and the server's
 * refusal when the name is taken between the check and the signature. Dev account 3 is the wallet here; names for
 * accounts 0 and 2 are registered straight through the server's API, as another person would.
 */
import { ANVIL_PRIVATE_KEYS, createWalletConnectTestWallet, type WalletConnectTestWallet } from '@foyer/testing'
import type { Page, Route } from '@playwright/test'
import { type Hex, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { frameOf, modalView, signUpWithEmail } from './embedded-helpers.ts'
import {
  balanceOf,
  CHAIN_1,
  CHAIN_2,
  expect,
  openAccount,
  readPairingUri,
  seriousViolations,
  test,
} from './fixtures.ts'

test.use({ walletKey: 3 })

const SERVER = 'http://127.0.0.1:8787'
const DEMO_ORIGIN = 'http://127.0.0.1:5173'
const SUFFIX = 'foyer.id'
/** The coin type of the demo's first chain (ENSIP-11: 0x80000000 | chain id). */
const COIN_TYPE = (0x80000000 | CHAIN_1.id) >>> 0
/** Names differ on every run, so a stack kept between runs (FOYER_E2E_NO_STACK) still finds them free. */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** Registers `label` for a dev account through the API (a signed message, as the modal sends it). */
async function registerByApi(privateKey: Hex, label: string) {
  const account = privateKeyToAccount(privateKey)
  const message = JSON.stringify({
    name: `${label}.${SUFFIX}`,
    address: account.address,
    chainId: CHAIN_1.id,
    project: 'foyer-demo',
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const signature = await account.signMessage({ message })
  const res = await fetch(`${SERVER}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-project-id': 'foyer-demo', origin: DEMO_ORIGIN },
    body: JSON.stringify({ coin_type: COIN_TYPE, address: account.address, message, signature }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return account.address
}

async function openRegistration(page: Page) {
  const modal = await openAccount(page)
  await modal.getByTestId('choose-name').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'RegisterAccountName')
  return modal
}

test('choose a name: suggestions, the signature, the success view, and Account shows the name', async ({
  page,
  wallet,
}) => {
  const label = `me-${run}`
  const name = `${label}.${SUFFIX}`
  const modal = await openRegistration(page)
  await expect(modal.getByTestId('name-suffix')).toHaveText(`.${SUFFIX}`)
  await expect(
    modal.getByText('Letters, digits and hyphens, at least 4 characters, starting and ending with a letter or digit.'),
  ).toBeVisible()

  // Too short, or a punycode label: the rule, and nothing to register.
  for (const bad of ['abc', 'xn--abcd']) {
    await modal.getByTestId('name-input').fill(bad)
    await expect(modal.getByTestId('name-availability')).toHaveText(
      'Use letters, digits and hyphens, at least 4 characters, starting and ending with a letter or digit',
    )
    await expect(modal.getByTestId('name-register')).toBeDisabled()
  }

  await modal.getByTestId('name-input').fill(label)
  await expect(modal.getByTestId(`name-suggestion-${name}`)).toContainText('Available')
  await expect(modal.getByTestId('name-availability')).toHaveText(`${name} is available`)
  expect(await seriousViolations(page), 'axe on RegisterAccountName').toEqual([])

  wallet.clearRequests()
  await modal.getByTestId('name-register').click()
  await expect(modal.getByTestId('name-success')).toBeVisible()
  await expect(modal.getByTestId('name-success-name')).toHaveText(name)
  expect(wallet.requests.map((r) => r.method)).toContain('personal_sign')
  expect(await seriousViolations(page), 'axe on RegisterAccountNameSuccess').toEqual([])

  // The server agrees, and Account shows the name instead of the short address (the button too).
  const identity = await fetch(`${SERVER}/v1/identity/${wallet.address}`, {
    headers: { 'x-project-id': 'foyer-demo' },
  }).then((res) => res.json() as Promise<{ name: string | null }>)
  expect(identity.name).toBe(name)
  await modal.getByTestId('name-success-done').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await expect(modal.getByTestId('account-name')).toHaveText(name)
  await expect(page.getByTestId('account-button')).toContainText(name)

  // A fresh page reads the name from the server.
  await page.reload()
  await page.getByTestId('account-button').click()
  await expect(page.getByTestId('foyer-modal').getByTestId('account-name')).toHaveText(name)
})

test('send to a name: the receiver’s name shows, the resolved address receives; an unknown name blocks', async ({
  page,
  wallet,
}) => {
  void wallet // the EIP-6963 test wallet, installed in the page
  const label = `to-${run}`
  const receiver = await registerByApi(ANVIL_PRIVATE_KEYS[2]!, label)
  const modal = await openAccount(page)
  await modal.getByTestId('account-send').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Send')
  await modal.getByTestId('send-amount').fill('0.25')

  // Unknown name: "Error resolving name", and no way on.
  await modal.getByTestId('send-receiver').fill(`nobody-${run}`)
  await expect(modal.getByTestId('send-input-error')).toHaveText('Error resolving name')
  await expect(modal.getByTestId('send-review')).toBeDisabled()

  // A full name resolves too; the view shows the name and the address it stands for.
  await modal.getByTestId('send-receiver').fill(`${label}.${SUFFIX}`)
  await expect(modal.getByTestId('send-receiver-name')).toContainText(`${label}.${SUFFIX}`)
  await expect(modal.getByTestId('send-receiver-address')).toHaveAttribute('title', receiver)
  await expect(modal.getByTestId('send-input-error')).toHaveCount(0)
  expect(await seriousViolations(page), 'axe on Send with a name').toEqual([])

  // The label alone works as well, and that is what is sent to.
  await modal.getByTestId('send-receiver').fill(label)
  await expect(modal.getByTestId('send-receiver-name')).toContainText(`${label}.${SUFFIX}`)
  await expect(modal.getByTestId('send-review')).toBeEnabled()
  await modal.getByTestId('send-review').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'SendPreview')
  await expect(modal.getByTestId('send-preview-receiver')).toHaveText(`${label}.${SUFFIX}`)
  const before = await balanceOf(CHAIN_1, receiver)
  await modal.getByTestId('send-confirm').click()
  await expect(page.getByTestId('snackbar')).toContainText('Transaction started')
  await expect.poll(async () => (await balanceOf(CHAIN_1, receiver)) - before).toBe(parseEther('0.25'))
})

test('a taken name shows as registered; a refusal says "Error registering name" back on the registration view', async ({
  page,
  wallet,
}) => {
  const taken = `taken-${run}`
  await registerByApi(ANVIL_PRIVATE_KEYS[0]!, taken)
  const modal = await openRegistration(page)
  await modal.getByTestId('name-input').fill(taken)
  const own = modal.getByTestId(`name-suggestion-${taken}.${SUFFIX}`)
  await expect(own).toContainText('Registered')
  await expect(own).toHaveAttribute('data-registered', 'true')
  await expect(modal.getByTestId('name-availability')).toHaveText(`${taken}.${SUFFIX} is already registered`)
  await expect(modal.getByTestId('name-register')).toBeDisabled()
  // Free variants follow the name itself.
  await expect(modal.locator('[data-testid^="name-suggestion-"][data-registered="false"]').first()).toBeVisible()

  // Declined in the wallet: the error, and still on the registration view.
  const raced = `raced-${run}`
  await modal.getByTestId('name-input').fill(raced)
  await expect(modal.getByTestId('name-availability')).toHaveText(`${raced}.${SUFFIX} is available`)
  wallet.setRejecting(true)
  await modal.getByTestId('name-register').click()
  await expect(page.getByTestId('snackbar')).toContainText('Error registering name')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'RegisterAccountName')
  wallet.setRejecting(false)
  await expect(modal.getByTestId('name-availability')).toHaveText(`${raced}.${SUFFIX} is available`)
  await expect(page.getByTestId('snackbar')).not.toContainText('Error registering name')

  // Someone else takes the name between the check and the signature: the server refuses (409).
  await registerByApi(ANVIL_PRIVATE_KEYS[0]!, raced)
  await modal.getByTestId('name-register').click()
  await expect(page.getByTestId('snackbar')).toContainText('Error registering name')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'RegisterAccountName')
  // Looked up again after the refusal: now registered.
  await expect(modal.getByTestId(`name-suggestion-${raced}.${SUFFIX}`)).toContainText('Registered')
  await expect(modal.getByTestId('name-register')).toBeDisabled()
})

test('the email wallet signs the registration in the secure frame’s approval screen', async ({ page, outbound }) => {
  void outbound // fails the test if the page reaches a host that is not on this machine
  const label = `mail-${run}`
  const name = `${label}.${SUFFIX}`
  const address = await signUpWithEmail(page, `names-${run}@example.com`)
  await page.getByTestId('account-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  await modal.getByTestId('choose-name').click()
  await modal.getByTestId('name-input').fill(label)
  await expect(modal.getByTestId('name-availability')).toHaveText(`${name} is available`)
  await modal.getByTestId('name-register').click()

  // The frame shows the message itself; approving signs it there, and the modal goes on to Success.
  await expect(modalView(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  await expect(frameOf(page).getByTestId('frame-request-body')).toContainText(`"name":"${name}"`)
  await frameOf(page).getByTestId('frame-approve').click()
  await expect(modal.getByTestId('name-success-name')).toHaveText(name)
  await modal.getByTestId('name-success-done').click()
  await expect(modal.getByTestId('account-name')).toHaveText(name)
  const identity = await fetch(`${SERVER}/v1/identity/${address}`, {
    headers: { 'x-project-id': 'foyer-demo' },
  }).then((res) => res.json() as Promise<{ name: string | null }>)
  expect(identity.name).toBe(name)
})

test('the server failing: "Error fetching names for address" on opening, "Error fetching name suggestions" while typing', async ({
  page,
  wallet,
}) => {
  void wallet
  const label = `listed-${run}`
  await registerByApi(ANVIL_PRIVATE_KEYS[3]!, label)
  const failing = (route: Route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"down","message":"down"}}' })
  await page.route('**/v1/profile/reverse/**', failing)
  const modal = await openRegistration(page)
  await expect(page.getByTestId('snackbar')).toContainText('Error fetching names for address')
  await expect(modal.getByTestId('own-names')).toHaveCount(0)

  await page.route('**/v1/profile/suggestions/**', failing)
  await modal.getByTestId('name-input').fill(`down-${run}`)
  await expect(page.getByTestId('snackbar')).toContainText('Error fetching name suggestions')
  await expect(modal.getByTestId('name-availability')).toHaveText('Error fetching name suggestions')
  await expect(modal.getByTestId('name-register')).toBeDisabled()

  // The server back: the account's names are listed, the shown one first.
  await page.unroute('**/v1/profile/reverse/**')
  await modal.getByTestId('modal-back').click()
  await modal.getByTestId('choose-name').click()
  await expect(modal.getByTestId('own-names')).toContainText(`${label}.${SUFFIX}`)
})

test('a WalletConnect wallet signs the registration over the relay', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const label = `wc-${run}`
  const name = `${label}.${SUFFIX}`
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('wallet-selector-walletconnect').click()
  const uri = await readPairingUri(page)
  let wcWallet: WalletConnectTestWallet | undefined
  try {
    wcWallet = await createWalletConnectTestWallet({
      relayUrl: process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790',
      privateKey: ANVIL_PRIVATE_KEYS[3]!,
      chains: [CHAIN_1, CHAIN_2],
    })
    await wcWallet.pair(uri)
    await expect(page.getByTestId('account-button')).toBeVisible()
    await page.getByTestId('account-button').click()
    await modal.getByTestId('choose-name').click()
    await modal.getByTestId('name-input').fill(label)
    await expect(modal.getByTestId('name-availability')).toHaveText(`${name} is available`)
    await modal.getByTestId('name-register').click()
    await expect(modal.getByTestId('name-success-name')).toHaveText(name)
    expect(wcWallet.requests.map((r) => r.method)).toContain('personal_sign')
    await modal.getByTestId('name-success-done').click()
    await expect(modal.getByTestId('account-name')).toHaveText(name)
  } finally {
    await wcWallet?.close()
  }
})

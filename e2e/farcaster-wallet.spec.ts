/**
 * Sign in with Farcaster against the devnet's stand-ins, with the dev wallet app in Chromium as the Farcaster client:
 * the server's Farcaster module opens a channel on the relay stand-in, the wallet app opens the sign-in link
 * (`?siwf=<link>`, or pasted), and its Approve signs with the fid's custody key; the module then verifies it against
 * the id registry stand-in on chain 31337. Reject leaves the request unanswered. A QR code image opens a link too.
 */
import { expect, test } from '@playwright/test'
import { renderSVG } from 'uqr'
import { createFarcasterLogin } from '../apps/server/src/embedded/farcaster/farcasterLogin.ts'

const WALLET = 'http://127.0.0.1:5175'
const RELAY = process.env.FOYER_FARCASTER_RELAY_URL ?? 'http://127.0.0.1:8796'
const RPC = 'http://127.0.0.1:8545'
const SITE = 'http://127.0.0.1:5173'

const login = createFarcasterLogin({ relayUrl: RELAY, rpcUrl: RPC })!
const nonce = () => `walletE2e${Date.now()}${Math.floor(Math.random() * 1e6)}`

test('the dev wallet opens a ?siwf= link and approves it as the chosen fid; the server module verifies it', async ({
  page,
}) => {
  const flowNonce = nonce()
  const { channelToken, url } = await login.start({
    nonce: flowNonce,
    siteOrigin: SITE,
    expiresAt: new Date(Date.now() + 5 * 60_000),
  })
  expect(url).toBe(`https://farcaster.xyz/~/siwf?channelToken=${channelToken}`)

  await page.goto(`${WALLET}/?siwf=${encodeURIComponent(url)}`)
  const request = page.getByTestId('wallet-siwf-request')
  await expect(request).toBeVisible()
  await expect(page.getByTestId('wallet-siwf-detail')).toContainText('domain    127.0.0.1:5173')
  await page.getByTestId('wallet-siwf-fid').selectOption('1002')
  await page.getByTestId('wallet-siwf-approve').click()
  await expect(page.getByTestId('wallet-siwf-status')).toHaveAttribute('data-state', 'approved')
  await expect(request).toBeHidden()

  expect(await login.check({ channelToken, nonce: flowNonce, siteOrigin: SITE })).toEqual({
    status: 'verified',
    identity: {
      provider: 'farcaster',
      subject: '1002',
      fid: 1002,
      username: 'dev1002',
      displayName: 'Dev 1002',
      avatarUrl: `${RELAY}/pfp/1002.svg`,
      email: null,
      emailVerified: false,
    },
  })
})

test('a pasted link can be rejected: the wallet answers nothing and the request stays pending', async ({ page }) => {
  const flowNonce = nonce()
  const { channelToken, url } = await login.start({
    nonce: flowNonce,
    siteOrigin: SITE,
    expiresAt: new Date(Date.now() + 5 * 60_000),
  })
  await page.goto(WALLET)
  await page.getByTestId('wallet-siwf-link').fill(url)
  await page.getByTestId('wallet-siwf-open').click()
  await expect(page.getByTestId('wallet-siwf-request')).toBeVisible()
  await page.getByTestId('wallet-siwf-reject').click()
  await expect(page.getByTestId('wallet-siwf-status')).toHaveAttribute('data-state', 'rejected')
  await expect(page.getByTestId('wallet-siwf-request')).toBeHidden()
  expect(await login.check({ channelToken, nonce: flowNonce, siteOrigin: SITE })).toEqual({ status: 'pending' })

  // Not a sign-in link: the wallet says so.
  await page.getByTestId('wallet-siwf-link').fill('https://farcaster.xyz/~/siwf')
  await page.getByTestId('wallet-siwf-open').click()
  await expect(page.getByTestId('wallet-siwf-status')).toHaveAttribute('data-state', 'error')
})

test('the dev wallet reads the sign-in link from a QR code image and approves it', async ({ page }) => {
  const flowNonce = nonce()
  const { channelToken, url } = await login.start({
    nonce: flowNonce,
    siteOrigin: SITE,
    expiresAt: new Date(Date.now() + 5 * 60_000),
  })
  await page.goto(WALLET)
  await page.getByTestId('wallet-siwf-qr').setInputFiles({
    name: 'qr.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(renderSVG(url)),
  })
  await expect(page.getByTestId('wallet-siwf-link')).toHaveValue(url)
  await expect(page.getByTestId('wallet-siwf-request')).toBeVisible()
  await page.getByTestId('wallet-siwf-fid').selectOption('1005')
  await page.getByTestId('wallet-siwf-approve').click()
  await expect(page.getByTestId('wallet-siwf-status')).toHaveAttribute('data-state', 'approved')
  expect(await login.check({ channelToken, nonce: flowNonce, siteOrigin: SITE })).toMatchObject({
    status: 'verified',
    identity: { fid: 1005, username: 'dev1005' },
  })
})

/**
 * A hostile site against the secure frame's approvals (real stack: demo site, frame on its own origin, Foyer server
 * with real SMTP to the mail sink, anvil). The "site" here is script on the demo page: it may post any request to
 * the frame as the parent window and restyle, shrink or cover the iframe. None of it may get an approval.
 */
import { createServer } from 'node:http'
import type { Browser, Page } from '@playwright/test'
import { type Address, type Hex, parseEther, stringToHex, verifyMessage, verifyTypedData } from 'viem'
import { FRAME, frameOf, hostileSite, signUpWithEmail } from './embedded-helpers.ts'
import { balanceOf, CHAIN_1, CHAIN_2, expect, publicClient, test } from './fixtures.ts'
import { HOSTILE_PROJECT } from './hostile-project.ts'

const SINK = '0x000000000000000000000000000000000000dEaD'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** Longer than the frame's arming delay (1 s), with room for the browser's visibility reports. */
const LONGER_THAN_ARMING_MS = 2_000

let page: Page
let address: Address
const email = `attacked-${Date.now().toString(36)}@example.com`
let site: ReturnType<typeof hostileSite>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(60_000)
  page = await (await browser.newContext()).newPage()
  address = await signUpWithEmail(page, email)
  site = hostileSite(page)
  await expect.poll(() => balanceOf(CHAIN_1, address), { timeout: 15_000 }).toBeGreaterThan(parseEther('1'))
})
test.afterAll(async () => {
  await page.context().close()
})

const approveButton = () => frameOf(page).getByTestId('frame-approve')
const frameBody = () => frameOf(page).locator('body')
const sendTx = (value = '0x2386f26fc10000' /* 0.01 ETH */) =>
  site.post('RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: SINK, value }] })
const nonce = () => publicClient(CHAIN_1).getTransactionCount({ address })

test('Enter pressed and held as a send request arrives does not approve it; a fresh press later does', async () => {
  const before = { nonce: await nonce(), balance: await balanceOf(CHAIN_1, address) }
  // The site says "press Enter to continue" and sends the transaction while the key is down.
  await page.getByTestId('wagmi-address').click()
  await page.keyboard.down('Enter')
  const id = await sendTx()
  await expect(approveButton()).toBeVisible()
  // Focus inside the frame is never on Approve (the frame focuses the title; Approve is disabled until armed).
  expect(await approveButton().evaluate((approve) => document.activeElement === approve)).toBe(false)
  await expect(approveButton()).toBeDisabled()
  // The person's pointer moves into the frame with the key still down: the repeats now reach the frame.
  await frameOf(page).locator('#frame-title').click()
  // Key repeat keeps coming while the request arms; then focus lands on Approve with the key still down.
  const until = Date.now() + LONGER_THAN_ARMING_MS
  while (Date.now() < until) {
    await page.keyboard.down('Enter') // repeat: true
    await page.waitForTimeout(40)
  }
  await expect(approveButton()).toHaveAttribute('data-armed', 'true')
  await approveButton().focus()
  await expect(approveButton()).toBeFocused()
  for (let i = 0; i < 10; i++) await page.keyboard.down('Enter')
  await page.keyboard.up('Enter')
  expect(await site.answer(id)).toBeUndefined()
  expect(await nonce()).toBe(before.nonce)
  expect(await balanceOf(CHAIN_1, address)).toBe(before.balance)
  await expect(frameBody()).toHaveAttribute('data-screen', 'approval')

  // The guard is what stopped it: a fresh press on the armed, focused Approve sends exactly one transaction.
  await page.keyboard.press('Enter')
  const answer = await site.waitAnswer(id)
  expect(answer.ok).toBe(true)
  const receipt = await publicClient(CHAIN_1).waitForTransactionReceipt({
    hash: (answer as { result: { result: Hex } }).result.result,
  })
  expect(receipt.status).toBe('success')
  expect(await nonce()).toBe(before.nonce + 1)
})

test('a second request sent while the first is on screen waits behind it and never replaces it', async () => {
  const first = await site.post('RPC_REQUEST', {
    method: 'personal_sign',
    params: [stringToHex('first: log in to the game'), address],
  })
  await expect(frameOf(page).getByTestId('frame-request-body')).toHaveText('first: log in to the game')
  const second = await site.post('RPC_REQUEST', {
    method: 'personal_sign',
    params: [stringToHex('second: transfer everything'), address],
  })
  // The first stays, unchanged and decidable, however long the person reads.
  await page.waitForTimeout(LONGER_THAN_ARMING_MS)
  await expect(frameOf(page).getByTestId('frame-request-body')).toHaveText('first: log in to the game')
  await expect(approveButton()).toHaveAttribute('data-armed', 'true')
  await approveButton().click()
  const firstAnswer = await site.waitAnswer(first)
  expect(
    await verifyMessage({
      address,
      message: 'first: log in to the game',
      signature: (firstAnswer as { result: { result: Hex } }).result.result,
    }),
  ).toBe(true)
  // Then the second, arming again from zero.
  await expect(frameOf(page).getByTestId('frame-request-body')).toHaveText('second: transfer everything')
  await expect(approveButton()).toBeDisabled()
  expect(await site.answer(second)).toBeUndefined()
  await frameOf(page).getByTestId('frame-reject').click()
  expect(await site.waitAnswer(second)).toMatchObject({ ok: false, error: { code: 'rejected' } })

  // A flood is refused beyond the bound (5 waiting), and ABORT_PENDING rejects everything waiting.
  const flood = await Promise.all(
    Array.from({ length: 7 }, (_, i) =>
      site.post('RPC_REQUEST', { method: 'personal_sign', params: [stringToHex(`flood ${i}`), address] }),
    ),
  )
  const refused = await Promise.all(flood.slice(5).map((id) => site.waitAnswer(id)))
  expect(refused.map((a) => (a.ok ? 'ok' : a.error.message))).toEqual([
    expect.stringMatching(/too many pending requests/i),
    expect.stringMatching(/too many pending requests/i),
  ])
  await expect(frameOf(page).getByTestId('frame-request-body')).toHaveText('flood 0')
  await site.post('ABORT_PENDING', {})
  const aborted = await Promise.all(flood.slice(0, 5).map((id) => site.waitAnswer(id)))
  expect(aborted.map((a) => (a.ok ? 'ok' : a.error.code))).toEqual([
    'aborted',
    'aborted',
    'aborted',
    'aborted',
    'aborted',
  ])
})

test('a transparent accent, a 10×10 frame, opacity 0.1 or a cover over the frame cannot get an approval', async () => {
  const id = await site.post('RPC_REQUEST', { method: 'personal_sign', params: [stringToHex('restyled'), address] })
  await expect(approveButton()).toHaveAttribute('data-armed', 'true')

  // Theme: the approval's buttons keep their own colours, and the change re-arms from zero.
  await site.post('SYNC_THEME', { themeMode: 'dark', themeVariables: { '--foyer-accent': 'transparent' } })
  await expect(approveButton()).toHaveAttribute('data-armed', 'false')
  await expect(approveButton()).toHaveCSS('background-color', 'rgb(212, 215, 221)') // the disabled look, not the accent
  await expect(approveButton()).toHaveAttribute('data-armed', 'true')
  await expect(approveButton()).toHaveCSS('background-color', 'rgb(27, 94, 32)')

  const tricks: [string, () => Promise<void>, string][] = [
    ['10×10', () => site.styleFrame('width:10px !important;height:10px !important'), 'too-small'],
    ['opacity 0.1', () => site.styleFrame('opacity:0.1 !important'), 'covered'],
    ['covered by a div', () => site.coverFrame(true), 'covered'],
  ]
  for (const [name, apply, reason] of tricks) {
    await apply()
    await expect(frameBody(), name).toHaveAttribute('data-approval-blocked', reason)
    await page.waitForTimeout(LONGER_THAN_ARMING_MS)
    await expect(approveButton(), name).toBeDisabled()
    await expect(frameOf(page).getByTestId('frame-approval-status'), name).toHaveText(/Approve is paused/)
    // A click that reaches the button anyway (coordinates, through the cover) does nothing.
    await approveButton()
      .click({ force: true, timeout: 2_000 })
      .catch(() => undefined)
    expect(await site.answer(id), name).toBeUndefined()
    await site.styleFrame('')
    await site.coverFrame(false)
    // Visible again: it re-arms, from zero.
    await expect(frameBody(), name).not.toHaveAttribute('data-approval-blocked', /.+/)
    await expect(approveButton(), name).toHaveAttribute('data-armed', 'true')
  }
  await frameOf(page).getByTestId('frame-reject').click()
  expect(await site.waitAnswer(id)).toMatchObject({ ok: false, error: { code: 'rejected' } })
  await site.post('SYNC_THEME', { themeMode: 'light' })
})

test('SWITCH_NETWORK while an approval is open is refused and the transaction goes to the chain shown', async () => {
  const before = await nonce()
  const beforeOther = await publicClient(CHAIN_2).getTransactionCount({ address })
  const id = await sendTx()
  await expect(frameOf(page).getByTestId('frame-row-network')).toHaveText(`${CHAIN_1.name} (${CHAIN_1.id})`)
  const switchId = await site.post('SWITCH_NETWORK', { chainId: CHAIN_2.id })
  expect(await site.waitAnswer(switchId)).toMatchObject({
    ok: false,
    error: { code: 'rejected', message: expect.stringMatching(/cannot change while a request waits/) },
  })
  const userId = await site.post('GET_USER', { chainId: CHAIN_2.id })
  expect(await site.waitAnswer(userId)).toMatchObject({ ok: false, error: { code: 'rejected' } })
  const chainId = await site.post('GET_CHAIN_ID', {})
  expect(await site.waitAnswer(chainId)).toMatchObject({ ok: true, result: { chainId: CHAIN_1.id } })

  await approveButton().click()
  const answer = await site.waitAnswer(id)
  const receipt = await publicClient(CHAIN_1).waitForTransactionReceipt({
    hash: (answer as { result: { result: Hex } }).result.result,
  })
  expect(receipt.status).toBe('success')
  expect(await nonce()).toBe(before + 1)
  expect(await publicClient(CHAIN_2).getTransactionCount({ address })).toBe(beforeOther)
  // With nothing waiting, switching works again (the refusal was about the open approval only).
  const later = await site.post('SWITCH_NETWORK', { chainId: CHAIN_2.id })
  expect(await site.waitAnswer(later)).toMatchObject({ ok: true, result: { chainId: CHAIN_2.id } })
  const back = await site.post('SWITCH_NETWORK', { chainId: CHAIN_1.id })
  expect(await site.waitAnswer(back)).toMatchObject({ ok: true, result: { chainId: CHAIN_1.id } })
})

test('a Permit shows token contract, spender, amount and deadline; typed data for another chain is refused unseen', async () => {
  const permit = {
    domain: { name: 'Test Token', version: '1', chainId: CHAIN_1.id, verifyingContract: TOKEN },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { owner: address, spender: SPENDER, value: '1000000', nonce: '0', deadline: '1893456000' },
  }
  const id = await site.post('RPC_REQUEST', {
    method: 'eth_signTypedData_v4',
    params: [address, JSON.stringify(permit)],
  })
  await expect(frameOf(page).getByTestId('frame-approval-summary')).toHaveText(
    `Allow ${SPENDER} to spend 1000000 base units of ${TOKEN} until 2030-01-01 00:00 UTC`,
  )
  await expect(frameOf(page).getByTestId('frame-row-permitToken')).toHaveText(TOKEN)
  await expect(frameOf(page).getByTestId('frame-row-permitSpender')).toHaveText(SPENDER)
  await expect(frameOf(page).getByTestId('frame-row-permitAmount')).toHaveText('1000000 base units')
  await expect(frameOf(page).getByTestId('frame-row-permitDeadline')).toHaveText('2030-01-01 00:00 UTC')
  await expect(frameOf(page).getByTestId('frame-row-verifyingContract')).toHaveText(TOKEN)
  await expect(frameOf(page).getByTestId('frame-row-domainChainId')).toHaveText(String(CHAIN_1.id))
  await approveButton().click()
  const answer = await site.waitAnswer(id)
  const signature = (answer as { result: { result: Hex } }).result.result
  expect(
    await verifyTypedData({ ...(permit as never as Parameters<typeof verifyTypedData>[0]), address, signature }),
  ).toBe(true)

  // The same permit bound to chain 1: refused before anything is shown.
  const foreign = await site.post('RPC_REQUEST', {
    method: 'eth_signTypedData_v4',
    params: [address, JSON.stringify({ ...permit, domain: { ...permit.domain, chainId: 1 } })],
  })
  expect(await site.waitAnswer(foreign)).toMatchObject({
    ok: false,
    error: {
      code: 'invalid_request',
      message: `The typed data is for chain 1, but the wallet is on chain ${CHAIN_1.id}`,
    },
  })
  await expect(frameBody()).not.toHaveAttribute('data-screen', 'approval')
  // Malformed typed data: refused as invalid_request too.
  const malformed = await site.post('RPC_REQUEST', {
    method: 'eth_signTypedData_v4',
    params: [address, JSON.stringify({ ...permit, message: { ...permit.message, spender: '0x12' } })],
  })
  expect(await site.waitAnswer(malformed)).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
})

test("another project's page on the same host frames the wallet: GET_USER finds nobody signed in", async () => {
  // The demo's own frame knows the person (the control).
  const own = (await site.waitAnswer(await site.post('GET_USER', {}))) as { ok: true; result: { user: unknown } }
  expect(JSON.stringify(own.result.user).toLowerCase()).toContain(address.toLowerCase())
  // Another port of the same host (the same site to the browser's storage), a project of its own, the same browser.
  const frameUrl = `${FRAME}/?projectId=${HOSTILE_PROJECT.id}&amp;parentOrigin=${encodeURIComponent(HOSTILE_PROJECT.origin)}`
  const server = createServer((_, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>other</title><iframe src="${frameUrl}"></iframe>`),
  )
  await new Promise<void>((resolve) => server.listen(HOSTILE_PROJECT.port, '127.0.0.1', resolve))
  const other = await page.context().newPage()
  try {
    await other.goto(HOSTILE_PROJECT.origin)
    await expect(frameOf(other).locator('body')).toHaveAttribute('data-state', 'ready')
    const theirs = hostileSite(other)
    const answer = await theirs.waitAnswer(await theirs.post('GET_USER', {}))
    expect(answer).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    const told = JSON.stringify(answer).toLowerCase()
    expect(told).not.toContain(address.slice(2).toLowerCase())
    expect(told).not.toContain(email)
    expect(await theirs.waitAnswer(await theirs.post('IS_CONNECTED', {}))).toMatchObject({
      ok: true,
      result: { isConnected: false },
    })
  } finally {
    await other.close()
    server.closeAllConnections()
    server.close()
  }
})

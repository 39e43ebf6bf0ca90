/**
 * The embedded (email) wallet on Solana, on the demo with `?solana=1`: a new email signs up on EVM, picks the local
 * Solana network and is connected there with the same wallet's Solana account (no second sign-in); funded from a
 * dev key, it sends 0.25 SOL through the modal's Send, approved in the secure frame, which says the transfer in plain
 * words; and the site's own Solana adapter has it sign a message, approved in the frame too.
 */
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from '@foyer/testing/solana'
import {
  address,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { SOLANA_STAND_IN_GENESIS_HASH } from '../apps/devnet/src/solana/standInGenesis.ts'
import { signAndSend, solTransfer } from '../apps/devnet/src/solana/testTransactions.ts'
import { frameOf, modalView, signUpWithEmail } from './embedded-helpers.ts'
import { accountSettled, expect, test } from './fixtures.ts'

const SOLANA_RPC_URL = 'http://127.0.0.1:8899'
const SOLANA_NETWORK_ID = `solana:${SOLANA_STAND_IN_GENESIS_HASH.slice(0, 32)}`
const SOL = 1_000_000_000n
/** Dev accounts no other journey touches: #7 pays for the new wallet's SOL, #8 receives its transfer. */
const FUNDER_KEY = SOLANA_DEV_KEYS[7]!
const RECEIVER = SOLANA_DEV_ACCOUNTS[8]!
const MESSAGE = 'Hello from the Foyer demo on Solana'

const rpc = createSolanaRpc(SOLANA_RPC_URL)
const balanceOf = async (account: string) => (await rpc.getBalance(address(account)).send()).value

/** A plain SOL transfer from the funder's dev key, signed and sent from the test with kit. */
async function fund(to: string, amount: bigint) {
  const funder = await createKeyPairSignerFromBytes(getBase58Encoder().encode(FUNDER_KEY))
  await signAndSend(SOLANA_RPC_URL, funder, [solTransfer(funder, to, amount)])
  await expect.poll(() => balanceOf(to)).toBe(amount)
}

test('an email wallet picks the local Solana network, sends 0.25 SOL through the frame, and signs a Solana message', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUpWithEmail(page, `solana-${Date.now()}@example.com`, '/?solana=1')

  // Networks: the local Solana chain. The same wallet is connected there, without another sign-in.
  await page.getByTestId('account-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId(`network-${SOLANA_NETWORK_ID}`).click()
  await expect(modal.getByTestId('account-network')).toContainText('Solana Local')
  await expect(modal.getByTestId('account-balance')).toHaveText(/ SOL$/)

  // Its Solana address, as Receive shows it; the account shows the same.
  await modal.getByTestId('account-receive').click()
  const solanaAddress = (await modal.getByTestId('receive-address').textContent())?.trim() ?? ''
  expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  await modal.getByTestId('modal-back').click()
  await expect(modal.getByTestId('account-name')).toHaveText(`${solanaAddress.slice(0, 4)}…${solanaAddress.slice(-4)}`)
  // Still the email wallet's rows, but no account type: smart accounts are EVM accounts.
  await expect(modal.getByTestId('account-devices')).toBeVisible()
  await expect(modal.getByTestId('account-settings')).toHaveCount(0)

  // A new wallet holds no SOL: the test pays it 1 SOL from a dev key.
  expect(await balanceOf(solanaAddress)).toBe(0n)
  await fund(solanaAddress, SOL)
  const receiverBefore = await balanceOf(RECEIVER)

  // Send 0.25 SOL from the modal; the frame says what the transaction does, and the person approves it there.
  await modal.getByTestId('account-send').click()
  await expect(modal.getByTestId('send-balance')).toContainText('1', { timeout: 15_000 })
  await expect(modal.getByTestId('send-token')).toHaveText('SOL')
  await modal.getByTestId('send-amount').fill('0.25')
  await modal.getByTestId('send-receiver').fill(RECEIVER)
  await modal.getByTestId('send-review').click()
  await expect(modal.getByTestId('send-preview-amount')).toHaveText('0.25 SOL')
  await modal.getByTestId('send-confirm').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  const frame = frameOf(page)
  await expect(frame.getByTestId('frame-approval-summary')).toContainText(`Send 0.25 SOL to ${RECEIVER}`)
  await expect(frame.getByTestId('frame-approve')).toHaveAttribute('data-armed', 'true')
  await frame.getByTestId('frame-approve').click()
  await expect.poll(() => balanceOf(RECEIVER), { timeout: 15_000 }).toBe(receiverBefore + SOL / 4n)
  await expect.poll(() => balanceOf(solanaAddress)).toBe(SOL - SOL / 4n - 5000n)

  // The site's own Solana adapter asks for a message signature: approved in the frame, it verifies for the address.
  await modal.getByTestId('modal-close').click()
  await expect(modal).toBeHidden()
  await page.getByTestId('solana-sign-message').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'ApproveTransaction')
  await expect(frame.getByTestId('frame-approval-summary').or(frame.getByTestId('frame-request-body'))).toContainText(
    MESSAGE,
  )
  await expect(frame.getByTestId('frame-approve')).toHaveAttribute('data-armed', 'true')
  await frame.getByTestId('frame-approve').click()
  await expect(page.getByTestId('solana-signature')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  const signature = getBase58Encoder().encode(
    (await page.getByTestId('solana-signature').textContent()) ?? '',
  ) as SignatureBytes
  const publicKey = await getPublicKeyFromAddress(address(solanaAddress))
  expect(await verifySignature(publicKey, signature, new TextEncoder().encode(MESSAGE))).toBe(true)
})

/**
 * WalletConnect for Solana, on the demo with `?solana=1`: the pairing asks for the `solana` namespace too, so a
 * WalletConnect wallet that holds a Solana key is connected on both families with one pairing; picking the Solana
 * network shows its Solana account without a new pairing, Send moves SOL over the same session, and a reload
 * keeps both.
 */
import { ANVIL_PRIVATE_KEYS, createWalletConnectTestWallet, type WalletConnectTestWallet } from '@foyer/testing'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from '@foyer/testing/solana'
import { address, createSolanaRpc } from '@solana/kit'
import { SOLANA_STAND_IN_GENESIS_HASH } from '../apps/devnet/src/solana/standInGenesis.ts'
import { accountSettled, CHAIN_1, CHAIN_2, expect, readPairingUri, test } from './fixtures.ts'

const RELAY_URL = process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790'
const SOLANA_RPC_URL = 'http://127.0.0.1:8899'
const SOLANA_NETWORK_ID = `solana:${SOLANA_STAND_IN_GENESIS_HASH.slice(0, 32)}` as const
const rpc = createSolanaRpc(SOLANA_RPC_URL)
const lamports = async (account: string) => (await rpc.getBalance(address(account)).send()).value

let wcWallet: WalletConnectTestWallet | undefined
test.afterEach(async () => {
  await wcWallet?.close()
  wcWallet = undefined
})

test('one WalletConnect pairing connects EVM and Solana: the Solana network shows the Solana account, Send moves SOL over the session, and a reload keeps both', async ({
  page,
  context,
  outbound,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const receiver = SOLANA_DEV_ACCOUNTS[7]!
  const receiverBefore = await lamports(receiver)

  await page.goto('/?solana=1')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('wallet-selector-walletconnect').click()
  const uri = await readPairingUri(page)

  wcWallet = await createWalletConnectTestWallet({
    relayUrl: RELAY_URL,
    privateKey: ANVIL_PRIVATE_KEYS[9]!,
    chains: [CHAIN_1, CHAIN_2],
    solana: { secretKey: SOLANA_DEV_KEYS[8]!, networks: [{ id: SOLANA_NETWORK_ID, rpcUrl: SOLANA_RPC_URL }] },
  })
  const solanaAddress = wcWallet.solana!.address
  await wcWallet.pair(uri)
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('wagmi-address')).toHaveText(wcWallet.address)
  // The session the wallet approved holds both families.
  expect(wcWallet.sessions()[0]!.namespaces.solana?.accounts).toEqual([`${SOLANA_NETWORK_ID}:${solanaAddress}`])

  // Networks → the Solana network: the same session, now on Solana.
  await page.getByTestId('account-button').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await expect(modal.getByTestId('account-name')).toHaveText(
    `${wcWallet.address.slice(0, 6)}…${wcWallet.address.slice(-4)}`,
  )
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId(`network-${SOLANA_NETWORK_ID}`).click()
  await expect(modal.getByTestId('account-name')).toHaveText(`${solanaAddress.slice(0, 4)}…${solanaAddress.slice(-4)}`)
  await expect(modal.getByTestId('account-balance')).toHaveText(/^[\d,.]+ SOL$/)
  await expect(modal.getByTestId('account-network')).toContainText('Solana Local')
  expect(wcWallet.sessions()).toHaveLength(1)

  // Send 0.1 SOL: the transaction is signed and sent by the wallet at the other end of the relay.
  await modal.getByTestId('account-send').click()
  await expect(modal.getByTestId('send-token')).toHaveText('SOL')
  await modal.getByTestId('send-amount').fill('0.1')
  await modal.getByTestId('send-receiver').fill(receiver)
  await modal.getByTestId('send-review').click()
  await expect(modal.getByTestId('send-preview-amount')).toHaveText('0.1 SOL')
  await modal.getByTestId('send-confirm').click()
  await expect.poll(() => lamports(receiver), { timeout: 20_000 }).toBe(receiverBefore + 100_000_000n)
  expect(wcWallet.solana!.requests.map((r) => r.method)).toEqual(['solana:signAndSendTransaction'])

  // A reload restores the session, with its Solana side: still on Solana, with no new pairing.
  await page.reload()
  await page.getByTestId('account-button').click()
  await expect(modal.getByTestId('account-name')).toHaveText(`${solanaAddress.slice(0, 4)}…${solanaAddress.slice(-4)}`)
  await expect(modal.getByTestId('account-network')).toContainText('Solana Local')

  // Back to EVM on the same session; disconnecting ends it on both families.
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId('network-eip155:31337').click()
  await expect(modal.getByTestId('account-name')).toHaveText(
    `${wcWallet.address.slice(0, 6)}…${wcWallet.address.slice(-4)}`,
  )
  expect(wcWallet.sessions()).toHaveLength(1)
  await modal.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect.poll(() => wcWallet!.sessions().length, { timeout: 10_000 }).toBe(0)
  void outbound // checked by the fixture after the test: no request (HTTP or WebSocket) left the machine
})

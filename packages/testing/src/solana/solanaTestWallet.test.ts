/**
 * The Solana test wallet's Node half against the devnet's Solana JSON-RPC stand-in (LiteSVM, real programs): the
 * dapp side builds its transfers with kit and the System program (the devnet's `unsignedTransaction`), as a site
 * would, and reaches the wallet through the Wallet Standard wallet object the test wallet gives for one origin.
 */
import { type SolanaStandIn, solTransfer, startSolanaStandIn, unsignedTransaction } from '@foyer/devnet/solana'
import {
  type Address,
  createSolanaRpc,
  getAddressEncoder,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type Signature,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import {
  isWalletStandardError,
  WALLET_STANDARD_ERROR__FEATURES__WALLET_ACCOUNT_CHAIN_UNSUPPORTED,
  WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED,
} from '@wallet-standard/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from '../accounts.ts'
import { SolanaTestWalletError } from './errors.ts'
import { createSolanaTestWallet, SOLANA_LOCALNET_CHAIN, type SolanaTestWallet } from './solanaTestWallet.ts'

const SITE = 'http://127.0.0.1:5173'
let standIn: SolanaStandIn
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0 })
  rpc = createSolanaRpc(standIn.url)
})
afterAll(() => standIn?.stop())

const makeWallet = (key: string = SOLANA_DEV_KEYS[3]) =>
  createSolanaTestWallet({ secretKey: key, rpcUrls: { [SOLANA_LOCALNET_CHAIN]: standIn.url } })

/** What a dapp does: a SOL transfer from `from`, compiled to wire bytes with no signature yet (the wallet signs). */
const transferBytes = (from: string, to: string, amount: bigint) =>
  unsignedTransaction(standIn.url, from, [solTransfer(from, to, amount)])

const balance = async (a: Address) => (await rpc.getBalance(a).send()).value

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (err) {
    return err
  }
  throw new Error('expected the call to fail')
}

describe('the Solana test wallet (Node half) against the Solana stand-in', () => {
  it('has the dev key it was given, the four Solana clusters and the Wallet Standard features', async () => {
    const wallet = await makeWallet()
    const view = wallet.walletFor(SITE)
    expect(wallet.address).toBe(SOLANA_DEV_ACCOUNTS[3])
    expect(view.name).toBe('Foyer Test Wallet')
    expect(view.icon).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(view.version).toBe('1.0.0')
    expect(view.chains).toEqual(['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'])
    expect(Object.keys(view.features).sort()).toEqual([
      'solana:signAndSendTransaction',
      'solana:signMessage',
      'solana:signTransaction',
      'standard:connect',
      'standard:disconnect',
      'standard:events',
    ])
    expect(view.features['solana:signTransaction'].supportedTransactionVersions).toEqual(['legacy', 0])
    // The account's publicKey is the address's 32 bytes.
    expect(getBase58Decoder().decode(wallet.account.publicKey)).toBe(wallet.address)
    expect(wallet.account.features).toEqual([
      'solana:signAndSendTransaction',
      'solana:signTransaction',
      'solana:signMessage',
    ])
    // The 32-byte private key alone gives the same account; a secret key whose halves disagree is refused.
    const bytes = Uint8Array.from(getBase58Encoder().encode(SOLANA_DEV_KEYS[3]))
    expect(
      (await createSolanaTestWallet({ secretKey: bytes.slice(0, 32), rpcUrls: { 'solana:localnet': standIn.url } }))
        .address,
    ).toBe(wallet.address)
    const mixed = Uint8Array.from([...bytes.slice(0, 32), ...getAddressEncoder().encode(SOLANA_DEV_ACCOUNTS[4])])
    await expect(
      createSolanaTestWallet({ secretKey: mixed, rpcUrls: { 'solana:localnet': standIn.url } }),
    ).rejects.toThrow()
    await expect(createSolanaTestWallet({ secretKey: SOLANA_DEV_KEYS[0], rpcUrls: {} })).rejects.toThrow(/rpcUrls/)
  })

  it('connects on approval, per origin, with change events; refuses in the standard shape when rejecting', async () => {
    const wallet = await makeWallet()
    const view = wallet.walletFor(SITE)
    const changes: unknown[] = []
    const off = view.features['standard:events'].on('change', (c) => changes.push(c.accounts?.map((a) => a.address)))
    const sunk: unknown[] = []
    wallet.setChangeSink(async (origin, c) => void sunk.push([origin, c.accounts.map((a) => a.address)]))

    // A silent connect never prompts: nothing until the user has approved.
    expect(await view.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    wallet.setRejecting(true)
    const rejected = await failure(view.features['standard:connect'].connect())
    expect(isWalletStandardError(rejected, WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)).toBe(true)
    expect(view.accounts).toEqual([])

    wallet.setRejecting(false)
    const { accounts } = await view.features['standard:connect'].connect()
    expect(accounts.map((a) => a.address)).toEqual([SOLANA_DEV_ACCOUNTS[3]])
    expect(view.accounts[0]).toBe(accounts[0])
    expect(wallet.walletFor('http://localhost:5173').accounts).toEqual([])
    // Once connected, a reload's silent connect gets the account, even while the user would reject prompts.
    wallet.setRejecting(true)
    expect(
      (await wallet.walletFor(`${SITE}/other/page`).features['standard:connect'].connect({ silent: true })).accounts,
    ).toHaveLength(1)
    wallet.setRejecting(false)

    await wallet.setAccount(SOLANA_DEV_KEYS[5])
    expect(view.accounts.map((a) => a.address)).toEqual([SOLANA_DEV_ACCOUNTS[5]])
    await view.features['standard:disconnect'].disconnect()
    expect(view.accounts).toEqual([])
    off()
    await view.features['standard:connect'].connect()
    expect(changes).toEqual([[SOLANA_DEV_ACCOUNTS[3]], [SOLANA_DEV_ACCOUNTS[5]], []])
    // A transport's sink gets the same changes, and the last connect too (its listener was removed, not the sink).
    expect(sunk).toEqual([
      [SITE, [SOLANA_DEV_ACCOUNTS[3]]],
      [SITE, [SOLANA_DEV_ACCOUNTS[5]]],
      [SITE, []],
      [SITE, [SOLANA_DEV_ACCOUNTS[5]]],
    ])

    expect(wallet.requests.map((r) => [r.method, r.error?.code ?? 'ok'])).toEqual([
      ['standard:connect', 'ok'],
      ['standard:connect', WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED],
      ['standard:connect', 'ok'],
      ['standard:connect', 'ok'],
      ['standard:disconnect', 'ok'],
      ['standard:connect', 'ok'],
    ])
    expect(wallet.requests[0]).toMatchObject({ origin: SITE, params: { silent: true }, result: { accounts: [] } })
    wallet.clearRequests()
    expect(wallet.requests).toEqual([])
  })

  it('signs a message with the account key (ed25519, verified), only for a connected site and its own account', async () => {
    const wallet = await makeWallet()
    const view = wallet.walletFor(SITE)
    const message = new TextEncoder().encode('Sign in to Foyer: nonce 8f3a')
    const sign = (account = wallet.account) => view.features['solana:signMessage'].signMessage({ account, message })

    expect(await failure(sign())).toMatchObject({ name: 'SolanaTestWalletError', code: 'notConnected' })
    const [{ accounts }] = [await view.features['standard:connect'].connect()]
    const [out] = await sign(accounts[0])
    expect(out?.signedMessage).toEqual(message)
    expect(out?.signatureType).toBe('ed25519')
    const publicKey = await getPublicKeyFromAddress(wallet.address)
    expect(await verifySignature(publicKey, out?.signature as SignatureBytes, message)).toBe(true)
    expect(await verifySignature(publicKey, out?.signature as SignatureBytes, new TextEncoder().encode('other'))).toBe(
      false,
    )

    const stranger = { ...wallet.account, address: SOLANA_DEV_ACCOUNTS[0] }
    expect(await failure(sign(stranger))).toMatchObject({ code: 'unknownAccount' })
    wallet.setRejecting(true)
    expect(isWalletStandardError(await failure(sign()), WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)).toBe(true)
  })

  it('signs a transaction it is asked to sign, and the signature verifies over the message bytes', async () => {
    const wallet = await makeWallet()
    const view = wallet.walletFor(SITE)
    await view.features['standard:connect'].connect()
    const unsigned = await transferBytes(wallet.address, SOLANA_DEV_ACCOUNTS[8], 1_000n)
    const before = getTransactionDecoder().decode(unsigned)
    expect(before.signatures[wallet.address]).toBeNull()

    const [out] = await view.features['solana:signTransaction'].signTransaction({
      account: wallet.account,
      transaction: unsigned,
      chain: SOLANA_LOCALNET_CHAIN,
    })
    const signed = getTransactionDecoder().decode(out!.signedTransaction)
    expect(signed.messageBytes).toEqual(before.messageBytes)
    const signature = signed.signatures[wallet.address]
    expect(signature).toHaveLength(64)
    expect(await verifySignature(await getPublicKeyFromAddress(wallet.address), signature!, signed.messageBytes)).toBe(
      true,
    )

    // A transaction the account is not a signer of, bytes that are no transaction, a chain it does not name.
    const other = await transferBytes(SOLANA_DEV_ACCOUNTS[0], SOLANA_DEV_ACCOUNTS[8], 1n)
    const input = (transaction: Uint8Array, chain?: `${string}:${string}`) =>
      view.features['solana:signTransaction'].signTransaction({
        account: wallet.account,
        transaction,
        ...(chain && { chain }),
      })
    expect(await failure(input(other))).toMatchObject({ code: 'unknownAccount' })
    expect(await failure(input(new Uint8Array([1, 2, 3])))).toMatchObject({ code: 'invalidInput' })
    const chainError = await failure(input(unsigned, 'ethereum:1'))
    expect(isWalletStandardError(chainError, WALLET_STANDARD_ERROR__FEATURES__WALLET_ACCOUNT_CHAIN_UNSUPPORTED)).toBe(
      true,
    )
    expect(chainError).toMatchObject({ context: { chain: 'ethereum:1', address: wallet.address } })
    wallet.setRejecting(true)
    expect(isWalletStandardError(await failure(input(unsigned)), WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)).toBe(
      true,
    )
  })

  it('signs and sends a SOL transfer to the stand-in: it lands and the balances move', async () => {
    const wallet = await makeWallet(SOLANA_DEV_KEYS[6])
    const view = wallet.walletFor(SITE)
    await view.features['standard:connect'].connect()
    const to = SOLANA_DEV_ACCOUNTS[7]
    const [fromBefore, toBefore] = [await balance(wallet.address), await balance(to)]
    const amount = 250_000_000n

    const [out] = await view.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account: wallet.account,
      chain: SOLANA_LOCALNET_CHAIN,
      transaction: await transferBytes(wallet.address, to, amount),
      options: { commitment: 'confirmed' },
    })
    const signature = getBase58Decoder().decode(out!.signature) as Signature
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await balance(to)).toBe(toBefore + amount)
    expect(await balance(wallet.address)).toBe(fromBefore - amount - 5_000n)
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'solana:signAndSendTransaction', origin: SITE })

    // A chain it names but has no RPC URL for cannot be sent on; nothing moves.
    const noUrl = await failure(
      view.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account: wallet.account,
        chain: 'solana:devnet',
        transaction: await transferBytes(wallet.address, to, 1n),
      }),
    )
    expect(noUrl).toBeInstanceOf(SolanaTestWalletError)
    expect(noUrl).toMatchObject({ code: 'noRpcUrl' })
    // The user rejects: nothing is sent.
    wallet.setRejecting(true)
    const rejected = await failure(
      view.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account: wallet.account,
        chain: SOLANA_LOCALNET_CHAIN,
        transaction: await transferBytes(wallet.address, to, amount),
      }),
    )
    expect(isWalletStandardError(rejected, WALLET_STANDARD_ERROR__USER__REQUEST_REJECTED)).toBe(true)
    expect(await balance(to)).toBe(toBefore + amount)
  })

  it("passes the stand-in's preflight refusal on: a transfer of more than the account holds", async () => {
    const wallet: SolanaTestWallet = await makeWallet(SOLANA_DEV_KEYS[9])
    const view = wallet.walletFor(SITE)
    await view.features['standard:connect'].connect()
    const before = await balance(wallet.address)
    const err = await failure(
      view.features['solana:signAndSendTransaction'].signAndSendTransaction({
        account: wallet.account,
        chain: SOLANA_LOCALNET_CHAIN,
        transaction: await transferBytes(wallet.address, SOLANA_DEV_ACCOUNTS[8], before * 2n),
      }),
    )
    expect(err).toMatchObject({ name: 'SolanaError' })
    expect(wallet.requests.at(-1)?.error).toMatchObject({ name: 'SolanaError' })
    expect(await balance(wallet.address)).toBe(before)
  })
})

// @vitest-environment jsdom
/**
 * The embedded wallet on Solana through the Solana adapter, against the devnet's Solana JSON-RPC stand-in (LiteSVM).
 * The site's embedded wallet comes from the core controller (`embeddedWallet()`, the EVM adapter's in a site); its
 * Solana part here is a named fake that signs with a real ed25519 key and sends to the stand-in (the frame itself is
 * a browser app: its Solana requests are tested in apps/frame, and end to end in e2e/embedded-solana.spec.ts).
 */
import { ClientNotSetError, EmbeddedWalletError, UserRejectedRequestError } from '@foyer/core'
import type { EmbeddedWallet } from '@foyer/core/internal'
import '../test/nodeBuffers.ts'
import { SOLANA_STAND_IN_GENESIS_HASH, type SolanaStandIn, startSolanaStandIn } from '@foyer/devnet/solana'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEV_KEYS } from '@foyer/testing/solana'
import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EMBEDDED_SOLANA_CONNECTOR_ID } from '../embedded/embeddedSolana.ts'
import { solanaDevnet, solanaLocalnet } from '../networks/solanaNetworks.ts'
import { type EmbeddedSolanaWalletFake, embeddedSolanaWalletFake } from '../test/embeddedSolanaWalletFake.ts'
import { recordingController } from '../test/recordingController.ts'
import { type SolanaAdapter, solanaAdapter } from './solanaAdapter.ts'

const GENESIS_HASH = SOLANA_STAND_IN_GENESIS_HASH
const SOL = 1_000_000_000n

let standIn: SolanaStandIn
let rpc: ReturnType<typeof createSolanaRpc>
let localnet: ReturnType<typeof solanaLocalnet>
let fusd: string
let fake: EmbeddedSolanaWalletFake
const mounted: (() => void)[] = []

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0 })
  rpc = createSolanaRpc(standIn.url)
  localnet = solanaLocalnet({ rpcUrl: standIn.url, genesisHash: GENESIS_HASH })
  fusd = standIn.mints.find((m) => m.symbol === 'fUSD')?.address as string
})
afterAll(() => standIn?.stop())
beforeEach(async () => {
  localStorage.clear()
  // The embedded account: dev key #3 (funded with SOL and fUSD at the stand-in's start).
  fake = await embeddedSolanaWalletFake({
    secretKey: SOLANA_DEV_KEYS[3],
    rpcUrls: { [localnet.id]: standIn.url },
    signsOn: [solanaDevnet.id],
  })
})
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
})

/** The site's embedded wallet as core hands it over: only its Solana part matters to this adapter. */
const siteEmbeddedWallet = (): EmbeddedWallet => ({ loadSolana: async () => fake.wallet }) as EmbeddedWallet

function mount(
  parameters: Parameters<typeof solanaAdapter>[0] = {},
  { embeddedWallet = true }: { embeddedWallet?: boolean } = {},
) {
  const adapter = solanaAdapter({ reconnectOnMount: false, ...parameters })
  const recorder = recordingController([localnet], embeddedWallet ? { embeddedWallet: siteEmbeddedWallet() } : {})
  const unmount = adapter.mount(recorder.controller)
  if (unmount) mounted.push(unmount)
  return { adapter, recorder }
}

async function connected(parameters: Parameters<typeof solanaAdapter>[0] = {}) {
  fake.signIn()
  const { adapter, recorder } = mount(parameters)
  const account = await adapter.connect({ connectorId: EMBEDDED_SOLANA_CONNECTOR_ID, network: localnet })
  return { adapter, recorder, account }
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

const solBalance = async (owner: string) => (await rpc.getBalance(address(owner)).send()).value

async function landed(adapter: SolanaAdapter, send: Promise<string>): Promise<string> {
  const signature = await send
  expect(await adapter.waitForReceipt(signature, localnet)).toEqual({ status: 'success', transactionHash: signature })
  return signature
}

describe('solanaAdapter with the embedded wallet', () => {
  it('lists "Email" (AUTH, chain solana) when the site has an embedded wallet, and nothing of it without one', () => {
    const { recorder } = mount()
    expect(recorder.last('setConnectors')?.connectors).toContainEqual({
      id: EMBEDDED_SOLANA_CONNECTOR_ID,
      name: 'Email',
      type: 'AUTH',
      chain: 'solana',
    })
    const { adapter, recorder: without } = mount({}, { embeddedWallet: false })
    expect(without.last('setConnectors')?.connectors.some((c) => c.type === 'AUTH')).toBe(false)
    return expect(
      adapter.connect({ connectorId: EMBEDDED_SOLANA_CONNECTOR_ID, network: localnet }),
    ).rejects.toMatchObject({ name: 'ConnectorNotFoundError' })
  })

  it('refuses to connect while nobody is signed in; connects to the frame account once the person signed in', async () => {
    const { adapter } = mount()
    const refused = await failure(adapter.connect({ connectorId: EMBEDDED_SOLANA_CONNECTOR_ID, network: localnet }))
    expect(refused).toBeInstanceOf(EmbeddedWalletError)
    expect(refused).toMatchObject({
      code: 'unauthorized',
      shortMessage: 'Your email session has ended. Sign in again.',
    })
    expect((refused as Error).message).toMatch(/sign in with email first/)
    fake.signIn()
    expect(await adapter.connect({ connectorId: EMBEDDED_SOLANA_CONNECTOR_ID, network: localnet })).toEqual({
      address: SOLANA_DEV_ACCOUNTS[3],
      networkId: localnet.id,
      connectorId: EMBEDDED_SOLANA_CONNECTOR_ID,
      walletInfo: { name: 'Email' },
    })
    // Not a Wallet Standard wallet: there is none to hand out.
    expect(adapter.getConnection()).toBeUndefined()
  })

  it('signs a message in the frame: the base58 signature verifies (ed25519) for the account', async () => {
    const { adapter, account } = await connected()
    const message = 'Sign in to Foyer: nonce 7e2a'
    const signature = await adapter.signMessage({ message })
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    const publicKey = await getPublicKeyFromAddress(account.address as Address)
    expect(await verifySignature(publicKey, bytes, new TextEncoder().encode(message))).toBe(true)
    expect(await verifySignature(publicKey, bytes, new TextEncoder().encode('another message'))).toBe(false)
    expect(fake.requests).toEqual([{ method: 'signMessage' }])
  })

  it("sends SOL with signAndSendSolanaTransaction on the network's CAIP-2 id: balances move by the amount and fee", async () => {
    const { adapter, account } = await connected()
    const to = (await generateKeyPairSigner()).address
    const amount = SOL / 4n
    const fromBefore = await solBalance(account.address)
    const fee = await adapter.estimateTransferFee({ network: localnet, from: account.address, to, amount })
    await landed(adapter, adapter.sendTransaction({ network: localnet, to, value: amount }))
    expect(await solBalance(to)).toBe(amount)
    expect(await solBalance(account.address)).toBe(fromBefore - amount - fee)
    expect(fake.requests).toEqual([
      { method: 'signAndSendTransaction', chain: 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s' },
    ])
  })

  it('on a public cluster the frame signs and the adapter sends over the network RPC (the server keeps that RPC from the frame)', async () => {
    const { adapter, account } = await connected()
    // Devnet as a site names it, its RPC here the stand-in: the frame knows the cluster but has no RPC to send with.
    const devnet = { ...solanaDevnet, rpcUrl: standIn.url }
    const to = (await generateKeyPairSigner()).address
    const fromBefore = await solBalance(account.address)
    const fee = await adapter.estimateTransferFee({ network: devnet, from: account.address, to, amount: SOL / 8n })
    const signature = await adapter.sendTransaction({ network: devnet, to, value: SOL / 8n })
    expect(await adapter.waitForReceipt(signature, devnet)).toEqual({ status: 'success', transactionHash: signature })
    expect(await solBalance(to)).toBe(SOL / 8n)
    expect(await solBalance(account.address)).toBe(fromBefore - SOL / 8n - fee)
    expect(fake.requests).toEqual([{ method: 'signTransaction', chain: solanaDevnet.id }])
  })

  it('sends an SPL token (writeContract transfer): the receiver gets a token account and the amount', async () => {
    const { adapter, account } = await connected({ tokens: { [fusd]: { symbol: 'fUSD' } } })
    const to = (await generateKeyPairSigner()).address
    const tokens = (owner: string) =>
      adapter.getTokenBalance({ address: owner, network: localnet, tokenAddress: fusd }).then((b) => b.value)
    const before = await tokens(account.address)
    await landed(
      adapter,
      adapter.writeContract({
        network: localnet,
        tokenAddress: fusd,
        functionName: 'transfer',
        args: [to, 1_500_000n],
      }),
    )
    expect(await tokens(to)).toBe(1_500_000n)
    expect(await tokens(account.address)).toBe(before - 1_500_000n)
    expect(fake.requests.map((r) => r.method)).toEqual(['signAndSendTransaction'])
  })

  it('a decline in the frame is UserRejectedRequestError, and nothing is sent', async () => {
    const { adapter, account } = await connected()
    const to = (await generateKeyPairSigner()).address
    const before = await solBalance(account.address)
    fake.rejectNext()
    expect(await failure(adapter.sendTransaction({ network: localnet, to, value: SOL }))).toBeInstanceOf(
      UserRejectedRequestError,
    )
    fake.rejectNext()
    expect(await failure(adapter.signMessage({ message: 'no' }))).toBeInstanceOf(UserRejectedRequestError)
    expect(await solBalance(account.address)).toBe(before)
    expect(await solBalance(to)).toBe(0n)
  })

  it('follows the sign-out on the EVM side (or in the frame): the account goes, and nothing more is signed', async () => {
    const { adapter, recorder } = await connected()
    fake.signOut()
    expect(recorder.of('resetAccount')).toHaveLength(1)
    expect(await failure(adapter.signMessage({ message: 'after sign-out' }))).toBeInstanceOf(ClientNotSetError)
    // A later sign-in does not reconnect by itself once the person disconnected.
    fake.signIn()
    expect(recorder.of('setAccount')).toHaveLength(0)
    expect(fake.requests).toEqual([])
  })

  it('disconnecting here drops the connection and leaves the embedded session to the EVM side', async () => {
    const { adapter, recorder } = await connected()
    await adapter.disconnect()
    expect(await failure(adapter.signMessage({ message: 'gone' }))).toBeInstanceOf(ClientNotSetError)
    expect(fake.wallet.getSolanaAddress()).toBe(SOLANA_DEV_ACCOUNTS[3])
    fake.signOut()
    expect(recorder.of('resetAccount')).toHaveLength(0)
  })

  it('after a reload, reconnects once the EVM side restored the session, when it was the last connection', async () => {
    await connected()
    // The reload: this page's adapter goes; the next one mounts before the EVM side has restored the session.
    for (const unmount of mounted.splice(0)) unmount()
    fake.signOut()
    const { recorder } = mount({ reconnectOnMount: true })
    await new Promise((resolve) => setTimeout(resolve, 0)) // the wallet's Solana part loaded, nobody signed in yet
    expect(recorder.of('setAccount')).toHaveLength(0)
    fake.signIn()
    expect(recorder.of('setAccount').map((r) => r.account)).toEqual([
      {
        address: SOLANA_DEV_ACCOUNTS[3],
        networkId: localnet.id,
        connectorId: EMBEDDED_SOLANA_CONNECTOR_ID,
        walletInfo: { name: 'Email' },
      },
    ])
    // Without an embedded connection last time, a sign-in connects nothing on Solana by itself.
    localStorage.clear()
    for (const unmount of mounted.splice(0)) unmount()
    fake.signOut()
    const other = mount({ reconnectOnMount: true })
    fake.signIn()
    expect(other.recorder.of('setAccount')).toHaveLength(0)
  })
})

// @vitest-environment jsdom
/**
 * The Solana adapter in a page (jsdom) against the devnet's Solana JSON-RPC stand-in (LiteSVM, the real System,
 * Token, Token-2022 and Associated Token programs), with the Foyer Solana test wallet registered through the Wallet
 * Standard's own registry (`@wallet-standard/app`), as a browser wallet registers itself.
 */
import { UserRejectedRequestError } from '@foyer/core'
import '../test/nodeBuffers.ts'
import { SOLANA_STAND_IN_GENESIS_HASH, type SolanaStandIn, startSolanaStandIn } from '@foyer/devnet/solana'
import {
  createSolanaTestWallet,
  SOLANA_DEV_ACCOUNTS,
  SOLANA_DEV_KEYS,
  SOLANA_LOCALNET_CHAIN,
  type SolanaTestWallet,
} from '@foyer/testing/solana'
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
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solanaDevnet, solanaLocalnet, solanaMainnet, solanaTestnet } from '../networks/solanaNetworks.ts'
import { recordingController } from '../test/recordingController.ts'
import { type SolanaAdapter, solanaAdapter } from './solanaAdapter.ts'

const GENESIS_HASH = SOLANA_STAND_IN_GENESIS_HASH
const CONNECTOR_ID = 'solana:Foyer Test Wallet'
const SOL = 1_000_000_000n

let standIn: SolanaStandIn
let wallet: SolanaTestWallet
let rpc: ReturnType<typeof createSolanaRpc>
let localnet: ReturnType<typeof solanaLocalnet>
let fusd: string
let feur: string

beforeAll(async () => {
  standIn = await startSolanaStandIn({ host: '127.0.0.1', port: 0 })
  rpc = createSolanaRpc(standIn.url)
  localnet = solanaLocalnet({ rpcUrl: standIn.url, genesisHash: GENESIS_HASH })
  fusd = standIn.mints.find((m) => m.symbol === 'fUSD')?.address as string
  feur = standIn.mints.find((m) => m.symbol === 'fEUR')?.address as string
  wallet = await createSolanaTestWallet({
    secretKey: SOLANA_DEV_KEYS[1],
    rpcUrls: { [SOLANA_LOCALNET_CHAIN]: standIn.url },
  })
  getWallets().register(wallet.walletFor(location.origin))
})
afterAll(() => standIn?.stop())

const solBalance = async (owner: string) => (await rpc.getBalance(address(owner)).send()).value

/** A mounted adapter with the test wallet connected (on the local cluster). */
async function connected(parameters: Parameters<typeof solanaAdapter>[0] = {}) {
  const adapter = solanaAdapter({ reconnectOnMount: false, ...parameters })
  const recorder = recordingController([localnet])
  const unmount = adapter.mount(recorder.controller)
  const account = await adapter.connect({ connectorId: CONNECTOR_ID, network: localnet })
  return { adapter, recorder, account, unmount }
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

/** Sends, waits for the receipt, and returns the signature. */
async function landed(adapter: SolanaAdapter, send: Promise<string>): Promise<string> {
  const signature = await send
  expect(await adapter.waitForReceipt(signature, localnet)).toEqual({ status: 'success', transactionHash: signature })
  return signature
}

describe('Solana networks', () => {
  it('are CAIP-2 ids of the first 32 characters of each genesis hash, SOL with 9 decimals', () => {
    expect(solanaMainnet.id).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(solanaDevnet.id).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(solanaTestnet.id).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
    for (const n of [solanaMainnet, solanaDevnet, solanaTestnet]) {
      expect(n.chainNamespace).toBe('solana')
      expect(n.id).toBe(`solana:${n.chainId}`)
      expect(n.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
      expect(n.rpcUrl).toMatch(/^https:\/\/api\.(mainnet-beta|devnet|testnet)\.solana\.com$/)
    }
    expect(solanaMainnet.testnet).toBe(false)
    expect(localnet).toMatchObject({
      id: 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s',
      chainId: 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s',
      name: 'Solana Local',
      rpcUrl: standIn.url,
    })
    expect(solanaLocalnet({ rpcUrl: 'http://x', genesisHash: GENESIS_HASH, name: 'Mine' }).name).toBe('Mine')
    expect(() => solanaLocalnet({ rpcUrl: 'http://x', genesisHash: '' })).toThrow(TypeError)
  })

  it("the local network's reference is the stand-in's own genesis hash", async () => {
    expect(localnet.chainId).toBe((await rpc.getGenesisHash().send()).slice(0, 32))
  })
})

describe('solanaAdapter against the Solana stand-in', () => {
  it('lists every Wallet Standard wallet with a Solana chain, with its name and icon, and those registered later', () => {
    const adapter = solanaAdapter({ reconnectOnMount: false })
    const recorder = recordingController([localnet])
    const unmount = adapter.mount(recorder.controller)
    expect(adapter.namespace).toBe('solana')
    expect(recorder.last('setConnectors')?.connectors).toEqual([
      { id: CONNECTOR_ID, name: 'Foyer Test Wallet', type: 'ANNOUNCED', chain: 'solana', imageUrl: wallet.icon },
    ])
    // A wallet that registers after the page started, and one with no Solana chain (not listed).
    const later = { ...wallet.walletFor(location.origin), name: 'Later Wallet' } as Wallet
    const evmOnly = { ...wallet.walletFor(location.origin), name: 'EVM Only', chains: ['eip155:1'] } as Wallet
    const unregister = getWallets().register(later, evmOnly)
    expect(recorder.last('setConnectors')?.connectors.map((c) => c.id)).toEqual([CONNECTOR_ID, 'solana:Later Wallet'])
    unregister()
    expect(recorder.last('setConnectors')?.connectors.map((c) => c.id)).toEqual([CONNECTOR_ID])
    unmount?.()
  })

  it('connects the first account on the selected network, and reads SOL and SPL balances (Token and Token-2022)', async () => {
    const { adapter, account, unmount } = await connected({ tokens: { [fusd]: { symbol: 'fUSD' } } })
    expect(account).toEqual({
      address: SOLANA_DEV_ACCOUNTS[1],
      networkId: 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s',
      connectorId: CONNECTOR_ID,
      walletInfo: { name: 'Foyer Test Wallet', icon: wallet.icon },
    })
    expect(adapter.getConnection()?.account.address).toBe(SOLANA_DEV_ACCOUNTS[1])
    // Dev accounts other than #0 hold their genesis SOL and 10,000 of each token.
    expect(await adapter.getBalance({ address: SOLANA_DEV_ACCOUNTS[4], network: localnet })).toEqual({
      value: 1000n * SOL,
      decimals: 9,
      symbol: 'SOL',
    })
    expect(
      await adapter.getTokenBalance({ address: SOLANA_DEV_ACCOUNTS[4], network: localnet, tokenAddress: fusd }),
    ).toEqual({ value: 10_000_000_000n, decimals: 6, symbol: 'fUSD' })
    expect(
      await adapter.getTokenBalance({ address: SOLANA_DEV_ACCOUNTS[4], network: localnet, tokenAddress: feur }),
    ).toEqual({ value: 10_000_000_000n, decimals: 6, symbol: `${feur.slice(0, 4)}…` })
    // An account with no token account holds 0; an address that is no mint is refused by name.
    const nobody = (await generateKeyPairSigner()).address
    expect(await adapter.getTokenBalance({ address: nobody, network: localnet, tokenAddress: fusd })).toMatchObject({
      value: 0n,
    })
    expect(
      await failure(adapter.getTokenBalance({ address: nobody, network: localnet, tokenAddress: nobody })),
    ).toMatchObject({ name: 'SolanaMintNotFoundError', shortMessage: 'Failed to fetch token balance' })
    await adapter.disconnect()
    unmount?.()
  })

  it('signs a message: the base58 signature verifies (ed25519) for the account', async () => {
    const { adapter, account, unmount } = await connected()
    const message = 'Sign in to Foyer: nonce 5c1e'
    const signature = await adapter.signMessage({ message })
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(bytes).toHaveLength(64)
    const publicKey = await getPublicKeyFromAddress(account.address as Address)
    expect(await verifySignature(publicKey, bytes, new TextEncoder().encode(message))).toBe(true)
    expect(await verifySignature(publicKey, bytes, new TextEncoder().encode('another message'))).toBe(false)
    await adapter.disconnect()
    unmount?.()
  })

  it('sends SOL (signAndSendTransaction): balances move by the amount and the estimated fee', async () => {
    const { adapter, account, unmount } = await connected()
    const to = SOLANA_DEV_ACCOUNTS[2]
    const amount = SOL / 4n
    const [fromBefore, toBefore] = [await solBalance(account.address), await solBalance(to)]
    const fee = await adapter.estimateTransferFee({ network: localnet, from: account.address, to, amount })
    expect(fee).toBe(5000n)
    await landed(adapter, adapter.sendTransaction({ network: localnet, to, value: amount }))
    expect(await solBalance(to)).toBe(toBefore + amount)
    expect(await solBalance(account.address)).toBe(fromBefore - amount - fee)
    expect(wallet.requests.at(-1)?.method).toBe('solana:signAndSendTransaction')
    await adapter.disconnect()
    unmount?.()
  })

  it.each([
    ['fUSD', 'Token', () => fusd, 2039280n],
    ['fEUR', 'Token-2022', () => feur, 2074080n],
  ])(
    'sends %s (%s) to an account with no token account: created in the same transaction',
    async (symbol, _program, mintOf, rent) => {
      const mint = mintOf()
      const { adapter, account, unmount } = await connected()
      const to = (await generateKeyPairSigner()).address
      const amount = 12_500_000n // 12.5 at 6 decimals
      const tokens = (owner: string) =>
        adapter.getTokenBalance({ address: owner, network: localnet, tokenAddress: mint }).then((b) => b.value)
      const [tokensBefore, solBefore] = [await tokens(account.address), await solBalance(account.address)]
      // The fee is the signature plus the rent of the receiver's new token account.
      const fee = await adapter.estimateTransferFee({
        network: localnet,
        from: account.address,
        to,
        tokenAddress: mint,
        amount,
      })
      expect(fee, symbol).toBe(5000n + rent)
      await landed(
        adapter,
        adapter.writeContract({ network: localnet, tokenAddress: mint, functionName: 'transfer', args: [to, amount] }),
      )
      expect(await tokens(to)).toBe(amount)
      expect(await tokens(account.address)).toBe(tokensBefore - amount)
      expect(await solBalance(account.address)).toBe(solBefore - fee)
      // The receiver has a token account now: a second transfer costs the signature alone.
      expect(
        await adapter.estimateTransferFee({ network: localnet, from: account.address, to, tokenAddress: mint, amount }),
      ).toBe(5000n)
      await landed(
        adapter,
        adapter.writeContract({ network: localnet, tokenAddress: mint, functionName: 'transfer', args: [to, amount] }),
      )
      expect(await tokens(to)).toBe(2n * amount)
      await adapter.disconnect()
      unmount?.()
    },
  )

  it('signs with solana:signTransaction and sends over RPC when the wallet cannot sign and send', async () => {
    const view = wallet.walletFor(location.origin)
    const { 'solana:signAndSendTransaction': _omitted, ...features } = view.features
    const signOnly = { ...view, name: 'Sign Only Wallet', features, accounts: view.accounts } as Wallet
    const unregister = getWallets().register(signOnly)
    const adapter = solanaAdapter({ reconnectOnMount: false })
    const recorder = recordingController([localnet])
    const unmount = adapter.mount(recorder.controller)
    const account = await adapter.connect({ connectorId: 'solana:Sign Only Wallet', network: localnet })
    const to = SOLANA_DEV_ACCOUNTS[3]
    const before = await solBalance(to)
    await landed(adapter, adapter.sendTransaction({ network: localnet, to, value: SOL / 10n }))
    expect(await solBalance(to)).toBe(before + SOL / 10n)
    expect(wallet.requests.at(-1)?.method).toBe('solana:signTransaction')
    expect(account.address).toBe(SOLANA_DEV_ACCOUNTS[1])
    await adapter.disconnect()
    unmount?.()
    unregister()
  })

  it("a decline in the wallet is core's UserRejectedRequestError: connect, sign, send", async () => {
    const { adapter, unmount } = await connected()
    wallet.setRejecting(true)
    try {
      for (const attempt of [
        adapter.signMessage({ message: 'no' }),
        adapter.sendTransaction({ network: localnet, to: SOLANA_DEV_ACCOUNTS[2], value: 1n }),
        adapter.writeContract({
          network: localnet,
          tokenAddress: fusd,
          functionName: 'transfer',
          args: [SOLANA_DEV_ACCOUNTS[2], 1n],
        }),
      ]) {
        const error = await failure(attempt)
        expect(error).toBeInstanceOf(UserRejectedRequestError)
        expect((error as UserRejectedRequestError).shortMessage).toBe('Request rejected in the wallet')
      }
      await adapter.disconnect()
      // Connecting again prompts (the site was disconnected), and the person declines.
      expect(await failure(adapter.connect({ connectorId: CONNECTOR_ID, network: localnet }))).toBeInstanceOf(
        UserRejectedRequestError,
      )
    } finally {
      wallet.setRejecting(false)
      unmount?.()
    }
  })

  it("follows the wallet: another account, then a disconnect from the wallet's side", async () => {
    const { adapter, recorder, unmount } = await connected()
    await wallet.setAccount(SOLANA_DEV_KEYS[5])
    expect(recorder.last('setAccount')?.account).toMatchObject({
      address: SOLANA_DEV_ACCOUNTS[5],
      networkId: localnet.id,
      connectorId: CONNECTOR_ID,
    })
    expect(adapter.getConnection()?.account.address).toBe(SOLANA_DEV_ACCOUNTS[5])
    await wallet.disconnectAll()
    expect(recorder.of('resetAccount')).toHaveLength(1)
    expect(adapter.getConnection()).toBeUndefined()
    await wallet.setAccount(SOLANA_DEV_KEYS[1])
    unmount?.()
  })

  it('switches network without the wallet (sends go to the new network) and refuses a non-Solana network', async () => {
    const { adapter, unmount } = await connected()
    const other = solanaLocalnet({
      rpcUrl: standIn.url,
      genesisHash: '11111111111111111111111111111111',
      name: 'Other',
    })
    await adapter.switchNetwork(other)
    expect((await adapter.connect({ connectorId: CONNECTOR_ID })).networkId).toBe(other.id)
    const evm = { ...localnet, id: 'eip155:1' as const, chainNamespace: 'eip155' as const, chainId: 1 }
    expect(await failure(adapter.switchNetwork(evm))).toMatchObject({ name: 'UnsupportedChainError' })
    await adapter.disconnect()
    unmount?.()
  })

  it('reconnects silently after a reload to the wallet connected last, never with a prompt', async () => {
    const first = await connected({ reconnectOnMount: true })
    first.unmount?.()
    // A new page: the wallet still has the site connected; a silent connect gets the account back.
    const adapter = solanaAdapter()
    const recorder = recordingController([localnet])
    const unmount = adapter.mount(recorder.controller)
    await expect.poll(() => recorder.last('setAccount')?.account.address).toBe(SOLANA_DEV_ACCOUNTS[1])
    expect(recorder.of('setStatus').map((r) => r.status)).toEqual(['reconnecting'])
    const prompts = wallet.requests.filter((r) => r.method === 'standard:connect').at(-1)
    expect(prompts?.params).toEqual({ silent: true })
    // After a disconnect nothing is restored.
    await adapter.disconnect()
    unmount?.()
    const again = recordingController([localnet])
    const cleanup = solanaAdapter().mount(again.controller)
    expect(again.of('setStatus')).toEqual([])
    cleanup?.()
  })
})

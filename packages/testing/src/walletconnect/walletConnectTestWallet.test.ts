/**
 * The WalletConnect path end to end in Node: Foyer's core client with the EVM adapter's WalletConnect connector
 * (the real SDK, universal-provider) as the dapp, the local relay, this package's WalletConnect test wallet (the
 * real sign-client) as the wallet, and a real anvil.
 */
import { createFoyerClient } from '@foyer/core'
import type { PairingState } from '@foyer/core/internal'
import { type RunningChain, startChain } from '@foyer/devnet'
import { type RunningRelay, startWalletConnectRelay } from '@foyer/devnet/relay'
import { evmAdapter } from '@foyer/evm'
import {
  createConfig,
  createStorage,
  getConnection,
  reconnect,
  sendTransaction,
  signMessage,
  waitForTransactionReceipt,
} from '@wagmi/core'
import { defineChain, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '../accounts.ts'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from './walletConnectTestWallet.ts'

const CHAIN_PORT = 19120
const RELAY_PORT = 19121

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('WalletConnect: Foyer core + EVM adapter ⇄ local relay ⇄ Node test wallet', () => {
  let chain: RunningChain
  let relay: RunningRelay
  let wallet: WalletConnectTestWallet
  let client: ReturnType<typeof createFoyerClient>
  let wagmiConfig: ReturnType<typeof createConfig>
  let unmount: (() => void) | undefined

  beforeAll(async () => {
    chain = await startChain({ id: 31337, name: 'Foyer Local', port: CHAIN_PORT, portEnv: 'TEST' }, {
      host: '127.0.0.1',
    } as never)
    relay = await startWalletConnectRelay({ port: RELAY_PORT })
    const local = defineChain({
      id: 31337,
      name: 'Foyer Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    wagmiConfig = createConfig({
      chains: [local],
      transports: { [local.id]: http(chain.rpcUrl) },
      storage: createStorage({ storage: memoryStorage() }),
      multiInjectedProviderDiscovery: false,
    })
    const walletConnect = {
      projectId: 'foyer-test',
      relayUrl: relay.url,
      metadata: { name: 'Test dapp', url: 'https://dapp.foyer.invalid' },
    }
    client = createFoyerClient({
      adapters: [evmAdapter({ wagmiConfig, reconnectOnMount: false, walletConnect })],
      networks: [local],
      logLevel: 'silent',
    })
    unmount = client.mount()
    wallet = await createWalletConnectTestWallet({
      relayUrl: relay.url,
      privateKey: ANVIL_PRIVATE_KEYS[2]!,
      chains: [{ id: 31337, rpcUrl: chain.rpcUrl }],
    })
  }, 60_000)

  afterAll(async () => {
    unmount?.()
    await wallet?.close()
    const connector = wagmiConfig?.connectors[0]
    const provider = (await connector?.getProvider().catch(() => undefined)) as
      | { client?: { core: { relayer: { transportClose(): Promise<void> } } } }
      | undefined
    await provider?.client?.core.relayer.transportClose().catch(() => {})
    await relay?.stop()
    await chain?.process.stop()
  })

  const nextPairing = (predicate: (state: PairingState) => boolean) =>
    new Promise<PairingState>((resolve) => {
      if (predicate(client.walletConnect.getState())) return resolve(client.walletConnect.getState())
      const off = client.walletConnect.subscribe((state) => {
        if (!predicate(state)) return
        off()
        resolve(state)
      })
    })

  it('lists WalletConnect as a WALLET_CONNECT connector without loading the SDK, even through wagmi reconnect', async () => {
    expect(client.getState().connectors).toEqual([
      expect.objectContaining({ id: 'walletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }),
    ])
    await reconnect(wagmiConfig) // what a page load does: asks every connector for its provider
    expect(await wagmiConfig.connectors[0]!.getProvider()).toBeUndefined()
    expect(getConnection(wagmiConfig).status).toBe('disconnected')
  })

  it('a declined proposal reports "declined" and leaves the account disconnected', async () => {
    wallet.setRejecting(true)
    client.walletConnect.start()
    const { uri } = await nextPairing((s) => Boolean(s.uri))
    await wallet.pair(uri!)
    expect((await nextPairing((s) => s.status !== 'pairing')).status).toBe('declined')
    expect(client.getState().account.isConnected).toBe(false)
    wallet.setRejecting(false)
  }, 30_000)

  it('pairs through the URI, connects the account, signs and sends for real, and follows a wallet-side disconnect', async () => {
    client.walletConnect.start({ id: 'foyer-test-wallet', name: 'Foyer Test Wallet' })
    const { uri } = await nextPairing((s) => Boolean(s.uri))
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn/)
    await wallet.pair(uri!)
    expect((await nextPairing((s) => s.status !== 'pairing')).status).toBe('connected')
    expect(client.getState().account).toMatchObject({
      isConnected: true,
      address: wallet.address,
      caipAddress: `eip155:31337:${wallet.address}`,
    })

    const signature = await signMessage(wagmiConfig, { message: 'hello from Foyer' })
    expect(await verifyMessage({ address: wallet.address, message: 'hello from Foyer', signature })).toBe(true)

    const hash = await sendTransaction(wagmiConfig, { to: ANVIL_ACCOUNTS[3]!, value: parseEther('0.5') })
    const receipt = await waitForTransactionReceipt(wagmiConfig, { hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
    expect(wallet.requests.map((r) => r.method)).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_sendTransaction']),
    )

    await wallet.disconnectFromWallet()
    await expect.poll(() => client.getState().account.isConnected, { timeout: 10_000 }).toBe(false)
    expect(getConnection(wagmiConfig).status).toBe('disconnected')
    expect(client.walletConnect.getState()).toMatchObject({ status: 'idle', uri: undefined })
  }, 60_000)
})

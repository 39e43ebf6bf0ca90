/**
 * WalletConnect for Solana end to end in Node: Foyer's core client with the EVM adapter (its WalletConnect connector
 * on the real SDK) and the Solana adapter, the local relay, the WalletConnect test wallet (`@foyer/testing`) holding an EVM
 * and a Solana key, a real anvil and the devnet's Solana stand-in (LiteSVM). One pairing connects both families.
 */
import { createFoyerClient } from '@foyer/core'
import type { PairingState } from '@foyer/core/internal'
import { type RunningChain, startChain } from '@foyer/devnet'
import { type RunningRelay, startWalletConnectRelay } from '@foyer/devnet/relay'
import {
  SOLANA_STAND_IN_GENESIS_HASH,
  type SolanaStandIn,
  solTransfer,
  startSolanaStandIn,
  unsignedTransaction,
} from '@foyer/devnet/solana'
import { evmAdapter } from '@foyer/evm'
import {
  ANVIL_PRIVATE_KEYS,
  createWalletConnectTestWallet,
  SOLANA_DEV_ACCOUNTS,
  SOLANA_DEV_KEYS,
  type WalletConnectTestWallet,
} from '@foyer/testing'
import {
  address,
  createSolanaRpc,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import { createConfig, createStorage } from '@wagmi/core'
import { defineChain, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { solanaLocalnet } from '../networks/solanaNetworks.ts'
import { solanaAdapter } from './solanaAdapter.ts'

const CHAIN_PORT = 19740
const RELAY_PORT = 19741

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

describe('WalletConnect for Solana: one pairing, both families, over the local relay', () => {
  let chain: RunningChain
  let relay: RunningRelay
  let standIn: SolanaStandIn
  let wallet: WalletConnectTestWallet
  let client: ReturnType<typeof createFoyerClient>
  let wagmiConfig: ReturnType<typeof createConfig>
  let solana: ReturnType<typeof solanaAdapter>
  let solanaNetwork: ReturnType<typeof solanaLocalnet>
  let unmount: (() => void) | undefined

  beforeAll(async () => {
    ;[chain, relay, standIn] = await Promise.all([
      startChain({ id: 31337, name: 'Foyer Local', port: CHAIN_PORT, portEnv: 'TEST' }, { host: '127.0.0.1' } as never),
      startWalletConnectRelay({ port: RELAY_PORT }),
      startSolanaStandIn({ host: '127.0.0.1', port: 0 }),
    ])
    const local = defineChain({
      id: 31337,
      name: 'Foyer Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    })
    solanaNetwork = solanaLocalnet({ rpcUrl: standIn.url, genesisHash: SOLANA_STAND_IN_GENESIS_HASH })
    wagmiConfig = createConfig({
      chains: [local],
      transports: { [local.id]: http(chain.rpcUrl) },
      storage: createStorage({ storage: memoryStorage() }),
      multiInjectedProviderDiscovery: false,
    })
    solana = solanaAdapter({ reconnectOnMount: false })
    client = createFoyerClient({
      adapters: [
        evmAdapter({
          wagmiConfig,
          reconnectOnMount: false,
          walletConnect: { projectId: 'foyer-test', relayUrl: relay.url, metadata: { name: 'Test dapp' } },
        }),
        solana,
      ],
      networks: [local, solanaNetwork],
      logLevel: 'silent',
    })
    unmount = client.mount()
    wallet = await createWalletConnectTestWallet({
      relayUrl: relay.url,
      privateKey: ANVIL_PRIVATE_KEYS[4]!,
      chains: [{ id: 31337, rpcUrl: chain.rpcUrl }],
      solana: { secretKey: SOLANA_DEV_KEYS[8]!, networks: [{ id: solanaNetwork.id as never, rpcUrl: standIn.url }] },
    })
  }, 60_000)

  afterAll(async () => {
    unmount?.()
    await wallet?.close()
    const provider = (await wagmiConfig?.connectors[0]?.getProvider().catch(() => undefined)) as
      | { client?: { core: { relayer: { transportClose(): Promise<void> } } } }
      | undefined
    await provider?.client?.core.relayer.transportClose().catch(() => {})
    await relay?.stop()
    await standIn?.stop()
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

  it('asks for the solana namespace, and the approved session connects Solana too with no new pairing', async () => {
    client.walletConnect.start()
    const { uri } = await nextPairing((s) => Boolean(s.uri))
    await wallet.pair(uri!)
    expect((await nextPairing((s) => s.status !== 'pairing')).status).toBe('connected')
    expect(client.getState().account).toMatchObject({ isConnected: true, address: wallet.address })

    const [session] = wallet.sessions()
    expect(session!.namespaces.solana).toEqual({
      chains: [solanaNetwork.id],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
      accounts: [`${solanaNetwork.id}:${wallet.solana!.address}`],
    })
    // The session's Solana side is listed as WalletConnect on Solana.
    expect(client.getState().connectors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'walletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }),
        expect.objectContaining({ id: 'solana:WalletConnect', type: 'WALLET_CONNECT', chain: 'solana' }),
      ]),
    )

    // Connected on both families from the approval: the Solana account is there before any switch, and the
    // account shown stays the EVM one.
    await vi.waitFor(() => expect(client.getState().connections.solana?.address).toBe(wallet.solana!.address))
    expect(client.getState().connections.solana?.connectorId).toBe('solana:WalletConnect')
    expect(client.getState().account).toMatchObject({ address: wallet.address })

    await client.switchNetwork(solanaNetwork.id)
    expect(client.getState().account).toMatchObject({
      isConnected: true,
      address: wallet.solana!.address,
      caipAddress: `${solanaNetwork.id}:${wallet.solana!.address}`,
    })
    expect(wallet.sessions()).toHaveLength(1)
  }, 60_000)

  it('signs a message, signs a transaction and sends SOL over the session', async () => {
    const signature = await solana.signMessage({ message: 'hello Solana from Foyer' })
    const publicKey = await getPublicKeyFromAddress(address(wallet.solana!.address))
    const message = new TextEncoder().encode('hello Solana from Foyer')
    const bytes = Uint8Array.from(getBase58Encoder().encode(signature)) as unknown as SignatureBytes
    expect(await verifySignature(publicKey, bytes, message)).toBe(true)

    // solana_signTransaction: the dapp gets the signed bytes back and sends them itself.
    const rpc = createSolanaRpc(standIn.url)
    const receiver = address(SOLANA_DEV_ACCOUNTS[9]!)
    const before = (await rpc.getBalance(receiver).send()).value
    const from = wallet.solana!.address
    const unsigned = await unsignedTransaction(standIn.url, from, [solTransfer(from, receiver, 1_000n)])
    const { wallet: standard, account } = solana.getConnection()!
    const feature = standard.features['solana:signTransaction'] as {
      signTransaction(input: {
        account: typeof account
        transaction: Uint8Array
        chain: string
      }): Promise<{ signedTransaction: Uint8Array }[]>
    }
    const [signed] = await feature.signTransaction({ account, transaction: unsigned, chain: 'solana:localnet' })
    const decoded = getTransactionDecoder().decode(signed!.signedTransaction)
    expect(decoded.signatures[from]).toBeTruthy()
    await rpc.sendTransaction(getBase64EncodedWireTransaction(decoded), { encoding: 'base64' }).send()

    // solana_signAndSendTransaction through the adapter's Send path.
    const sent = await solana.sendTransaction({ network: solanaNetwork, to: receiver, value: 100_000_000n })
    await solana.waitForReceipt(sent, solanaNetwork)
    expect((await rpc.getBalance(receiver).send()).value).toBe(before + 1_000n + 100_000_000n)
    expect(wallet.solana!.requests.map((r) => r.method)).toEqual([
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ])
  }, 60_000)

  it('a refusal in the wallet is a user rejection; the session ending takes Solana away too', async () => {
    wallet.setRejecting(true)
    await expect(solana.signMessage({ message: 'no' })).rejects.toMatchObject({ name: 'UserRejectedRequestError' })
    wallet.setRejecting(false)

    await wallet.disconnectFromWallet()
    await expect.poll(() => client.getState().account.isConnected, { timeout: 10_000 }).toBe(false)
    expect(solana.getConnection()).toBeUndefined()
    expect(client.getState().connectors.some((c) => c.id === 'solana:WalletConnect')).toBe(false)
  }, 60_000)
})

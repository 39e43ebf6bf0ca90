import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdapterController, ChainAdapter } from '../adapter/adapter.ts'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import { swapTestServerForFile } from '../test/swapTestServer.ts'
import { CHAIN_ID } from '../test/testChain.ts'
import { fetchSiweSession } from './fetchSiweSession.ts'
import { siweTokenKey } from './siweStorage.ts'

// The real Foyer server (PGlite, the devnet chain on this file's anvil port, SIWE-client range 19520–19529),
// reached over HTTP by a client with `siwe: true`, and a wallet that really signs with anvil's account 2.
const { server } = swapTestServerForFile(19520)
const WALLET = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
// The demo project allows this origin; a request from Node carries no Origin, so the server checks the project's.
const PAGE = { host: '127.0.0.1:5173', origin: 'http://127.0.0.1:5173' }

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

function signingAdapter() {
  let controller!: AdapterController
  const adapter: ChainAdapter & { controller: () => AdapterController; messages: string[] } = {
    namespace: 'eip155',
    messages: [],
    controller: () => controller,
    mount(c) {
      controller = c
      c.setConnectors([{ id: 'test', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155' }])
    },
    async connect({ connectorId }) {
      return { address: WALLET.address, networkId: `eip155:${CHAIN_ID}`, connectorId }
    },
    async disconnect() {},
    async switchNetwork() {},
    async getBalance() {
      return { value: 0n, decimals: 18, symbol: 'ETH' }
    },
    async signMessage({ message }) {
      adapter.messages.push(message)
      return WALLET.signMessage({ message })
    },
  }
  return adapter
}

const mounted: (() => void)[] = []
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
  vi.unstubAllGlobals()
})

function page(storage: Storage) {
  vi.stubGlobal('window', { location: PAGE })
  vi.stubGlobal('localStorage', storage)
  const adapter = signingAdapter()
  const client: FoyerClient = createFoyerClient({
    adapters: [adapter],
    networks: [
      {
        id: `eip155:${CHAIN_ID}`,
        chainNamespace: 'eip155',
        chainId: CHAIN_ID,
        name: 'Foyer Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: 'http://127.0.0.1:19520',
      },
    ],
    apiUrl: server.apiUrl,
    projectId: 'foyer-demo',
    metadata: { name: 'Foyer demo' },
    logLevel: 'silent',
    siwe: true,
  })
  mounted.push(client.mount())
  return { client, adapter, state: client.getState }
}

const settled = (state: () => ReturnType<FoyerClient['getState']>) =>
  vi.waitFor(() => expect(['checking', 'signing']).not.toContain(state().siwe.status))

describe('sign-in with Ethereum through the Foyer server', () => {
  it('signs in, keeps the token for the next page load, and revokes it on disconnect', async () => {
    const storage = memoryStorage()
    const first = page(storage)
    await settled(first.state)
    await first.client.connect('test')
    expect(first.state().router.view).toBe('ConnectingSiwe')
    const session = await first.client.siwe.signIn()
    expect(session).toMatchObject({ address: WALLET.address, chainId: CHAIN_ID })
    expect(parseSiweMessage(first.adapter.messages[0]!).nonce).toMatch(/^[a-zA-Z0-9]{17,}$/)
    const token = storage.getItem(siweTokenKey('foyer-demo'))!
    expect(token.split('.')).toHaveLength(3)
    expect(first.state().router.view).toBe('Account')

    // The next page load: the stored token is checked with the server; the reconnect is not asked again.
    const second = page(storage)
    await settled(second.state)
    expect(second.state().siwe).toMatchObject({ status: 'signed-in', session: { address: WALLET.address } })
    second.adapter
      .controller()
      .setAccount({ address: WALLET.address, networkId: `eip155:${CHAIN_ID}`, connectorId: 't' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(second.state().modal.open).toBe(false)

    // Disconnect signs out: the token is forgotten and revoked.
    await second.client.disconnect()
    await vi.waitFor(() => expect(storage.getItem(siweTokenKey('foyer-demo'))).toBeNull())
    await vi.waitFor(async () => expect(await fetchSiweSession(second.client, { token })).toBeNull())
  })

  it('forgets a token the server no longer takes', async () => {
    const storage = memoryStorage()
    storage.setItem(siweTokenKey('foyer-demo'), 'not.a.token')
    const { state } = page(storage)
    await settled(state)
    expect(state().siwe).toEqual({ status: 'signed-out' })
    expect(storage.getItem(siweTokenKey('foyer-demo'))).toBeNull()
  })
})

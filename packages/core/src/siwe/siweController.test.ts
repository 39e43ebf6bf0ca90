import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdapterController, ChainAdapter } from '../adapter/adapter.ts'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import type { SiweConfig, SiweSession } from './siweTypes.ts'

const local = (chainId: number, name: string): CaipNetwork => ({
  id: `eip155:${chainId}`,
  chainNamespace: 'eip155',
  chainId,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: `http://127.0.0.1/${chainId}`,
})
// anvil's dev accounts 0 and 1 (public test keys)
const ACCOUNT_0 = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const ACCOUNT_1 = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const PAGE = { host: 'shop.example:5173', origin: 'http://shop.example:5173' }

/** A wallet behind the adapter interface that really signs (EIP-191) with a dev key, or declines. */
function signingAdapter() {
  let controller!: AdapterController
  let account = ACCOUNT_0
  const adapter: ChainAdapter & {
    controller: () => AdapterController
    messages: string[]
    decline: boolean
    calls: string[]
    useAccount(next: typeof ACCOUNT_0): void
  } = {
    namespace: 'eip155',
    messages: [],
    calls: [],
    decline: false,
    controller: () => controller,
    useAccount(next) {
      account = next
    },
    mount(c) {
      controller = c
      c.setConnectors([{ id: 'test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155' }])
    },
    async connect({ connectorId, network }) {
      return { address: account.address, networkId: network!.id, connectorId }
    },
    async disconnect() {
      adapter.calls.push('disconnect')
    },
    async switchNetwork() {},
    async getBalance() {
      return { value: 0n, decimals: 18, symbol: 'ETH' }
    },
    async signMessage({ message }) {
      adapter.messages.push(message)
      if (adapter.decline) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return account.signMessage({ message })
    },
  }
  return adapter
}

/** A site's own sign-in backend, in memory: nonces used once, the signature checked with viem. */
function siteBackend(flags: Partial<SiweConfig> = {}) {
  const nonces = new Set<string>()
  let session: SiweSession | null = null
  const calls: string[] = []
  const config: SiweConfig = {
    async getNonce() {
      const nonce = generateSiweNonce()
      nonces.add(nonce)
      return nonce
    },
    async verifyMessage({ message, signature }) {
      calls.push('verify')
      const fields = parseSiweMessage(message)
      if (!fields.nonce || !nonces.delete(fields.nonce)) return false
      if (!validateSiweMessage({ message: fields, domain: PAGE.host })) return false
      const valid = await verifyMessage({ address: fields.address!, message, signature: signature as `0x${string}` })
      if (valid) session = { address: fields.address!, chainId: fields.chainId! }
      return valid
    },
    async getSession() {
      return session
    },
    async signOut() {
      calls.push('signOut')
      session = null
    },
    ...flags,
  }
  return {
    config,
    calls,
    setSession(next: SiweSession | null) {
      session = next
    },
  }
}

let current: { client: FoyerClient; unmount: () => void } | undefined
afterEach(() => {
  current?.unmount()
  current = undefined
  vi.unstubAllGlobals()
})

function setup(site = siteBackend()) {
  vi.stubGlobal('window', { location: PAGE })
  const adapter = signingAdapter()
  const client = createFoyerClient({
    adapters: [adapter],
    networks: [local(31337, 'One'), local(31338, 'Two')],
    metadata: { name: 'Shop' },
    logLevel: 'silent',
    siwe: site.config,
  })
  const unmount = client.mount()
  current = { client, unmount }
  const state = client.getState
  return { adapter, client, state, site }
}

const settled = (state: () => ReturnType<FoyerClient['getState']>) =>
  vi.waitFor(() => expect(['checking', 'signing']).not.toContain(state().siwe.status))

describe('sign-in with Ethereum (the client)', () => {
  it('asks a connected EVM account to sign an EIP-4361 message, verifies it, and goes on to Account', async () => {
    const { adapter, client, state } = setup()
    await settled(state)
    expect(state().siwe.status).toBe('signed-out')
    client.open()
    await client.connect('test')
    expect(state().modal.open).toBe(true)
    expect(state().router.view).toBe('ConnectingSiwe')

    const session = await client.siwe.signIn()
    expect(session).toEqual({ address: ACCOUNT_0.address, chainId: 31337 })
    const fields = parseSiweMessage(adapter.messages[0]!)
    expect(fields).toMatchObject({
      domain: PAGE.host,
      uri: PAGE.origin,
      address: ACCOUNT_0.address,
      chainId: 31337,
      version: '1',
      statement: 'Sign in to Shop with this account.',
    })
    expect(fields.nonce).toMatch(/^[a-zA-Z0-9]{17,}$/)
    expect(fields.expirationTime!.getTime() - fields.issuedAt!.getTime()).toBe(24 * 60 * 60 * 1000)
    expect(state().siwe).toEqual({ status: 'signed-in', session })
    expect(state().router.view).toBe('Account')
    expect(state().lastEvent).toMatchObject({ event: 'SIWE_AUTH_SUCCESS', properties: { chainId: 31337 } })
  })

  it('disconnects on a declined signature and says why, on Connect', async () => {
    const { adapter, client, state } = setup()
    await settled(state)
    await client.connect('test')
    adapter.decline = true
    await expect(client.siwe.signIn()).rejects.toThrow('User rejected')
    expect(adapter.calls).toContain('disconnect')
    expect(state().account.isConnected).toBe(false)
    expect(state().siwe.status).toBe('signed-out')
    expect(state().modal.open).toBe(true)
    expect(state().router.view).toBe('Connect')
    expect(state().snackbar).toMatchObject({ open: true, variant: 'error', message: { key: 'snackbar.siweRejected' } })
  })

  it('disconnects on Cancel', async () => {
    const { adapter, client, state } = setup()
    await settled(state)
    await client.connect('test')
    await client.siwe.cancel()
    expect(adapter.calls).toContain('disconnect')
    expect(state().router.view).toBe('Connect')
    expect(state().snackbar.message).toEqual({ key: 'snackbar.siweCancelled' })
  })

  it('keeps the view and the connection when the backend refuses, so the person can try again', async () => {
    const site = siteBackend()
    site.config.verifyMessage = async () => false
    const { adapter, client, state } = setup(site)
    await settled(state)
    await client.connect('test')
    await expect(client.siwe.signIn()).rejects.toMatchObject({ name: 'SiweNotVerifiedError' })
    expect(adapter.calls).not.toContain('disconnect')
    expect(state().siwe.status).toBe('signed-out')
    expect(state().router.view).toBe('ConnectingSiwe')
  })

  it('restores a session at start-up: a reconnect of the same account is not asked again', async () => {
    const site = siteBackend()
    site.setSession({ address: ACCOUNT_0.address, chainId: 31337 })
    const { adapter, state } = setup(site)
    await settled(state)
    expect(state().siwe.status).toBe('signed-in')
    adapter.controller().setAccount({ address: ACCOUNT_0.address, networkId: 'eip155:31337', connectorId: 'test' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(state().modal.open).toBe(false)
  })

  it('a reconnect without a session opens the sign-in', async () => {
    const { adapter, state } = setup()
    await settled(state)
    adapter.controller().setAccount({ address: ACCOUNT_0.address, networkId: 'eip155:31337', connectorId: 'test' })
    await vi.waitFor(() => expect(state().router.view).toBe('ConnectingSiwe'))
    expect(state().modal.open).toBe(true)
  })

  it('signs out on disconnect, on another account and on another network, and asks again', async () => {
    const { adapter, client, state, site } = setup()
    await settled(state)
    await client.connect('test')
    await client.siwe.signIn()
    client.close()

    // Another network: signed out, and the modal asks to sign in on it.
    adapter.controller().setNetwork('eip155:31338')
    await vi.waitFor(() => expect(state().router.view).toBe('ConnectingSiwe'))
    expect(site.calls).toContain('signOut')
    expect(state().siwe.status).toBe('signed-out')
    expect(state().lastEvent?.event).not.toBe('SIWE_AUTH_SUCCESS')
    const session = await client.siwe.signIn()
    expect(session.chainId).toBe(31338)

    // Another account.
    site.calls.length = 0
    client.close()
    adapter.useAccount(ACCOUNT_1)
    adapter.controller().setAccount({ address: ACCOUNT_1.address, networkId: 'eip155:31338', connectorId: 'test' })
    await vi.waitFor(() => expect(site.calls).toContain('signOut'))
    await vi.waitFor(() => expect(state().router.view).toBe('ConnectingSiwe'))
    expect((await client.siwe.signIn()).address).toBe(ACCOUNT_1.address)

    // Disconnect.
    site.calls.length = 0
    await client.disconnect()
    await vi.waitFor(() => expect(site.calls).toEqual(['signOut']))
    expect(state().siwe).toEqual({ status: 'signed-out' })
  })

  it('keeps the session when the site says so', async () => {
    const { adapter, client, state, site } = setup(
      siteBackend({ signOutOnDisconnect: false, signOutOnAccountChange: false, signOutOnNetworkChange: false }),
    )
    await settled(state)
    await client.connect('test')
    await client.siwe.signIn()
    client.close()
    adapter.controller().setNetwork('eip155:31338')
    adapter.controller().setAccount({ address: ACCOUNT_1.address, networkId: 'eip155:31338', connectorId: 'test' })
    await client.disconnect()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(site.calls).not.toContain('signOut')
    expect(state().siwe.status).toBe('signed-in')
    // Connecting again with a session: no sign-in asked.
    await client.connect('test')
    expect(state().modal.open).toBe(false)
  })

  it('loads nothing and asks nothing without the option', async () => {
    const adapter = signingAdapter()
    const client = createFoyerClient({ adapters: [adapter], networks: [local(31337, 'One')] })
    current = { client, unmount: client.mount() }
    expect(client.getState().siwe).toEqual({ status: 'disabled' })
    client.open()
    await client.connect('test')
    expect(client.getState().modal.open).toBe(false)
    await expect(client.siwe.signIn()).rejects.toThrow('Sign-in is off')
  })
})

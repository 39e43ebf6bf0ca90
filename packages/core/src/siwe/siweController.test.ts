import { parseSiweMessage } from 'viem/siwe'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import type { FoyerEvent } from '../events/events.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { ACCOUNT_0, ACCOUNT_1, PAGE, signingAdapter, siteBackend } from '../test/siweTestSite.ts'

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
    networks: [localNetwork(31337, 'One'), localNetwork(31338, 'Two')],
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

    const events: FoyerEvent[] = []
    client.subscribeEvents((event) => events.push(event))
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
    // Signed in, then Account shows (its own event).
    expect(events.map((e) => e.event)).toEqual(['SIWE_AUTH_SUCCESS', 'VIEW_ACCOUNT'])
    expect(events[0]).toMatchObject({ properties: { chainId: 31337 } })
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
    const client = createFoyerClient({ adapters: [adapter], networks: [localNetwork(31337, 'One')] })
    current = { client, unmount: client.mount() }
    expect(client.getState().siwe).toEqual({ status: 'disabled' })
    client.open()
    await client.connect('test')
    expect(client.getState().modal.open).toBe(false)
    await expect(client.siwe.signIn()).rejects.toThrow('Sign-in is off')
  })
})

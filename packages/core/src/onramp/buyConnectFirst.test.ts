import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { PAGE, signingAdapter, siteBackend } from '../test/siweTestSite.ts'
import { createBuyController } from './buyController.ts'

// BuyProviders opened without an account sends the visitor to Connect and comes back once connected: with the modal
// closing after a connect, or, with sign-in on, from the Account the signed-in connect lands on. No server is needed
// for the way back; the wallet really signs the EIP-4361 message with a dev key.
let current: { client: FoyerClient; unmount: () => void } | undefined
afterEach(() => {
  current?.unmount()
  current = undefined
  vi.unstubAllGlobals()
})

function setup(withSignIn: boolean) {
  vi.stubGlobal('window', { location: PAGE })
  const adapter = signingAdapter()
  const client = createFoyerClient({
    adapters: [adapter],
    networks: [localNetwork(31337, 'One')],
    metadata: { name: 'Shop' },
    logLevel: 'silent',
    ...(withSignIn && { siwe: siteBackend().config }),
  })
  current = { client, unmount: client.mount() }
  const buy = createBuyController(client)
  client.open({ view: 'BuyProviders' })
  buy.connectFirst()
  expect(client.getState().router.view).toBe('Connect')
  return { client, state: client.getState }
}

describe('Buy without an account: Connect first, then back to Buy', () => {
  it('the modal closes after the connect and opens again on BuyProviders', async () => {
    const { client, state } = setup(false)
    await client.connect('test')
    expect(state().modal.open).toBe(true)
    expect(state().router.view).toBe('BuyProviders')
    client.close()
    expect(state().modal.open).toBe(false) // once only
  })

  it('with sign-in on: Connect → ConnectingSiwe → signed in → BuyProviders, Back to Account; closing stays closed', async () => {
    const { client, state } = setup(true)
    await vi.waitFor(() => expect(state().siwe.status).toBe('signed-out'))
    await client.connect('test')
    expect(state().router.view).toBe('ConnectingSiwe')
    await client.siwe.signIn()
    expect(state().siwe.status).toBe('signed-in')
    expect(state().router.view).toBe('BuyProviders')
    client.navigate.goBack()
    expect(state().router.view).toBe('Account')
    client.close()
    expect(state().modal.open).toBe(false)
  })

  it('closed without connecting, the visitor gave up: a later connect does not open Buy', async () => {
    const { client, state } = setup(false)
    client.close()
    client.open()
    await client.connect('test')
    expect(state().modal.open).toBe(false)
  })
})

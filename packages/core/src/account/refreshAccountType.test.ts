import { describe, expect, it, vi } from 'vitest'
import type { AdapterController, ChainAdapter } from '../adapter/adapter.ts'
import { createFoyerClient } from '../client/createFoyerClient.ts'
import type { EmbeddedAccountType, EmbeddedWallet } from '../embedded/embeddedWallet.ts'
import { createStore } from '../store/createStore.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { type AccountState, disconnectedAccount } from './account.ts'
import { createRefreshAccountType } from './refreshAccountType.ts'

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const connected: AccountState = { ...disconnectedAccount, status: 'connected', isConnected: true, address: alice }
const smart = (deployed: boolean, address = alice): EmbeddedAccountType => ({
  preferredAccountType: 'smartAccount',
  smartAccountDeployed: deployed,
  accounts: [{ address, type: 'smartAccount' }],
})

describe('refreshAccountType', () => {
  it('writes what the wallet answers for the connected address', async () => {
    const store = createStore({ account: connected })
    await createRefreshAccountType({ store, read: async () => smart(false) })()
    expect(store.getState().account).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      allAccounts: [{ address: alice, type: 'smartAccount' }],
    })
  })

  it('only the latest read lands, and none after the account changed; a failed read leaves the state', async () => {
    const store = createStore({ account: connected })
    const answers: ((type: EmbeddedAccountType) => void)[] = []
    const refresh = createRefreshAccountType({ store, read: () => new Promise((resolve) => answers.push(resolve)) })
    const first = refresh()
    const second = refresh()
    answers[1]!(smart(true))
    answers[0]!(smart(false))
    await Promise.all([first, second])
    expect(store.getState().account.smartAccountDeployed).toBe(true)

    const late = refresh()
    store.setState({ account: { ...connected, address: bob } })
    answers[2]!(smart(false))
    await late
    expect(store.getState().account.smartAccountDeployed).toBeUndefined()

    await createRefreshAccountType({ store, read: () => Promise.reject(new Error('frame gone')) })()
    expect(store.getState().account.address).toBe(bob)
    expect(store.getState().account.smartAccountDeployed).toBeUndefined()
  })

  it('asks nothing while disconnected, and nothing lands when the wallet is not an embedded one', async () => {
    const read = vi.fn(async () => smart(true))
    const store = createStore({ account: disconnectedAccount })
    await createRefreshAccountType({ store, read })()
    expect(read).not.toHaveBeenCalled()
    const browser = createStore<{ account: AccountState }>({ account: { ...connected, preferredAccountType: 'eoa' } })
    await createRefreshAccountType({ store: browser, read: () => undefined })()
    expect(browser.getState().account.preferredAccountType).toBe('eoa')
  })
})

describe('the account type on the client', () => {
  /** Test double for the frame-backed wallet: only what the account type needs (the real one is the frame's). */
  function setup() {
    let type = smart(false)
    const embeddedWallet = {
      connectorId: 'foyer-embedded',
      readAccountType: vi.fn(async () => type),
    } as unknown as EmbeddedWallet
    let controller!: AdapterController
    const adapter: ChainAdapter = {
      namespace: 'eip155',
      eip6963: true,
      embeddedWallet,
      mount(c) {
        controller = c
        c.setConnectors([
          { id: 'dev.foyer.testwallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155' },
          { id: 'foyer-embedded', name: 'Email', type: 'AUTH', chain: 'eip155' },
        ])
      },
      connect: async ({ connectorId, network }) => ({ address: alice, networkId: network!.id, connectorId }),
      disconnect: async () => {},
      switchNetwork: async () => {},
      getBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH' }),
    }
    const client = createFoyerClient({ adapters: [adapter], networks: [localNetwork(31337, 'One')] })
    client.mount()
    return { client, embeddedWallet, deploy: () => (type = smart(true)), controller: () => controller }
  }

  it('an embedded wallet’s type after connecting, deployed after a refresh; a browser wallet is its own key', async () => {
    const { client, embeddedWallet, deploy } = setup()
    await client.connect('foyer-embedded')
    await vi.waitFor(() =>
      expect(client.getState().account).toMatchObject({
        preferredAccountType: 'smartAccount',
        smartAccountDeployed: false,
        allAccounts: [{ address: alice, type: 'smartAccount' }],
      }),
    )
    deploy()
    await client.refreshBalance()
    await vi.waitFor(() => expect(client.getState().account.smartAccountDeployed).toBe(true))

    await client.disconnect()
    vi.mocked(embeddedWallet.readAccountType!).mockClear()
    await client.connect('dev.foyer.testwallet')
    expect(client.getState().account).toMatchObject({
      preferredAccountType: 'eoa',
      allAccounts: [{ address: alice, type: 'eoa' }],
    })
    expect(client.getState().account.smartAccountDeployed).toBeUndefined()
    expect(embeddedWallet.readAccountType).not.toHaveBeenCalled()
  })
})

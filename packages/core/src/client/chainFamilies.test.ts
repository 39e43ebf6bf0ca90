import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CaipNetwork } from '../networks/networks.ts'
import { FAKE_EVM_ADDRESS, FAKE_SOLANA_ADDRESS, fakeAdapter } from '../test/fakeAdapter.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { createFoyerClient } from './createFoyerClient.ts'

const solanaLocal: CaipNetwork = {
  id: 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s',
  chainNamespace: 'solana',
  chainId: 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: 'http://127.0.0.1:8899',
}

describe('a site with EVM and Solana networks', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setup({ solanaWalletName }: { solanaWalletName?: string } = {}) {
    const evm = fakeAdapter()
    const solana = fakeAdapter({ namespace: 'solana' })
    if (solanaWalletName) {
      const mount = solana.mount.bind(solana)
      solana.mount = (controller) => {
        mount(controller)
        controller.setConnectors([{ id: 'solana:other', name: solanaWalletName, type: 'ANNOUNCED', chain: 'solana' }])
      }
    }
    const client = createFoyerClient({ adapters: [evm, solana], networks: [localNetwork(31337, 'One'), solanaLocal] })
    client.mount()
    return { evm, solana, client, state: client.getState }
  }

  it('connects a Solana wallet on the Solana network, whichever family is selected', async () => {
    const { client, state, solana } = setup({ solanaWalletName: 'Phantom' })
    await client.connect('solana:other')
    expect(solana.calls).toEqual(['connect:solana:other'])
    expect(state().account).toMatchObject({
      isConnected: true,
      caipAddress: `${solanaLocal.id}:${FAKE_SOLANA_ADDRESS}`,
    })
    expect(state().network).toMatchObject({ activeChain: 'solana', selectedNetworkId: solanaLocal.id })
    await vi.waitFor(() => expect(state().account).toMatchObject({ balance: '2.5', balanceSymbol: 'SOL' }))
  })

  it('a wallet of one family only: switching families shows Connect, and the first connection waits', async () => {
    const { client, state, evm, solana } = setup({ solanaWalletName: 'Phantom' })
    await client.connect('dev.foyer.testwallet')
    client.open({ view: 'Networks' })
    await client.switchNetwork(solanaLocal.id)
    expect(state().account.isConnected).toBe(false)
    expect(state().network).toMatchObject({ activeChain: 'solana', selectedNetworkId: solanaLocal.id })
    expect(state().connections.eip155?.address).toBe(FAKE_EVM_ADDRESS)
    expect(state().router.view).toBe('Connect')

    await client.connect('solana:other')
    expect(state().account.address).toBe(FAKE_SOLANA_ADDRESS)
    expect(Object.keys(state().connections).sort()).toEqual(['eip155', 'solana'])

    // Back to EVM: the EVM wallet is shown again, with no new prompt.
    await client.switchNetwork('eip155:31337')
    expect(evm.calls).toEqual(['connect:dev.foyer.testwallet', 'switch:eip155:31337'])
    expect(state().account).toMatchObject({ address: FAKE_EVM_ADDRESS, isConnected: true })
    expect(state().network.activeChain).toBe('eip155')
    expect(solana.calls).toEqual(['connect:solana:other'])
  })

  it('a wallet of both families connects on the other one when the person switches, with one prompt', async () => {
    const { client, state, solana } = setup()
    expect(state().connectors.map((c) => `${c.chain}:${c.name}`)).toEqual(['eip155:Test Wallet', 'solana:Test Wallet'])
    await client.connect('dev.foyer.testwallet')
    await client.switchNetwork(solanaLocal.id)
    expect(solana.calls).toEqual(['connect:solana:Test Wallet'])
    expect(state().account).toMatchObject({ isConnected: true, address: FAKE_SOLANA_ADDRESS })
    await client.switchNetwork('eip155:31337')
    await client.switchNetwork(solanaLocal.id)
    expect(solana.calls).toEqual(['connect:solana:Test Wallet', `switch:${solanaLocal.id}`])
  })

  it('a family’s wallet leaving changes the account shown only when it was the one shown', async () => {
    const { client, state, evm, solana } = setup()
    await client.connect('dev.foyer.testwallet')
    await client.switchNetwork(solanaLocal.id)

    evm.controller().resetAccount()
    expect(state().account.address).toBe(FAKE_SOLANA_ADDRESS)
    expect(state().connections.eip155).toBeUndefined()

    // A report from the family not shown is recorded and does not take over the account.
    evm
      .controller()
      .setAccount({ address: FAKE_EVM_ADDRESS, networkId: 'eip155:31337', connectorId: 'dev.foyer.testwallet' })
    expect(state().account.address).toBe(FAKE_SOLANA_ADDRESS)
    evm.controller().setStatus('reconnecting')
    expect(state().account.status).toBe('connected')

    solana.controller().resetAccount()
    expect(state().account).toMatchObject({ isConnected: true, address: FAKE_EVM_ADDRESS })
    expect(state().network.activeChain).toBe('eip155')
  })

  it('Disconnect disconnects every family', async () => {
    const { client, state, evm, solana } = setup()
    await client.connect('dev.foyer.testwallet')
    await client.switchNetwork(solanaLocal.id)
    await client.disconnect()
    expect(evm.calls.at(-1)).toBe('disconnect')
    expect(solana.calls.at(-1)).toBe('disconnect')
    expect(state().account.isConnected).toBe(false)
    expect(state().connections).toEqual({})
  })
})

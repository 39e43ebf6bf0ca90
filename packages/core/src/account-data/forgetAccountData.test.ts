import { describe, expect, it } from 'vitest'
import type { AdapterController, ChainAdapter } from '../adapter/adapter.ts'
import { createFoyerClient } from '../client/createFoyerClient.ts'
import { accountNamesQueryKey } from '../names/fetchAccountNames.ts'
import type { QueryKey } from '../query/queryCache.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { identityQueryKey } from './fetchIdentity.ts'
import { tokenBalancesQueryKey } from './fetchTokenBalances.ts'
import { transactionHistoryQueryKey } from './fetchTransactionHistory.ts'

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const network = localNetwork(31337, 'Foyer Local')

/** An adapter answering from memory, connecting as whichever account the test picks. */
function site() {
  let controller!: AdapterController
  let address = ALICE
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    mount(c) {
      controller = c
      c.setConnectors([{ id: 'test', name: 'Test Wallet', type: 'INJECTED', chain: 'eip155' }])
    },
    connect: async ({ connectorId }) => ({ address, networkId: network.id, connectorId }),
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ value: 10n ** 18n, decimals: 18, symbol: 'ETH' }),
  }
  const client = createFoyerClient({ adapters: [adapter], networks: [network], logLevel: 'silent' })
  client.mount()
  return {
    client,
    controller: () => controller,
    useAccount: (next: string) => {
      address = next
    },
  }
}

/** Every key the modal reads for an account. */
const keysOf = (address: string): QueryKey[] => [
  tokenBalancesQueryKey({ address, chainId: network.id }),
  transactionHistoryQueryKey({ address, chainId: network.id }),
  ['foyer', 'accountData', address.toLowerCase(), 'onramp', 'sandbox', network.id],
  identityQueryKey({ address }),
  accountNamesQueryKey({ address }),
]

describe('forgetting an account’s data', () => {
  it('a disconnect leaves nothing of the account in the cache, not even an answer still on its way', async () => {
    const { client } = site()
    await client.connect('test')
    for (const key of keysOf(ALICE)) client.queries.setData(key, { owner: ALICE })
    let answer!: (value: unknown) => void
    const late = client.queries.fetch(
      tokenBalancesQueryKey({ address: ALICE, chainId: network.id }),
      () => new Promise((resolve) => (answer = resolve)),
      { force: true },
    )
    await client.disconnect()
    answer({ owner: ALICE, late: true })
    await late
    for (const key of keysOf(ALICE)) {
      expect(client.queries.getState(key).status).toBe('idle')
      expect(client.queries.getState(key).data).toBeUndefined()
    }
  })

  it('another account connecting after a disconnect, or the wallet moving to it, never sees the previous data', async () => {
    const { client, controller, useAccount } = site()
    await client.connect('test')
    for (const key of keysOf(ALICE)) client.queries.setData(key, { owner: ALICE })
    await client.disconnect()
    useAccount(BOB)
    await client.connect('test')
    expect(client.getState().account.address).toBe(BOB)
    for (const key of [...keysOf(ALICE), ...keysOf(BOB)]) expect(client.queries.getState(key).data).toBeUndefined()

    // Without a disconnect: the wallet reports another account.
    for (const key of keysOf(BOB)) client.queries.setData(key, { owner: BOB })
    controller().setAccount({ address: ALICE, networkId: network.id, connectorId: 'test' })
    for (const key of [...keysOf(ALICE), ...keysOf(BOB)]) expect(client.queries.getState(key).data).toBeUndefined()
    // The same account reported again keeps what was read for it.
    for (const key of keysOf(ALICE)) client.queries.setData(key, { owner: ALICE })
    controller().setAccount({ address: ALICE, networkId: network.id, connectorId: 'test' })
    for (const key of keysOf(ALICE)) expect(client.queries.getState(key).data).toEqual({ owner: ALICE })
  })
})

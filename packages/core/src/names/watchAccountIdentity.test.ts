import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFoyerClient } from '../client/createFoyerClient.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import { identity } from '../protocol/endpoints/accountData.ts'
import { FAKE_EVM_ADDRESS, FAKE_SOLANA_ADDRESS, fakeAdapter } from '../test/fakeAdapter.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { watchAccountIdentity } from './watchAccountIdentity.ts'

const solanaLocal: CaipNetwork = {
  id: 'solana:FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s',
  chainNamespace: 'solana',
  chainId: 'FWKyw4kGL27TUQFDaPMrXuNfuuaY3Z8s',
  name: 'Solana Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrl: 'http://127.0.0.1:8899',
}

describe('watchAccountIdentity', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reads the name of an EVM account, and never asks for a Solana account’s', async () => {
    // Nothing listens on port 1: the EVM read fails and is logged, which is all this test needs of the server.
    const client = createFoyerClient({
      adapters: [fakeAdapter(), fakeAdapter({ namespace: 'solana' })],
      networks: [localNetwork(31337, 'One'), solanaLocal],
      apiUrl: 'http://127.0.0.1:1',
      logLevel: 'silent',
    })
    client.mount()
    const call = vi.spyOn(client.api!, 'call')
    const identityReads = () => call.mock.calls.filter(([endpoint]) => endpoint === identity).map(([, input]) => input)

    await client.connect('solana:Test Wallet')
    expect(client.getState().account.address).toBe(FAKE_SOLANA_ADDRESS)
    watchAccountIdentity(client)()
    expect(identityReads()).toEqual([])

    await client.switchNetwork('eip155:31337')
    await client.connect('dev.foyer.testwallet')
    expect(client.getState().account.address).toBe(FAKE_EVM_ADDRESS)
    watchAccountIdentity(client)()
    expect(identityReads()).toEqual([{ params: { address: FAKE_EVM_ADDRESS } }])
  })
})

// Test-only (not shipped): a Foyer client as a site builds one, with the real EVM adapter over wagmi's own test
// connector (`mock`) holding one anvil dev account. anvil keeps its dev accounts unlocked, so it signs what the
// wallet is asked to send.
import { evmAdapter } from '@foyer/evm'
import { createConfig, createStorage, http, mock } from '@wagmi/core'
import type { Address, Chain } from 'viem'
import { createFoyerClient, type FoyerClient } from '../client/createFoyerClient.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import type { FoyerOptions } from '../options/options.ts'
import { startTestChain } from './testChain.ts'

export type AnvilWalletParameters = {
  chain: Chain
  network: CaipNetwork
  /** The dev account the wallet holds. */
  address: Address
  apiUrl?: string
  projectId?: string
  /** Any other site option (`tokens`, …). */
  site?: Partial<FoyerOptions>
}

/** A mounted client, connected with the mock wallet; `unmount` when done. */
export async function connectedAnvilClient(parameters: AnvilWalletParameters) {
  const { chain, network, address, apiUrl, projectId, site } = parameters
  const wagmiConfig = createConfig({
    chains: [chain],
    connectors: [mock({ accounts: [address] })],
    transports: { [chain.id]: http() },
    storage: createStorage({ storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} } }),
    multiInjectedProviderDiscovery: false,
  })
  const adapter = evmAdapter({ wagmiConfig, reconnectOnMount: false })
  const client: FoyerClient = createFoyerClient({
    adapters: [adapter],
    networks: [network],
    apiUrl,
    projectId,
    logLevel: 'silent',
    ...site,
  })
  const unmount = client.mount()
  for (let tries = 0; !client.getState().connectors.some((c) => c.id === 'mock'); tries++) {
    if (tries > 100) throw new Error('the mock connector was never reported')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  await client.connect('mock')
  return { client, adapter, unmount }
}

/**
 * A send test's wallet: the chain of testChain.ts on `port`, and a connected client holding dev account 2, sending
 * to dev account 3. `stop` unmounts the client and stops the chain.
 */
export async function startSendTestWallet(port: number) {
  const t = await startTestChain({ port })
  const [from, to] = [t.accounts[2]!.address, t.accounts[3]!.address]
  const wallet = await connectedAnvilClient({ ...t, address: from })
  const stop = async () => {
    wallet.unmount()
    await t.stop()
  }
  return { t, wallet, from, to, stop }
}
export type SendTestWallet = Awaited<ReturnType<typeof startSendTestWallet>>

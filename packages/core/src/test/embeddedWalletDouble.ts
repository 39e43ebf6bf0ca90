// Test-only (not shipped): a stand-in for the embedded wallet behind its secure frame, for the send and swap
// controllers' sponsored-gas rule. The frame is a browser app; its sponsored user operations (a 0-ETH account sending
// fUSD with the project's paymaster) are tested in apps/frame/src/smart-account/smartAccount.test.ts against the
// devnet's bundler and paymaster.
import type { Address, PublicClient } from 'viem'
import type { AdapterTokenCall, AdapterTransaction, ChainAdapter } from '../adapter/adapter.ts'
import { createFoyerClient } from '../client/createFoyerClient.ts'
import type { EmbeddedWallet } from '../embedded/embeddedWallet.ts'
import type { CaipNetwork } from '../networks/networks.ts'

export const EMBEDDED_CONNECTOR_ID = 'foyer-embedded'

/**
 * Test double of the frame-backed wallet: it reports `type` as the frame's account type (`GET_USER`), reads the
 * chain's balance and gas price, and records what it is asked to send instead of sending it.
 */
export function embeddedWalletDouble({
  address,
  type,
  chain,
}: {
  address: Address
  type: 'eoa' | 'smartAccount'
  chain: Pick<PublicClient, 'getBalance' | 'getGasPrice'>
}) {
  const asked: (AdapterTransaction | AdapterTokenCall)[] = []
  const hash = `0x${'ab'.repeat(32)}`
  const embeddedWallet = {
    connectorId: EMBEDDED_CONNECTOR_ID,
    readAccountType: async () => ({
      preferredAccountType: type,
      smartAccountDeployed: type === 'smartAccount',
      accounts: [{ address, type }],
    }),
  } as Partial<EmbeddedWallet> as EmbeddedWallet
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    embeddedWallet,
    mount(controller) {
      controller.setConnectors([{ id: EMBEDDED_CONNECTOR_ID, name: 'Email', type: 'AUTH', chain: 'eip155' }])
    },
    connect: async ({ connectorId, network }) => ({ address, networkId: network!.id, connectorId }),
    disconnect: async () => {},
    switchNetwork: async () => {},
    getBalance: async () => ({ value: await chain.getBalance({ address }), decimals: 18, symbol: 'ETH' }),
    getGasPrice: () => chain.getGasPrice(),
    async sendTransaction(transaction) {
      asked.push(transaction)
      return hash
    },
    async writeContract(call) {
      asked.push(call)
      return hash
    },
    waitForReceipt: async (transactionHash) => ({ status: 'success', transactionHash }),
  }
  return { adapter, asked }
}

/**
 * A site's client with the double as its wallet, connected and with the frame's account type on its state; `stop`
 * unmounts it.
 */
export async function connectedEmbeddedClient(parameters: {
  address: Address
  type: 'eoa' | 'smartAccount'
  chain: Pick<PublicClient, 'getBalance' | 'getGasPrice'>
  network: CaipNetwork
  apiUrl: string
  projectId: string
}) {
  const { adapter, asked } = embeddedWalletDouble(parameters)
  const client = createFoyerClient({
    adapters: [adapter],
    networks: [parameters.network],
    apiUrl: parameters.apiUrl,
    projectId: parameters.projectId,
    logLevel: 'silent',
  })
  const stop = client.mount()
  await client.connect(EMBEDDED_CONNECTOR_ID)
  // The account type is read with the balance, just after the connect.
  for (let tries = 0; client.getState().account.preferredAccountType !== parameters.type; tries++) {
    if (tries > 100) throw new Error('the account type never arrived')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { client, asked, stop }
}

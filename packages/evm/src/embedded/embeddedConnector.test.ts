import { createConfig, http } from '@wagmi/core'
import { defineChain } from 'viem'
import { describe, expect, it } from 'vitest'
import { evmAdapter } from '../adapter/evmAdapter.ts'
import { toCaipNetwork } from '../networks/evmNetworks.ts'
import { recordingController } from '../test/recordingController.ts'
import { EMBEDDED_CONNECTOR_ID } from './embeddedConnector.ts'

const chain = defineChain({
  id: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:18799'] } },
})
const network = toCaipNetwork(chain)
const embeddedOptions = { apiUrl: 'http://127.0.0.1:8787', projectId: 'foyer-demo', frameUrl: 'http://127.0.0.1:5174/' }

function mounted(options: Partial<typeof embeddedOptions & { features: { email: boolean } }>) {
  const wagmiConfig = createConfig({
    chains: [chain],
    transports: { [chain.id]: http() },
    multiInjectedProviderDiscovery: false,
  })
  const adapter = evmAdapter({ wagmiConfig, reconnectOnMount: false })
  const recording = recordingController([network], options)
  const unmount = adapter.mount(recording.controller)
  return { wagmiConfig, adapter, recording, unmount: () => unmount?.() }
}

describe('embedded-wallet connector', () => {
  it('joins the wagmi config as the AUTH connector when the site gives a frame URL, a server and a project', async () => {
    const { wagmiConfig, recording, unmount } = mounted(embeddedOptions)
    const connector = wagmiConfig.connectors.find((c) => c.id === EMBEDDED_CONNECTOR_ID)
    expect(connector?.type).toBe('foyerEmbedded')
    await expect
      .poll(() => recording.last('setConnectors')?.connectors.find((c) => c.id === EMBEDDED_CONNECTOR_ID)?.type)
      .toBe('AUTH')
    // Nothing is loaded on a page load without a stored session: no provider, not authorized (no frame made).
    expect(await connector!.getProvider()).toBeUndefined()
    expect(await connector!.isAuthorized()).toBe(false)
    unmount()
  })

  it('is absent without a frame URL, without a server, or with email switched off', () => {
    for (const options of [
      { ...embeddedOptions, frameUrl: undefined },
      { ...embeddedOptions, apiUrl: undefined },
      { ...embeddedOptions, features: { email: false } },
    ]) {
      const { wagmiConfig, adapter, unmount } = mounted(options)
      expect(wagmiConfig.connectors.some((c) => c.id === EMBEDDED_CONNECTOR_ID)).toBe(false)
      expect(adapter.embeddedWallet?.connectorId).toBe(EMBEDDED_CONNECTOR_ID)
      unmount()
    }
  })

  it('refuses email login when it is not available, with a typed error', async () => {
    const { adapter, unmount } = mounted({ ...embeddedOptions, frameUrl: undefined })
    await expect(adapter.embeddedWallet!.connectEmail({ email: 'ana@example.com' })).rejects.toMatchObject({
      name: 'EmbeddedWalletError',
      code: 'not_available',
    })
    unmount()
  })
})

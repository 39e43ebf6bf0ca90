import { describe, expect, it } from 'vitest'
import {
  phantom,
  testWalletOnEvm,
  testWalletOnSolana,
  walletConnect,
  walletConnectOnSolana,
} from '../test/connectorFixtures.ts'
import { type Connector, connectorTestId, dedupeConnectors, oneRowPerWallet, pairingConnector } from './connectors.ts'

const announced: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'io.metamask' },
}
const injected: Connector = { id: 'injected', name: 'MetaMask', type: 'INJECTED', chain: 'eip155' }

describe('connectors', () => {
  it('keeps one row per wallet, announced first', () => {
    expect(dedupeConnectors([injected, announced])).toEqual([announced])
    const twice = { ...announced, id: 'other-id' }
    expect(dedupeConnectors([announced, twice])).toEqual([announced])
    const generic: Connector = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' }
    expect(dedupeConnectors([announced, generic])).toEqual([announced, generic])
  })
  it('names rows by rdns for announced wallets, else by catalogue id', () => {
    expect(connectorTestId(announced)).toBe('io.metamask')
    expect(connectorTestId({ ...injected, explorerId: 'metamask' })).toBe('metamask')
    expect(connectorTestId(injected)).toBe('injected')
  })
})

describe('oneRowPerWallet', () => {
  const evm = testWalletOnEvm
  const solana = testWalletOnSolana

  it('shows a wallet of both families once, as its connector on the active family, in its first place', () => {
    expect(oneRowPerWallet([evm, phantom, solana, walletConnect], 'eip155').map((c) => c.id)).toEqual([
      'evm',
      'phantom',
      'wc',
    ])
    expect(oneRowPerWallet([evm, phantom, solana, walletConnect], 'solana').map((c) => c.id)).toEqual([
      'sol',
      'phantom',
      'wc',
    ])
  })

  it('pairs with the EVM WalletConnect connector, whichever is listed first', () => {
    expect(pairingConnector([walletConnectOnSolana, phantom, walletConnect])?.id).toBe('wc')
    expect(pairingConnector([phantom])).toBeUndefined()
    expect(pairingConnector([walletConnectOnSolana])).toBeUndefined()
  })
})

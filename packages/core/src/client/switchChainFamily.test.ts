import { describe, expect, it } from 'vitest'
import {
  email,
  emailOnSolana,
  phantom,
  testWalletOnEvm,
  testWalletOnSolana,
  walletConnect,
  walletConnectOnSolana,
} from '../test/connectorFixtures.ts'
import { sameWalletOn } from './switchChainFamily.ts'

describe('sameWalletOn', () => {
  const evm = testWalletOnEvm
  const solana = testWalletOnSolana

  it('finds a browser wallet on the other family by its name', () => {
    expect(sameWalletOn([evm, phantom, solana], 'evm', 'solana')?.id).toBe('sol')
    expect(sameWalletOn([evm, phantom, solana], 'sol', 'eip155')?.id).toBe('evm')
    expect(sameWalletOn([evm, phantom, solana], 'phantom', 'eip155')).toBeUndefined()
  })

  it('finds the embedded wallet and a WalletConnect session by their type', () => {
    expect(sameWalletOn([email, phantom, emailOnSolana], 'foyer-embedded', 'solana')?.id).toBe('foyer-embedded-solana')
    // A WalletConnect session with Solana accounts has a connector on each family; without them, none on Solana.
    expect(sameWalletOn([walletConnect, phantom, walletConnectOnSolana], 'wc', 'solana')?.id).toBe(
      'solana:WalletConnect',
    )
    expect(sameWalletOn([walletConnect, walletConnectOnSolana], 'solana:WalletConnect', 'eip155')?.id).toBe('wc')
    expect(sameWalletOn([walletConnect, phantom, solana], 'wc', 'solana')).toBeUndefined()
  })

  it('never crosses kinds, and answers nothing on the same family or for an unknown connector', () => {
    expect(sameWalletOn([evm, walletConnectOnSolana], 'evm', 'solana')).toBeUndefined()
    expect(sameWalletOn([email, solana], 'foyer-embedded', 'solana')).toBeUndefined()
    expect(sameWalletOn([evm, solana], 'evm', 'eip155')).toBeUndefined()
    expect(sameWalletOn([evm, solana], 'gone', 'solana')).toBeUndefined()
  })
})

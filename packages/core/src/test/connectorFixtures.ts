import type { Connector } from '../connectors/connectors.ts'

// Connectors as the EVM and Solana adapters list them, for the cross-family rules' tests: one browser wallet that
// announces itself on both families (under names that differ only in case), a Solana-only one, WalletConnect and the
// embedded wallet on each family.
export const testWalletOnEvm: Connector = {
  id: 'evm',
  name: 'Foyer Test Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'x' },
}
export const testWalletOnSolana: Connector = {
  id: 'sol',
  name: 'Foyer test wallet',
  type: 'ANNOUNCED',
  chain: 'solana',
}
export const phantom: Connector = { id: 'phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' }
export const walletConnect: Connector = { id: 'wc', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }
export const walletConnectOnSolana: Connector = { ...walletConnect, id: 'solana:WalletConnect', chain: 'solana' }
export const email: Connector = { id: 'foyer-embedded', name: 'Email', type: 'AUTH', chain: 'eip155' }
export const emailOnSolana: Connector = { ...email, id: 'foyer-embedded-solana', chain: 'solana' }

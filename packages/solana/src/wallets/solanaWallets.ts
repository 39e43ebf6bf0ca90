import type { Connector } from '@foyer/core'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'

/** `standard:connect`: every wallet the adapter lists has it. */
export const STANDARD_CONNECT = 'standard:connect'
export const STANDARD_DISCONNECT = 'standard:disconnect'
export const STANDARD_EVENTS = 'standard:events'

const isSolanaChain = (chain: string) => chain.startsWith('solana:')

/** A Wallet Standard wallet the adapter can use: it connects (`standard:connect`) and names a Solana chain. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return STANDARD_CONNECT in wallet.features && wallet.chains.some(isSolanaChain)
}

/** The connector id of a wallet: `solana:<its name>`, the same on every load. */
export const solanaConnectorId = (wallet: Wallet): string => `solana:${wallet.name}`

/**
 * The feature of the wallet that stands for a WalletConnect session on Solana (registered by the WalletConnect
 * session of `@foyer/evm` when the wallet approved the `solana` namespace).
 */
export const WALLETCONNECT_FEATURE = 'foyer:walletConnect'

/**
 * How the modal lists a wallet: announced by the wallet itself, with its own name and icon; a WalletConnect
 * session's wallet as `WALLET_CONNECT`, so the person who paired switches to Solana on the same session.
 */
export function toSolanaConnector(wallet: Wallet): Connector {
  const type = WALLETCONNECT_FEATURE in wallet.features ? 'WALLET_CONNECT' : 'ANNOUNCED'
  return { id: solanaConnectorId(wallet), name: wallet.name, type, chain: 'solana', imageUrl: wallet.icon }
}

/** The account a connection uses: the first with a Solana chain, else the first. */
export function pickSolanaAccount(accounts: readonly WalletAccount[]): WalletAccount | undefined {
  return accounts.find((a) => a.chains.some(isSolanaChain)) ?? accounts[0]
}

/**
 * Calls `onChange` with the Solana wallets registered through the Wallet Standard, now and each time a wallet
 * registers or unregisters (a wallet's script may run after the page's). Returns the clean-up.
 */
export function watchSolanaWallets(onChange: (wallets: Wallet[]) => void): () => void {
  const registry = getWallets()
  const report = () => {
    const seen = new Set<string>()
    // One entry per name: the first registered wins, as two entries could not be told apart in the list.
    const wallets = registry.get().filter((w) => {
      if (!isSolanaWallet(w) || seen.has(w.name)) return false
      seen.add(w.name)
      return true
    })
    onChange(wallets)
  }
  const offRegister = registry.on('register', report)
  const offUnregister = registry.on('unregister', report)
  report()
  return () => {
    offRegister()
    offUnregister()
  }
}

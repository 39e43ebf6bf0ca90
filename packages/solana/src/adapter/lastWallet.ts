/**
 * The wallet connected last, by name (the embedded wallet by its connector id), kept in `localStorage` for the
 * silent reconnect after a reload.
 */
const LAST_WALLET_KEY = 'foyer.solana.lastWallet'

export function readLastWallet(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(LAST_WALLET_KEY)
  } catch {
    return null
  }
}

export function writeLastWallet(name: string | null): void {
  try {
    if (typeof localStorage === 'undefined') return
    if (name === null) localStorage.removeItem(LAST_WALLET_KEY)
    else localStorage.setItem(LAST_WALLET_KEY, name)
  } catch {
    // storage refused (private mode, a sandbox): the next load starts disconnected
  }
}

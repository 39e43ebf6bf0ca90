import { RECENT_WALLETS_KEPT } from '../constants.ts'

/** A wallet the visitor connected with before, newest first. */
export type RecentWallet = { id: string; name: string; imageUrl?: string; connectorId?: string; rdns?: string }
export type StoredDeepLink = { walletId: string; platform: string; href: string }

export const RECENT_WALLETS_KEY = 'foyer.recentWallets'
export const WALLETCONNECT_DEEP_LINK_KEY = 'foyer.walletConnectDeepLink'

/** The site origin's localStorage; undefined where there is none or it is blocked (privacy settings, sandboxes). */
export function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined // storage blocked: features degrade to "not remembered"
  }
}

function read<value>(key: string): value | undefined {
  try {
    const raw = storage()?.getItem(key)
    return raw ? (JSON.parse(raw) as value) : undefined
  } catch {
    return undefined
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === undefined) storage()?.removeItem(key)
    else storage()?.setItem(key, JSON.stringify(value))
  } catch {
    // quota or blocked: the feature degrades to "not remembered"
  }
}

export function getRecentWallets(): RecentWallet[] {
  const list = read<RecentWallet[]>(RECENT_WALLETS_KEY)
  return Array.isArray(list)
    ? list.filter((w) => w && typeof w.id === 'string' && typeof w.name === 'string').slice(0, RECENT_WALLETS_KEPT)
    : []
}

/** Puts the wallet first; keeps 2. */
export function addRecentWallet(wallet: RecentWallet): RecentWallet[] {
  const list = [wallet, ...getRecentWallets().filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_KEPT)
  write(RECENT_WALLETS_KEY, list)
  return list
}

export function getStoredDeepLink(): StoredDeepLink | undefined {
  const link = read<StoredDeepLink>(WALLETCONNECT_DEEP_LINK_KEY)
  return link && typeof link.href === 'string' ? link : undefined
}
export function setStoredDeepLink(link: StoredDeepLink | undefined) {
  write(WALLETCONNECT_DEEP_LINK_KEY, link)
}

import type { CatalogueWallet } from './walletCatalogue.ts'

/** Where a person gets a wallet: its App Store page, its Google Play page, its website. */
export type WalletGetLink = { kind: 'appStore' | 'playStore' | 'website'; url: string }

/**
 * The link as a URL a page may open in a new tab: `http:` or `https:` only (never `javascript:`, `data:` or a
 * wallet's own scheme), else undefined. The catalogue is the operator's file, so its links are checked here.
 */
export function httpLink(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** A catalogue wallet's store pages and website, in that order; those that are not http(s) URLs are left out. */
export function walletGetLinks(wallet: CatalogueWallet): WalletGetLink[] {
  const links: WalletGetLink[] = []
  for (const [kind, value] of [
    ['appStore', wallet.app_store],
    ['playStore', wallet.play_store],
    ['website', wallet.homepage],
  ] as const) {
    const url = httpLink(value)
    if (url) links.push({ kind, url })
  }
  return links
}

import type { CatalogueWallet } from '../catalogue/walletCatalogue.ts'

export type WalletPlatform = 'browser' | 'mobile' | 'desktop' | 'web'

const isHttp = (link: string) => /^https?:\/\//i.test(link)

/**
 * The link that opens a wallet with a pairing URI. Universal and web links get `/wc?uri=` on their path;
 * native deep links get `wc?uri=` after their scheme (`metamask://` → `metamask://wc?uri=…`).
 */
export function walletDeepLink(base: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (isHttp(base)) return `${base.replace(/\/+$/, '')}/wc?uri=${encoded}`
  let native = base.includes('://') ? base : `${base.replace(/:+$/, '')}://`
  if (!native.endsWith('/')) native = `${native}/`
  return `${native}wc?uri=${encoded}`
}

/** Where a catalogue wallet can be opened with the pairing, per platform; platforms without a link are absent. */
export function walletPlatformLinks(wallet: CatalogueWallet, uri: string): Partial<Record<WalletPlatform, string>> {
  const links: Partial<Record<WalletPlatform, string>> = {}
  const mobile = wallet.mobile_universal_link || wallet.mobile_link
  if (mobile) links.mobile = walletDeepLink(mobile, uri)
  const desktop = wallet.desktop_universal_link || wallet.desktop_link
  if (desktop) links.desktop = walletDeepLink(desktop, uri)
  if (wallet.webapp_link) links.web = walletDeepLink(wallet.webapp_link, uri)
  if (wallet.homepage) links.browser = wallet.homepage
  return links
}

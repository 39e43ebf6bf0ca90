import { type CatalogueWallet, fetchWallets } from '@foyer/core'
import {
  enWallets,
  type MessageKey,
  WALLETS_PAGE_SIZE,
  type WalletGetLink,
  walletGetLinks,
  walletsQueryKey,
} from '@foyer/core/internal'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { CatalogueWalletImage } from './CatalogueWalletImage.tsx'
import { CATALOGUE_STALE_MS, siteChains, useWalletPage } from './catalogueWallets.ts'
import { walletCss } from './walletStyles.ts'

type Listing = { wallets: CatalogueWallet[]; count: number; page: number; status: 'loading' | 'ready' | 'error' }

const linkText = {
  appStore: ['getWallet.appStore', 'getWallet.appStoreLabel', 'app-store'],
  playStore: ['getWallet.playStore', 'getWallet.playStoreLabel', 'play-store'],
  website: ['getWallet.website', 'getWallet.websiteLabel', 'website'],
} as const satisfies Record<WalletGetLink['kind'], readonly [MessageKey, MessageKey, string]>

/**
 * Where to get a wallet, for a visitor who has none: the catalogue's wallets for the site's networks (the site's
 * featured wallets first, then the catalogue's order, 40 at a time), each with its App Store and Google Play pages
 * and its website. Every link opens in a new tab, without the opener; only http(s) links are shown.
 */
export function GetWalletView() {
  useStyle('foyer-wallet-style', walletCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enWallets)
  // The client's options are fixed for its lifetime, so these keep their identity across renders.
  const { featuredWalletIds, includeWalletIds: include, excludeWalletIds } = client.options
  const featuredIds = useMemo(
    () => (featuredWalletIds ?? []).filter((id) => !excludeWalletIds?.includes(id)),
    [featuredWalletIds, excludeWalletIds],
  )
  const exclude = useMemo(() => [...(excludeWalletIds ?? []), ...featuredIds], [excludeWalletIds, featuredIds])
  const chains = useMemo(() => siteChains(client), [client])
  const featured = useWalletPage(
    { include: featuredIds, entries: Math.min(100, featuredIds.length || 1), chains },
    featuredIds.length > 0,
  )
  const [listing, setListing] = useState<Listing>({ wallets: [], count: 0, page: 0, status: 'loading' })
  const request = useRef(0)

  const load = useCallback(
    (page: number, previous: CatalogueWallet[]) => {
      const api = client.api
      if (!api) return
      const mine = ++request.current
      const parameters = { page, entries: WALLETS_PAGE_SIZE, include, exclude, chains }
      setListing((l) => ({ ...l, status: 'loading' }))
      client.queries
        .fetch(walletsQueryKey(parameters), () => fetchWallets(api, parameters), { staleTime: CATALOGUE_STALE_MS })
        .then(
          (result) =>
            mine === request.current &&
            setListing({ wallets: [...previous, ...result.data], count: result.count, page, status: 'ready' }),
          () => mine === request.current && setListing((l) => ({ ...l, status: 'error' })),
        )
    },
    [client, include, exclude, chains],
  )
  useEffect(() => load(1, []), [load])

  const wallets = [...((featuredIds.length ? featured.data?.data : undefined) ?? []), ...listing.wallets]
  const more = listing.status === 'ready' && listing.wallets.length < listing.count
  // The next page, or the one that failed.
  const loadNext = () => load(listing.page + 1, listing.wallets)

  return (
    <div className="fo-stack">
      <p className="fo-muted">{t('getWallet.intro')}</p>
      {listing.status === 'error' && !wallets.length ? (
        <div className="fo-center" role="alert">
          <p className="fo-muted">{t('wallets.loadFailed')}</p>
          <button type="button" className="fo-primary" onClick={loadNext}>
            {t('modal.retry')}
          </button>
        </div>
      ) : listing.status === 'ready' && !featured.isLoading && !wallets.length ? (
        <p className="fo-notice fo-muted" role="status" data-testid="get-wallet-empty">
          {t('wallets.empty')}
        </p>
      ) : (
        <>
          {wallets.length > 0 && (
            <ul
              className="fo-list fo-get-wallet-list"
              aria-label={t('getWallet.listLabel')}
              data-testid="get-wallet-list"
            >
              {wallets.map((wallet) => (
                <li key={wallet.id} className="fo-row" data-testid={`get-wallet-${wallet.id}`}>
                  <CatalogueWalletImage src={wallet.image_url} />
                  <span className="fo-get-wallet-entry">
                    <span className="fo-row-label">{wallet.name}</span>
                    <span className="fo-get-wallet-links">
                      {walletGetLinks(wallet).map((link) => {
                        const [text, label, testId] = linkText[link.kind]
                        return (
                          <a
                            key={link.kind}
                            className="fo-tag"
                            href={link.url}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={t(label, { name: wallet.name })}
                            data-testid={`get-wallet-${wallet.id}-${testId}`}
                          >
                            {t(text)}
                          </a>
                        )
                      })}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {listing.status === 'loading' && (
            <div
              className="fo-center"
              role="status"
              aria-label={t(wallets.length ? 'wallets.loadingMore' : 'modal.loading')}
            >
              <Spinner />
            </div>
          )}
          {listing.status === 'error' && (
            <div className="fo-notice" role="alert">
              <span>{t('wallets.loadFailed')}</span>
              <button type="button" className="fo-link" onClick={loadNext}>
                {t('modal.retry')}
              </button>
            </div>
          )}
          {more && (
            <button type="button" className="fo-secondary fo-get-wallet-more" onClick={loadNext}>
              {t('getWallet.more')}
            </button>
          )}
        </>
      )}
    </div>
  )
}

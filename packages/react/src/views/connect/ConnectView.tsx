import type { CatalogueWallet, Connector } from '@foyer/core'
import {
  connectorTestId,
  FEATURED_WALLETS_PAGE_SIZE,
  getRecentWallets,
  isFeatureAvailable,
  oneRowPerWallet,
  pairingConnector,
  type RecentWallet,
} from '@foyer/core/internal'
import { type ComponentType, type ReactElement, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { type ChunkLoader, chunk, useChunkComponent } from '../../modal/chunks.ts'
import { usePreloadViews } from '../../modal/preloadViews.ts'
import { CatalogueWalletImage } from '../wallets/CatalogueWalletImage.tsx'
import { openCatalogueWallet, siteChains, useWalletPage } from '../wallets/catalogueWallets.ts'

/**
 * The legal line, its strings and its style are a chunk of their own, fetched when the view shows on a site that
 * gives a legal link (`termsConditionsUrl`, `privacyPolicyUrl`): this view is fetched before any click, and most
 * sites give none. Imported here rather than from `viewLoaders.ts`: no view imports this module.
 */
const loadLegalNotice = chunk(() => import('./LegalNotice.tsx').then((m) => m.LegalNotice))

/** The email field and its check of the project's settings: a chunk fetched on sites with email login only. */
const loadEmailLogin = chunk(() => import('./ConnectEmailLogin.tsx').then((m) => m.ConnectEmailLogin))

/** The social sign-in buttons: a chunk fetched on sites that list socials only. */
const loadSocialLogin = chunk(() => import('./ConnectSocialLogin.tsx').then((m) => m.ConnectSocialLogin))

function Lazy({ load }: { load: ChunkLoader<ComponentType> }) {
  const Component = useChunkComponent(load)
  return (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  )
}

const installedTypes = new Set<Connector['type']>(['ANNOUNCED', 'INJECTED'])
const browserTypes = new Set<Connector['type']>(['ANNOUNCED', 'INJECTED', 'MULTI_CHAIN'])

const isMobile = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(pointer: coarse) and (max-width: 640px)').matches

/**
 * How to connect, one row per wallet (deduplicated by rdns and catalogue id): WalletConnect (QR), recent wallets,
 * installed (announced / injected) wallets, the site's featured wallets in its order, its custom wallets,
 * recommended wallets from the catalogue, and All Wallets with the count; the catalogue's rows and count hold only
 * wallets of the site's networks. Under the list, the ways to What is a wallet? and to Get a Wallet.
 */
export function ConnectView() {
  const client = useFoyerClient()
  const { t } = useFoyerLocale()
  const { options } = client
  const connectors = useFoyerStore((s) => s.connectors)
  const activeChain = useFoyerStore((s) => s.network.activeChain)
  const [recent] = useState<RecentWallet[]>(() => getRecentWallets())
  const { preloadViewsWhenIdle } = usePreloadViews()
  // With sign-in on, a connect goes on to ConnectingSiwe: fetched ahead too. GetWallet (for the few with no wallet)
  // is fetched on its click only.
  useEffect(
    () =>
      preloadViewsWhenIdle([
        'ConnectingExternal',
        'WhatIsAWallet',
        'ConnectingWalletConnect',
        'AllWallets',
        ...(options.siwe ? (['ConnectingSiwe'] as const) : []),
      ]),
    [preloadViewsWhenIdle, options.siwe],
  )

  const walletConnect = pairingConnector(connectors)
  const featuredIds = options.featuredWalletIds ?? []
  const excludeIds = options.excludeWalletIds ?? []
  const hasCatalogue = Boolean(client.api)
  const allWalletsMode = options.features.allWallets
  // Every list shown here holds only wallets of the site's networks (a wallet for none of them cannot connect).
  const chains = siteChains(client)

  // The catalogue rows the excluded ids name, to hide their announced connectors too: looked up by id whatever
  // their chains, as a browser wallet the site excludes is hidden even if its catalogue entry lists other chains.
  const excluded = useWalletPage(
    { include: excludeIds, entries: Math.min(100, excludeIds.length || 1) },
    excludeIds.length > 0,
  )
  // (A disabled query may still show another query's cached page under the same key: read it only when enabled.)
  const excludedRdns = useMemo(
    () =>
      new Set(
        ((excludeIds.length ? excluded.data?.data : undefined) ?? []).map((w) => w.rdns).filter(Boolean) as string[],
      ),
    [excluded.data, excludeIds.length],
  )

  const installed = useMemo(
    () =>
      oneRowPerWallet(connectors, activeChain).filter(
        (c) =>
          browserTypes.has(c.type) &&
          !(c.info?.rdns && excludedRdns.has(c.info.rdns)) &&
          !excludeIds.includes(c.explorerId ?? ''),
      ),
    [connectors, activeChain, excludedRdns, excludeIds],
  )
  const installedRdns = useMemo(
    () => new Set(installed.map((c) => c.info?.rdns).filter(Boolean) as string[]),
    [installed],
  )

  // Recent wallets that still exist: an installed connector, or a catalogue wallet (reached over WalletConnect).
  const recentRows = recent.filter((w) =>
    w.connectorId
      ? installed.some((c) => c.id === w.connectorId)
      : hasCatalogue && walletConnect && !excludeIds.includes(w.id),
  )
  const recentConnectorIds = new Set(recentRows.map((w) => w.connectorId).filter(Boolean))
  const recentIds = new Set(recentRows.map((w) => w.id))

  const featured = useWalletPage(
    { include: featuredIds, entries: Math.min(100, featuredIds.length || 1), chains },
    featuredIds.length > 0,
  )
  // Only catalogue ids go to the server: a recent browser wallet's id is its rdns, which the catalogue filter drops.
  const recentCatalogueIds = recentRows.filter((w) => !w.connectorId).map((w) => w.id)
  const listedIds = [...featuredIds, ...recentCatalogueIds, ...(options.customWallets ?? []).map((w) => w.id)]
  const recommended = useWalletPage(
    {
      entries: Math.min(100, FEATURED_WALLETS_PAGE_SIZE + installed.length + listedIds.length),
      include: options.includeWalletIds,
      exclude: [...excludeIds, ...listedIds],
      chains,
    },
    hasCatalogue,
  )

  const notInstalled = (w: CatalogueWallet) => !(w.rdns && installedRdns.has(w.rdns)) && !recentIds.has(w.id)
  const featuredRows = ((featuredIds.length ? featured.data?.data : undefined) ?? []).filter(notInstalled)
  const customRows = (options.customWallets ?? []).filter((w) => !excludeIds.includes(w.id) && notInstalled(w))
  const recommendedRows = (recommended.data?.data ?? []).filter(notInstalled).slice(0, FEATURED_WALLETS_PAGE_SIZE)
  const showAllWallets =
    hasCatalogue &&
    isFeatureAvailable(options, 'allWallets') &&
    (allWalletsMode === 'SHOW' || (allWalletsMode === 'ONLY_MOBILE' && isMobile()))
  // The count of every wallet All Wallets can show (the site's include and exclude lists applied).
  const everything = useWalletPage(
    { entries: 1, include: options.includeWalletIds, exclude: excludeIds, chains },
    hasCatalogue,
  )
  const total = everything.data?.count

  const connectWith = (connector: Connector) =>
    client.navigate.push('ConnectingExternal', { connectorId: connector.id })
  // Each row's key names its section and wallet (the list item takes it over).
  const rows: ReactElement[] = []

  if (walletConnect) {
    rows.push(
      <Row
        key="walletconnect"
        testId="wallet-selector-walletconnect"
        image={<WalletImage src={walletConnect.imageUrl} />}
        name={t('wallets.walletConnect')}
        tags={[t('wallets.qrCode')]}
        onClick={() => client.navigate.push('ConnectingWalletConnect')}
      />,
    )
  }
  for (const wallet of recentRows) {
    const connector = wallet.connectorId ? installed.find((c) => c.id === wallet.connectorId) : undefined
    rows.push(
      <Row
        key={`recent:${wallet.id}`}
        testId={`wallet-selector-${connector ? connectorTestId(connector) : wallet.id}`}
        image={connector ? <WalletImage src={connector.imageUrl} /> : <CatalogueWalletImage src={wallet.imageUrl} />}
        name={wallet.name}
        tags={
          connector && installedTypes.has(connector.type)
            ? [t('wallets.recent'), t('connect.installed')]
            : [t('wallets.recent')]
        }
        onClick={() =>
          connector
            ? connectWith(connector)
            : openCatalogueWallet(client, { id: wallet.id, name: wallet.name, image_url: wallet.imageUrl })
        }
      />,
    )
  }
  for (const connector of installed) {
    if (recentConnectorIds.has(connector.id)) continue
    rows.push(
      <Row
        key={`installed:${connector.id}`}
        testId={`wallet-selector-${connectorTestId(connector)}`}
        image={<WalletImage src={connector.imageUrl} />}
        name={connector.name}
        tags={installedTypes.has(connector.type) ? [t('connect.installed')] : undefined}
        onClick={() => connectWith(connector)}
      />,
    )
  }
  const catalogueRow = (wallet: CatalogueWallet, section: string) => (
    <Row
      key={`${section}:${wallet.id}`}
      testId={`wallet-selector-${wallet.id}`}
      image={<CatalogueWalletImage src={wallet.image_url} />}
      name={wallet.name}
      onClick={() => openCatalogueWallet(client, wallet)}
    />
  )
  if (walletConnect) {
    for (const wallet of featuredRows) rows.push(catalogueRow(wallet, 'featured'))
    for (const wallet of customRows) rows.push(catalogueRow(wallet, 'custom'))
    for (const wallet of recommendedRows) rows.push(catalogueRow(wallet, 'recommended'))
  }

  // Email login: only with the feature on (the site's here, the project's in the chunk), a Foyer server and an AUTH
  // (embedded wallet) connector.
  const emailLogin = isFeatureAvailable(options, 'email') && connectors.some((c) => c.type === 'AUTH')
  // Social login: the site lists providers (the project's list is checked in the chunk), and an AUTH connector.
  const socialLogin = isFeatureAvailable(options, 'socials') && connectors.some((c) => c.type === 'AUTH')

  return (
    <div className="fo-stack">
      {socialLogin && <Lazy load={loadSocialLogin} />}
      {emailLogin && <Lazy load={loadEmailLogin} />}
      {rows.length ? (
        <ul className="fo-list" aria-label={t('connect.walletListLabel')}>
          {rows.map((row) => (
            <li key={row.key}>{row}</li>
          ))}
          {showAllWallets && walletConnect && (
            <li>
              <button
                type="button"
                className="fo-row"
                data-testid="all-wallets"
                onClick={() => client.navigate.push('AllWallets')}
              >
                <WalletImage />
                <span className="fo-row-label">{t('wallets.allWallets')}</span>
                {total !== undefined && (
                  <span className="fo-tag">{t('wallets.allWalletsCount', { count: String(total) })}</span>
                )}
              </button>
            </li>
          )}
        </ul>
      ) : (
        <p className="fo-notice fo-muted">{t('connect.noWallets')}</p>
      )}
      <button type="button" className="fo-link" onClick={() => client.navigate.push('WhatIsAWallet')}>
        {t('connect.whatIsAWallet')}
      </button>
      {hasCatalogue && (
        <button
          type="button"
          className="fo-link"
          data-testid="get-wallet"
          onClick={() => client.navigate.push('GetWallet')}
        >
          {t('view.GetWallet')}
        </button>
      )}
      {(options.termsConditionsUrl || options.privacyPolicyUrl) && <Lazy load={loadLegalNotice} />}
    </div>
  )
}

function Row({
  testId,
  image,
  name,
  tags,
  onClick,
}: {
  testId: string
  image: ReactNode
  name: string
  tags?: string[]
  onClick: () => void
}) {
  return (
    <button type="button" className="fo-row" data-testid={testId} onClick={onClick}>
      {image}
      <span className="fo-row-label">{name}</span>
      {tags?.map((tag) => (
        <span key={tag} className="fo-tag">
          {tag}
        </span>
      ))}
    </button>
  )
}

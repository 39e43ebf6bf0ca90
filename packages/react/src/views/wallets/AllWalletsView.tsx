import { type CatalogueWallet, type Connector, fetchWallets } from '@foyer/core'
import {
  connectorTestId,
  enWallets,
  oneRowPerWallet,
  WALLET_SEARCH_DELAY_MS,
  WALLETS_PAGE_SIZE,
  WALLETS_SEARCH_PAGE_SIZE,
  walletsQueryKey,
} from '@foyer/core/internal'
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { CatalogueWalletImage } from './CatalogueWalletImage.tsx'
import { CATALOGUE_STALE_MS, openCatalogueWallet, siteChains } from './catalogueWallets.ts'
import { walletCss } from './walletStyles.ts'

/** Four equal tiles a row in the dialog, three on the narrow sheet (the modal's own breakpoint). */
const DIALOG_COLUMNS = 4
const SHEET_COLUMNS = 3
const SHEET_QUERY = '(max-width:430px)'
const ROW_HEIGHT = 104 // a 96 px tile and the 8 px gap
const OVERSCAN_ROWS = 2

type Listing = {
  search: string
  wallets: CatalogueWallet[]
  count: number
  page: number
  status: 'loading' | 'ready' | 'error'
}
type Tile = { key: string; testId: string; name: string; image: ReactNode; open(): void }

/**
 * Every wallet of the catalogue for the site's networks: search (after a 300 ms pause, 100 results), otherwise pages of 40 loaded as the
 * grid scrolls; the grid renders only the rows in view. Installed wallets come first.
 */
export function AllWalletsView() {
  useStyle('foyer-wallet-style', walletCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enWallets)
  const connectors = useFoyerStore((s) => s.connectors)
  const activeChain = useFoyerStore((s) => s.network.activeChain)
  // The client's options are fixed for its lifetime, so these keep their identity across renders.
  const { excludeWalletIds, includeWalletIds: include } = client.options
  const exclude = useMemo(() => excludeWalletIds ?? [], [excludeWalletIds])
  const chains = useMemo(() => siteChains(client), [client])
  const [input, setInput] = useState('')
  const [search, setSearch] = useState('')
  const [listing, setListing] = useState<Listing>({ search: '', wallets: [], count: 0, page: 0, status: 'loading' })
  const request = useRef(0)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), WALLET_SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [input])

  const load = useCallback(
    (term: string, page: number, previous: CatalogueWallet[]) => {
      const api = client.api
      if (!api) return
      const mine = ++request.current
      const parameters = {
        page,
        entries: term ? WALLETS_SEARCH_PAGE_SIZE : WALLETS_PAGE_SIZE,
        search: term || undefined,
        include,
        exclude,
        // Only wallets of the site's networks, in the pages and in search alike.
        chains,
      }
      setListing((l) => ({
        ...l,
        search: term,
        status: 'loading',
        ...(page === 1 ? { wallets: [], count: 0, page: 0 } : {}),
      }))
      client.queries
        .fetch(walletsQueryKey(parameters), () => fetchWallets(api, parameters), { staleTime: CATALOGUE_STALE_MS })
        .then(
          (result) =>
            mine === request.current &&
            setListing({
              search: term,
              wallets: [...previous, ...result.data],
              count: result.count,
              page,
              status: 'ready',
            }),
          () => mine === request.current && setListing((l) => ({ ...l, status: 'error' })),
        )
    },
    [client, exclude, include, chains],
  )
  useEffect(() => load(search, 1, []), [search, load])

  const loadMore = useCallback(() => {
    if (listing.status !== 'ready' || listing.search || listing.wallets.length >= listing.count) return
    load(listing.search, listing.page + 1, listing.wallets)
  }, [listing, load])

  const installed = useMemo(
    () =>
      oneRowPerWallet(connectors, activeChain).filter(
        (c) =>
          (c.type === 'ANNOUNCED' || c.type === 'INJECTED') &&
          (!search || c.name.toLowerCase().includes(search.toLowerCase())),
      ),
    [connectors, activeChain, search],
  )
  const installedRdns = useMemo(
    () => new Set(connectors.map((c) => c.info?.rdns).filter(Boolean) as string[]),
    [connectors],
  )
  const tiles: Tile[] = useMemo(
    () => [
      ...installed.map((c: Connector) => ({
        key: `c:${c.id}`,
        testId: `wallet-selector-${connectorTestId(c)}`,
        name: c.name,
        image: <WalletImage src={c.imageUrl} size={48} />,
        open: () => client.navigate.push('ConnectingExternal', { connectorId: c.id }),
      })),
      ...listing.wallets
        .filter((w) => !(w.rdns && installedRdns.has(w.rdns)))
        .map((w) => ({
          key: `w:${w.id}`,
          testId: `wallet-selector-${w.id}`,
          name: w.name,
          image: <CatalogueWalletImage src={w.image_url} size={48} />,
          open: () => openCatalogueWallet(client, w),
        })),
    ],
    [installed, installedRdns, listing.wallets, client],
  )

  return (
    <div className="fo-stack">
      <input
        type="search"
        className="fo-wallet-search"
        data-testid="all-wallets-search"
        aria-label={t('wallets.searchLabel')}
        placeholder={t('wallets.searchPlaceholder')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      {listing.status === 'error' && !tiles.length ? (
        <div className="fo-center" role="alert">
          <p className="fo-muted">{t('wallets.loadFailed')}</p>
          <button
            type="button"
            className="fo-primary"
            onClick={() => load(listing.search, Math.max(1, listing.page + 1), listing.wallets)}
          >
            {t('modal.retry')}
          </button>
        </div>
      ) : listing.status === 'ready' && !tiles.length ? (
        <p className="fo-notice fo-muted" role="status" data-testid="all-wallets-empty">
          {t('wallets.empty')}
        </p>
      ) : (
        <>
          <WalletGrid
            tiles={tiles}
            setSize={Math.max(
              tiles.length,
              installed.length + listing.count - (listing.wallets.length - (tiles.length - installed.length)),
            )}
            label={t('wallets.gridLabel')}
            onNearEnd={loadMore}
            loading={listing.status === 'loading'}
            loadingLabel={t('wallets.loadingMore')}
          />
          {listing.status === 'error' && (
            <div className="fo-notice" role="alert">
              <span>{t('wallets.loadFailed')}</span>
              <button
                type="button"
                className="fo-link"
                onClick={() => load(listing.search, listing.page + 1, listing.wallets)}
              >
                {t('modal.retry')}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

function subscribeSheet(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {}
  const media = window.matchMedia(SHEET_QUERY)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}
const columnsNow = () =>
  typeof window !== 'undefined' && window.matchMedia?.(SHEET_QUERY).matches ? SHEET_COLUMNS : DIALOG_COLUMNS
const serverColumns = () => DIALOG_COLUMNS

/** A windowed grid: only the rows in (and just around) the viewport are in the DOM. */
function WalletGrid({
  tiles,
  setSize,
  label,
  onNearEnd,
  loading,
  loadingLabel,
}: {
  tiles: Tile[]
  setSize: number
  label: string
  onNearEnd(): void
  loading: boolean
  loadingLabel: string
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const [view, setView] = useState({ top: 0, height: 380 })
  const columns = useSyncExternalStore(subscribeSheet, columnsNow, serverColumns)
  const rowCount = Math.ceil(tiles.length / columns)
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN_ROWS)
  const last = Math.min(rowCount, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN_ROWS)

  const measure = useCallback(() => {
    const element = scroller.current
    if (element) setView({ top: element.scrollTop, height: element.clientHeight || 380 })
  }, [])
  useEffect(measure, [measure])
  // Near the end (or when the first page does not fill the grid), ask for the next page.
  useEffect(() => {
    if (!loading && last >= rowCount - OVERSCAN_ROWS) onNearEnd()
  }, [last, rowCount, loading, onNearEnd])

  const rows: ReactNode[] = []
  for (let row = first; row < last; row++) {
    rows.push(
      <div
        key={row}
        role="presentation"
        className="fo-wallet-grid-row"
        style={{ top: row * ROW_HEIGHT, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {tiles.slice(row * columns, row * columns + columns).map((tile, column) => (
          // biome-ignore lint/a11y/useSemanticElements: a virtualised grid: the positioned row wrappers between list and items rule out <ul>/<li>
          <div
            key={tile.key}
            role="listitem"
            className="fo-wallet-cell"
            aria-posinset={row * columns + column + 1}
            aria-setsize={setSize}
          >
            <button
              type="button"
              className="fo-wallet-tile"
              data-testid={tile.testId}
              onClick={tile.open}
              aria-label={tile.name}
              title={tile.name}
            >
              {tile.image}
              <span>{tile.name}</span>
            </button>
          </div>
        ))}
      </div>,
    )
  }
  return (
    <div ref={scroller} className="fo-wallet-grid" onScroll={measure} data-testid="all-wallets-grid" tabIndex={-1}>
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualised grid: the positioned row wrappers between list and items rule out <ul>/<li> */}
      <div
        role="list"
        aria-label={label}
        aria-busy={loading}
        style={{ position: 'relative', height: Math.max(rowCount * ROW_HEIGHT, loading ? ROW_HEIGHT : 0) }}
      >
        {rows}
      </div>
      {loading && (
        <div className="fo-center" role="status" aria-label={loadingLabel}>
          <Spinner />
        </div>
      )}
    </div>
  )
}

import type { CatalogueWallet } from '@foyer/core'
import {
  enWalletConnect,
  getStoredDeepLink,
  type PairingState,
  pairingConnector,
  setStoredDeepLink,
  type WalletPlatform,
  walletPlatformLinks,
} from '@foyer/core/internal'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { translateError } from '../../components/translateError.ts'
import { WalletImage } from '../../components/WalletImage.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { CatalogueWalletImage } from '../wallets/CatalogueWalletImage.tsx'
import { pickedWalletKey, useWalletPage } from '../wallets/catalogueWallets.ts'
import { walletCss } from '../wallets/walletStyles.ts'
import { QrCode } from './QrCode.tsx'

const PLATFORMS: readonly WalletPlatform[] = ['mobile', 'desktop', 'web', 'browser']

/**
 * Pairing over WalletConnect: the QR code (with the wallet's mark), a copy-link button, and for a catalogue wallet
 * the platforms it can be opened on (the choice is remembered). The URI is renewed before it expires; a decline
 * shows the message and a retry. Core closes the modal once the wallet approves.
 */
export function ConnectingWalletConnectView() {
  useStyle('foyer-wallet-style', walletCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enWalletConnect)
  const walletId = useFoyerStore((s) => s.router.data.walletId)
  const connectorImage = useFoyerStore((s) => pairingConnector(s.connectors)?.imageUrl)
  const picked = walletId ? client.queries.getState<CatalogueWallet>(pickedWalletKey(walletId)).data : undefined
  const fetched = useWalletPage({ include: walletId ? [walletId] : [], entries: 1 }, Boolean(walletId && !picked))
  const wallet = picked ?? (walletId ? fetched.data?.data.find((w) => w.id === walletId) : undefined)
  const pairing: PairingState = useSyncExternalStore(
    client.walletConnect.subscribe,
    client.walletConnect.getState,
    client.walletConnect.getState,
  )
  const [platform, setPlatform] = useState<string | undefined>(() => {
    const stored = getStoredDeepLink()
    return stored && stored.walletId === walletId ? stored.platform : undefined
  })
  const started = useRef(false)

  const start = () =>
    client.walletConnect.start(
      wallet
        ? { id: wallet.id, name: wallet.name, imageUrl: wallet.image_url }
        : walletId
          ? { id: walletId, name: walletId }
          : undefined,
    )
  const mounts = useRef(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount by design: the pairing starts with the wallet known then, and a new `start` closure on re-render must not restart it
  useEffect(() => {
    // Once per mount (strict mode runs effects twice); leaving the view abandons an unfinished pairing. The
    // cancel waits a microtask so strict mode's immediate re-run of the effect keeps the pairing.
    const mount = ++mounts.current
    if (!started.current) {
      started.current = true
      start()
    }
    return () => {
      queueMicrotask(() => {
        if (mounts.current === mount && client.walletConnect.getState().status !== 'connected')
          client.walletConnect.cancel()
      })
    }
  }, [])

  const name = wallet?.name ?? t('wallets.walletConnect')
  const mark = wallet ? (
    <CatalogueWalletImage src={wallet.image_url} size={52} />
  ) : (
    <WalletImage src={connectorImage} size={52} />
  )

  async function copy() {
    if (!pairing.uri) return
    try {
      await navigator.clipboard.writeText(pairing.uri)
      client.showSnackbar('success', { key: 'walletConnect.linkCopied' })
    } catch {
      client.showSnackbar('error', { key: 'walletConnect.copyFailed' })
    }
  }

  if (pairing.status === 'declined' || pairing.status === 'failed') {
    return (
      <div className="fo-center">
        <span className="fo-connecting-mark">{mark}</span>
        <div role="alert">
          <p className="fo-heading fo-error">
            {t(pairing.status === 'declined' ? 'walletConnect.declined' : 'walletConnect.failed')}
          </p>
          <p className="fo-muted">
            {pairing.status === 'declined' ? t('walletConnect.declinedDetail') : translateError(pairing.error, t)}
          </p>
        </div>
        <button type="button" className="fo-primary" data-testid="wc-retry" onClick={start}>
          {t('walletConnect.retry')}
        </button>
      </div>
    )
  }

  const links = wallet && pairing.uri ? walletPlatformLinks(wallet, pairing.uri) : {}
  const available = PLATFORMS.filter((p) => links[p])
  return (
    <div className="fo-center">
      {pairing.uri ? (
        <QrCode value={pairing.uri} label={t('walletConnect.qrLabel', { name })} mark={mark} />
      ) : (
        <span
          className="fo-qr"
          style={{ width: 288, height: 288, alignItems: 'center', justifyContent: 'center' }}
          role="status"
          aria-label={t('walletConnect.preparing')}
        >
          <Spinner size={28} />
        </span>
      )}
      <p className="fo-muted">{wallet ? t('walletConnect.scanWith', { name }) : t('walletConnect.scan')}</p>
      <button
        type="button"
        className="fo-secondary"
        data-testid="copy-wc-uri"
        disabled={!pairing.uri}
        onClick={() => void copy()}
      >
        {t('walletConnect.copyLink')}
      </button>
      {available.length > 0 && (
        <nav aria-label={t('walletConnect.openOn', { name })} className="fo-platforms">
          {available.map((p) => (
            <a
              key={p}
              href={links[p]}
              target="_blank"
              rel="noreferrer noopener"
              data-testid={`wc-open-${p}`}
              aria-current={platform === p ? 'true' : undefined}
              onClick={() => {
                setPlatform(p)
                setStoredDeepLink({ walletId: wallet!.id, platform: p, href: links[p]! })
              }}
            >
              {t(`walletConnect.platform.${p}`)}
            </a>
          ))}
        </nav>
      )}
    </div>
  )
}

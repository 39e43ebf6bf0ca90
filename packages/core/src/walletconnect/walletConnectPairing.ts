import { ConnectorNotFoundError, isUserRejection } from '../errors/errors.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { msUntilPairingRenewal } from './pairingExpiry.ts'
import { type RecentWallet, setStoredDeepLink } from './walletStorage.ts'

export type PairingStatus = 'idle' | 'pairing' | 'declined' | 'failed' | 'connected'

/** What the QR view shows: the current pairing URI and how the attempt is going. */
export type PairingState = {
  status: PairingStatus
  /** The `wc:` URI to show as a QR code; renewed before it expires. */
  uri?: string
  /** When the current URI was created (ms since epoch). */
  createdAt?: number
  /** The catalogue wallet the visitor picked, if any (plain "WalletConnect" otherwise). */
  wallet?: RecentWallet
  error?: unknown
}

export type WalletConnectPairingDependencies = {
  /** Core's connect, which hands `onUri` to the adapter. */
  connect(
    connectorId: string,
    parameters: { onUri: (uri: string) => void; recentWallet?: RecentWallet },
  ): Promise<unknown>
  /** The id of the WalletConnect connector an adapter listed, if any. */
  findConnectorId(): string | undefined
  now?: () => number
}

/**
 * The WalletConnect pairing as the modal drives it: start (or restart) an attempt, follow its URI, renew the
 * URI when it comes within 10 s of its 4-minute lifetime, and tell a decline from a failure.
 */
export function createWalletConnectPairing({
  connect,
  findConnectorId,
  now = Date.now,
}: WalletConnectPairingDependencies) {
  const store: Store<PairingState> = createStore<PairingState>({ status: 'idle' })
  let attempt = 0
  let renewTimer: ReturnType<typeof setTimeout> | undefined

  function scheduleRenewal(mine: number, createdAt: number) {
    clearTimeout(renewTimer)
    renewTimer = setTimeout(
      () => {
        if (mine === attempt && store.getState().status === 'pairing') start(store.getState().wallet)
      },
      msUntilPairingRenewal(createdAt, now()),
    )
  }

  /** Starts a pairing (a new URI); a pending one is replaced. */
  function start(wallet?: RecentWallet) {
    const mine = ++attempt
    clearTimeout(renewTimer)
    const connectorId = findConnectorId()
    if (!connectorId) {
      store.setState({
        status: 'failed',
        wallet,
        uri: undefined,
        createdAt: undefined,
        error: new ConnectorNotFoundError({ connectorId: 'walletConnect' }),
      })
      return
    }
    store.setState({ status: 'pairing', wallet, uri: undefined, createdAt: undefined, error: undefined })
    connect(connectorId, {
      recentWallet: wallet,
      onUri(uri) {
        if (mine !== attempt) return
        const createdAt = now()
        store.setState({ uri, createdAt })
        scheduleRenewal(mine, createdAt)
      },
    }).then(
      () => {
        if (mine !== attempt) return
        clearTimeout(renewTimer)
        store.setState({ status: 'connected' })
      },
      (error: unknown) => {
        if (mine !== attempt) return // a renewed pairing replaced this attempt
        clearTimeout(renewTimer)
        store.setState({
          status: isUserRejection(error) ? 'declined' : 'failed',
          error,
          uri: undefined,
          createdAt: undefined,
        })
      },
    )
  }

  /** Stops following the attempt (the view closed); the URI is dropped. */
  function cancel() {
    attempt++
    clearTimeout(renewTimer)
    store.setState({ status: 'idle', uri: undefined, createdAt: undefined, error: undefined })
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start,
    cancel,
    /** Disconnect: the link and the stored deep-link choice are forgotten. */
    reset() {
      cancel()
      store.setState({ wallet: undefined })
      setStoredDeepLink(undefined)
    },
  }
}

export type WalletConnectPairing = ReturnType<typeof createWalletConnectPairing>

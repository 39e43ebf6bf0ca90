import type { ChainAdapter } from '../adapter/adapter.ts'
import type { ApiClient } from '../api/apiClient.ts'
import type { FoyerState } from '../client/state.ts'
import { isUserRejection } from '../errors/errors.ts'
import type { EmitEvent } from '../events/events.ts'
import type { BaseMessageKey } from '../locale/en.ts'
import { enSiwe } from '../locale/enSiwe.ts'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options/options.ts'
import type { RouteData, ViewName } from '../router/views.ts'
import type { SnackbarMessage, SnackbarVariant } from '../snackbar/snackbar.ts'
import type { Store } from '../store/createStore.ts'
import { SiweUnavailableError } from './siweClientErrors.ts'
import { createSiweSource, type SiweSource } from './siweSource.ts'
import type { SiweOption, SiweSession, SiweState } from './siweTypes.ts'

/** How long a signed message stays valid (its `expirationTime`); the Foyer server caps sessions at 24 h too. */
export const SIWE_MESSAGE_LIFETIME_MS = 24 * 60 * 60 * 1000

/** What the controller uses of the Foyer client (the client builds it; tests can too). */
export type SiweHost = {
  siwe: SiweOption
  options: ResolvedOptions
  api?: ApiClient
  store: Store<FoyerState>
  logger: Logger
  adapterFor(namespace: 'eip155'): ChainAdapter | undefined
  open(parameters: { view?: ViewName; data?: RouteData }): void
  navigate: { reset(view: ViewName): void }
  showSnackbar(variant: SnackbarVariant, message: SnackbarMessage): void
  /** Disconnects the wallet and leaves the modal open on Connect (so the snackbar's reason is seen). */
  disconnect(): Promise<void>
  emit: EmitEvent
  /** Where the message's domain and uri come from (the page). */
  location?: { host: string; origin: string }
}

export type SiweController = ReturnType<typeof createSiweController>

const chainIdOf = (networkId: string | undefined) =>
  networkId?.startsWith('eip155:') ? Number(networkId.slice('eip155:'.length)) : undefined
const sameAddress = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase()

/**
 * Sign-in with Ethereum over the Foyer client. It follows the account: a connected EVM account that is signed out is
 * asked to sign (ConnectingSiwe); a signed message verified by the backend signs it in (then Account); a decline or a
 * cancel disconnects with the reason in the snackbar; a disconnect, another account or another network signs out
 * (each per the site's options), and the modal asks again for the new account or chain.
 * Loaded as a chunk of its own, only when the site sets `siwe`.
 */
export function createSiweController(
  host: SiweHost,
  source: SiweSource = createSiweSource(host.siwe, { api: host.api, projectId: host.options.projectId }),
) {
  const { store, logger } = host
  const get = store.getState
  const setSiwe = (siwe: SiweState) => store.setState({ siwe })
  let askTimer: ReturnType<typeof setTimeout> | undefined
  let disposed = false

  /** Reads the stored session (the Foyer server's token, or the site's `getSession`) and applies the rules. */
  async function start() {
    let session: SiweSession | null = null
    try {
      session = await source.getSession()
    } catch (error) {
      logger.error('siwe: reading the session', error)
    }
    if (disposed) return
    // A sign-in that finished while the session was read wins.
    if (get().siwe.status === 'checking') setSiwe(session ? { status: 'signed-in', session } : { status: 'signed-out' })
    reconcile()
  }

  const unsubscribe = store.subscribe((state, previous) => {
    const status = state.siwe.status
    if (status === 'checking' || status === 'disabled') return
    const was = previous.account
    const now = state.account
    if (was.isConnected && !now.isConnected) {
      clearTimeout(askTimer)
      if (status === 'signed-in' && source.behaviour.signOutOnDisconnect) void signOut()
      return
    }
    if (
      now.isConnected &&
      (!was.isConnected ||
        was.address !== now.address ||
        previous.network.walletNetworkId !== state.network.walletNetworkId ||
        previous.network.unsupported !== state.network.unsupported ||
        previous.modal.loading !== state.modal.loading)
    )
      reconcile()
  })

  /** Compares the session with the connected account and chain: signs out per the options, asks to sign when needed. */
  function reconcile() {
    const { account, network, siwe, modal, router } = get()
    if (disposed || !account.isConnected || network.activeChain !== 'eip155') return
    if (siwe.status === 'signed-in' && siwe.session) {
      const chainId = chainIdOf(network.walletNetworkId)
      const otherAccount = !sameAddress(siwe.session.address, account.address)
      const otherChain = !network.unsupported && chainId !== undefined && chainId !== siwe.session.chainId
      if (
        (otherAccount && source.behaviour.signOutOnAccountChange) ||
        (otherChain && source.behaviour.signOutOnNetworkChange)
      ) {
        void signOut().then(reconcile)
        return
      }
      // Signed in while the view still asks (the stored session arrived after a connect): on to Account.
      if (modal.open && router.view === 'ConnectingSiwe') host.navigate.reset('Account')
      return
    }
    if (siwe.status === 'signed-out') askSoon()
  }

  /**
   * Opens ConnectingSiwe on the next turn, once nothing else moves the modal: a network switch in progress
   * (`loading`) finishes first and returns to its view, then the sign-in opens.
   */
  function askSoon() {
    clearTimeout(askTimer)
    askTimer = setTimeout(() => {
      const { account, network, siwe, modal, router } = get()
      if (disposed || !account.isConnected || network.activeChain !== 'eip155' || network.unsupported) return
      if (siwe.status !== 'signed-out' || modal.loading) return
      if (modal.open && router.view === 'ConnectingSiwe') return
      host.open({ view: 'ConnectingSiwe' })
    }, 0)
  }

  /**
   * The message's statement in the modal's language. Filled here rather than with `createTranslate`: importing the
   * locale module into this chunk made the bundler split it out of the page's entry (one more start-up file).
   */
  function statement(name: string) {
    const template = (get().catalogue as Partial<Record<string, string>>)['siwe.statement'] ?? enSiwe['siwe.statement']
    return template.replaceAll('{name}', name)
  }

  /** Builds the EIP-4361 message, has the wallet sign it and the backend verify it. */
  async function signIn(): Promise<SiweSession> {
    const { account, network, siwe } = get()
    const chainId = chainIdOf(network.walletNetworkId)
    const adapter = host.adapterFor('eip155')
    if (!account.isConnected || !account.address || chainId === undefined || network.activeChain !== 'eip155')
      throw new SiweUnavailableError({ details: 'No connected EVM account' })
    if (!adapter?.signMessage) throw new SiweUnavailableError({ details: 'The EVM adapter cannot sign messages' })
    if (siwe.status === 'signing') throw new SiweUnavailableError({ details: 'A sign-in is already in progress' })
    setSiwe({ status: 'signing' })
    try {
      const nonce = await source.getNonce(account.address)
      const page = host.location ?? window.location
      const issuedAt = new Date()
      const message = source.createMessage({
        domain: page.host,
        uri: page.origin,
        address: account.address as `0x${string}`, // EIP-55: the EVM adapter reports wagmi's checksummed address
        chainId,
        nonce,
        version: '1',
        statement: statement(host.options.metadata?.name ?? page.host),
        issuedAt,
        expirationTime: new Date(issuedAt.getTime() + SIWE_MESSAGE_LIFETIME_MS),
      })
      const signature = await adapter.signMessage({ message })
      const session = await source.verify({ message, signature })
      if (disposed) return session
      setSiwe({ status: 'signed-in', session })
      host.emit('SIWE_AUTH_SUCCESS', { address: session.address, chainId: session.chainId })
      if (get().modal.open && get().router.view === 'ConnectingSiwe') host.navigate.reset('Account')
      reconcile() // the wallet may have moved while it was asked
      return session
    } catch (error) {
      const rejected = isUserRejection(error)
      logger.error('siwe: sign-in', error)
      host.emit('SIWE_AUTH_ERROR', { rejected }, 'error')
      if (rejected) await endConnection('snackbar.siweRejected')
      else setSiwe({ status: 'signed-out' })
      throw error
    }
  }

  /** The person chose not to sign in: the connection ends too (sign-in is what the site asked for). */
  async function cancel() {
    host.emit('SIWE_AUTH_CANCEL')
    await endConnection('snackbar.siweCancelled')
  }

  async function endConnection(key: BaseMessageKey) {
    clearTimeout(askTimer)
    setSiwe({ status: 'signed-out' })
    try {
      await host.disconnect()
    } catch (error) {
      logger.error('siwe: disconnect', error)
    }
    host.showSnackbar('error', { key })
  }

  /** Ends the session here and at the backend (the Foyer server revokes the token). */
  async function signOut() {
    const wasSignedIn = get().siwe.status === 'signed-in'
    setSiwe({ status: 'signed-out' })
    if (wasSignedIn) host.emit('SIWE_SIGN_OUT')
    try {
      await source.signOut()
    } catch (error) {
      logger.error('siwe: sign-out', error)
    }
  }

  return {
    start,
    signIn,
    cancel,
    signOut,
    dispose() {
      disposed = true
      clearTimeout(askTimer)
      unsubscribe()
    },
  }
}

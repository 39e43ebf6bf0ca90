import type { ChainNamespace } from '../networks/networks.ts'
import type { SiweController, SiweHost } from './siweController.ts'

/**
 * The client's side of sign-in with Ethereum, loaded with the page: the controller itself is a chunk of its own,
 * loaded only when the site sets `siwe` (at mount, or on the first `client.siwe` call). `host` is what the
 * controller uses of the client, without `siwe` (taken from `host.options`).
 */
export function createSiweLoader(host: Omit<SiweHost, 'siwe'>) {
  const { options, store, logger } = host
  let controller: Promise<SiweController> | undefined

  function load(): Promise<SiweController> {
    const siwe = options.siwe
    if (!siwe) return Promise.reject(new TypeError('Sign-in is off: set the `siwe` option'))
    controller ??= import('./siweController.ts').then((m) => m.createSiweController({ ...host, siwe }))
    // A chunk that failed to load (a network blip) is asked for again next time.
    controller.catch(() => {
      controller = undefined
    })
    return controller
  }

  return {
    /** A connect on an EVM chain needs a sign-in when `siwe` is set and nobody is signed in. */
    needsSignIn: (namespace: ChainNamespace) =>
      !!options.siwe && namespace === 'eip155' && store.getState().siwe.status !== 'signed-in',
    /** `client.siwe`: what the ConnectingSiwe view and `useSiweSession` call. */
    actions: {
      /** Asks the wallet to sign the EIP-4361 message; the backend verifies it. A decline disconnects. */
      signIn: () => load().then((c) => c.signIn()),
      /** Declines the sign-in: the wallet disconnects (with the reason in the snackbar). */
      cancel: () => load().then((c) => c.cancel()),
      /** Ends the session (the Foyer server revokes its token); the wallet stays connected. */
      signOut: () => load().then((c) => c.signOut()),
    },
    /** At mount: reads the stored session and starts following the account (only with `siwe`). */
    start() {
      if (!options.siwe) return
      load().then(
        (c) => c.start(),
        (error: unknown) => {
          logger.error('siwe: loading', error)
          store.setState({ siwe: { status: 'signed-out' } })
        },
      )
    },
    dispose() {
      void controller?.then((c) => c.dispose())
      controller = undefined
    },
  }
}

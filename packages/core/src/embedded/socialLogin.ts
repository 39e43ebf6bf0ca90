/**
 * Social login and Sign in with Farcaster as the views call them. The frame keeps each flow's token; the site only
 * holds the sign-in URL. For an OAuth provider the modal opens the popup itself inside the person's click
 * (`openSocialPopup`, so blockers allow it), and `socialLogin` then sends it to the provider's page, waits, and
 * watches whether the person closes it. For Farcaster the link goes to `account.farcasterUrl` while the sign-in
 * waits (the view shows it as a QR code and a deep link).
 */
import type { FoyerClient } from '../client/createFoyerClient.ts'
import type { SocialProvider } from '../protocol/features.ts'
import { clearEmailLoginLock, requireEmbeddedWallet } from './emailLogin.ts'
import { EmbeddedWalletError, RequestAbortedError } from './embeddedErrors.ts'
import type { AwaitSocialOptions, EmbeddedRequestOptions, EmbeddedWallet } from './embeddedWallet.ts'
import { SocialLoginCancelledError, SocialPopupBlockedError, SocialPopupClosedError } from './socialLoginErrors.ts'
import { emitSocialLogin, socialConnectMethod } from './socialLoginEvents.ts'

/** What the social steps use of the client (`emit`: their events, when the client has a bus). */
export type SocialLoginClient = Pick<FoyerClient, 'options' | 'connect' | 'store'> & Partial<Pick<FoyerClient, 'emit'>>

/** The window's name: a second click reuses the window the first opened. */
export const SOCIAL_POPUP_NAME = 'foyer-social'
const POPUP_FEATURES = 'popup,width=500,height=640'
/** How often the modal checks whether the person closed the popup. */
export const POPUP_WATCH_MS = 400

type SocialWallet = Required<
  Pick<EmbeddedWallet, 'connectSocial' | 'connectFarcaster' | 'awaitSocial' | 'cancelSocial'>
> &
  EmbeddedWallet

/** The embedded wallet when its adapter offers social login; social sign-in is hidden otherwise. */
export function socialWalletOf(client: Pick<FoyerClient, 'options'>): SocialWallet | undefined {
  for (const adapter of client.options.adapters) {
    const wallet = adapter.embeddedWallet
    if (wallet?.connectSocial && wallet.connectFarcaster && wallet.awaitSocial && wallet.cancelSocial)
      return wallet as SocialWallet
  }
  return undefined
}

function requireSocialWallet(client: Pick<FoyerClient, 'options'>): SocialWallet {
  requireEmbeddedWallet(client)
  const wallet = socialWalletOf(client)
  if (!wallet) throw new EmbeddedWalletError({ code: 'not_available' })
  return wallet
}

/**
 * Opens the (blank) sign-in window. Call it synchronously in the click handler: a window opened later, after an
 * await, is what pop-up blockers stop. Null when the browser blocked it.
 */
export function openSocialPopup(open: typeof window.open = window.open.bind(window)): Window | null {
  try {
    return open('', SOCIAL_POPUP_NAME, POPUP_FEATURES)
  } catch {
    return null
  }
}

export type SocialLoginParameters = {
  provider: SocialProvider
  /** What `openSocialPopup` returned in the click (null: blocked). */
  popup: Window | null
}

/**
 * A sign-in with an OAuth provider through the popup: asks the frame for the provider's page and sends the popup
 * there, waits for the frame to finish (it polls its server), connects the embedded wallet's connector and closes
 * the popup. Throws `SocialPopupBlockedError` for a null popup, `SocialPopupClosedError` when the person closed it
 * before finishing (after the frame's last check), and the frame's typed ends (`SocialLoginCancelledError`,
 * `SocialLoginFailedError`, `SocialLoginExpiredError`, `SocialProviderUnavailableError`).
 */
export async function socialLogin(
  client: SocialLoginClient,
  { provider, popup }: SocialLoginParameters,
  options: AwaitSocialOptions = {},
): Promise<void> {
  await withSocialEvents(client, provider, () => popupLogin(client, provider, popup, options))
}

/**
 * Runs a step of a sign-in with its events: `SOCIAL_LOGIN_START` first when `start`, `SOCIAL_LOGIN_ERROR` when it
 * fails, `SOCIAL_LOGIN_SUCCESS` when it connected (`end`).
 */
async function withSocialEvents<result>(
  client: Partial<Pick<FoyerClient, 'emit'>>,
  provider: string,
  run: () => Promise<result>,
  { start = true, end = true } = {},
): Promise<result> {
  const events = client.emit ? { emit: client.emit } : undefined
  if (events && start) emitSocialLogin(events, 'start', provider)
  let value: result
  try {
    value = await run()
  } catch (error) {
    if (events) emitSocialLogin(events, 'error', provider, error)
    throw error
  }
  if (events && end) emitSocialLogin(events, 'success', provider)
  return value
}

async function popupLogin(
  client: SocialLoginClient,
  provider: SocialProvider,
  popup: Window | null,
  options: AwaitSocialOptions,
) {
  if (!popup) throw new SocialPopupBlockedError()
  const wallet = requireSocialWallet(client)
  let closed = false
  let watch: ReturnType<typeof setInterval> | undefined
  try {
    const { url } = await wallet.connectSocial({ provider }, options)
    if (options.signal?.aborted) throw new RequestAbortedError()
    if (popup.closed) throw new SocialPopupClosedError()
    popup.location.href = url
    watch = setInterval(() => {
      if (!popup.closed || closed) return
      closed = true
      clearInterval(watch)
      void wallet.cancelSocial().catch(() => undefined)
    }, POPUP_WATCH_MS)
    try {
      await wallet.awaitSocial(options)
    } catch (error) {
      if (closed && error instanceof SocialLoginCancelledError) throw new SocialPopupClosedError({ cause: error })
      throw error
    }
    clearInterval(watch)
    await client.connect(wallet.connectorId, { method: socialConnectMethod(provider) })
    clearEmailLoginLock()
  } finally {
    clearInterval(watch)
    // Aborted: the view went away and decides about its window (a re-run of the same view keeps it).
    if (!options.signal?.aborted && !popup.closed) popup.close()
  }
}

/** Starts Sign in with Farcaster: the relay's link, also kept as `account.farcasterUrl` while the sign-in waits. */
export async function startFarcasterLogin(
  client: SocialLoginClient,
  options?: EmbeddedRequestOptions,
): Promise<{ url: string }> {
  const { url } = await withSocialEvents(
    client,
    'farcaster',
    () => requireSocialWallet(client).connectFarcaster(options),
    {
      end: false,
    },
  )
  client.store.setState((s) => ({ account: { ...s.account, farcasterUrl: url } }))
  return { url }
}

/**
 * Waits for the started Farcaster sign-in to end and connects the embedded wallet's connector;
 * `account.farcasterUrl` goes either way.
 */
export async function awaitSocialLogin(client: SocialLoginClient, options?: AwaitSocialOptions): Promise<void> {
  const wallet = requireSocialWallet(client)
  await withSocialEvents(
    client,
    'farcaster',
    async () => {
      try {
        await wallet.awaitSocial(options)
      } finally {
        client.store.setState((s) => ({ account: { ...s.account, farcasterUrl: undefined } }))
      }
      await client.connect(wallet.connectorId, { method: socialConnectMethod('farcaster') })
      clearEmailLoginLock()
    },
    { start: false },
  )
}

/** The person gave up waiting (Cancel, a closed popup): the waiting sign-in rejects. */
export async function cancelSocialLogin(client: Pick<FoyerClient, 'options'>): Promise<void> {
  await socialWalletOf(client)?.cancelSocial()
}

/**
 * The embedded wallet as the site sees it: login steps, the user, and an EIP-1193 provider whose requests go
 * to the secure frame. Safe methods are answered by the frame without asking; not-safe ones make the frame ask
 * the person (the site is told to show it); anything else is refused here and in the frame.
 */
import { type FoyerError, RpcNotAllowedError, UserRejectedRequestError } from '@foyer/core'
import type { SocialProvider } from '@foyer/core/internal'
import { createFrameBus, type FrameBus } from '../bus/frameBus.ts'
import { EmbeddedRpcError, withRpcCode } from '../errors/frameErrors.ts'
import type { EmbeddedUser, EventMessage } from '../messages/messages.ts'
import { classifyRpcMethod } from '../methods/rpcMethods.ts'
import { createEmbeddedSolana } from './embeddedSolana.ts'

export type EmbeddedWalletClientOptions = {
  frameUrl: string
  projectId: string
  loadTimeoutMs?: number
  /** The frame asks to be shown (approval, recovery) or is done. */
  onFrameVisibility?: (visible: boolean, reason?: FrameVisibilityReason) => void
  /**
   * The site called a method that is on neither list, refused here or by the frame (log "Requested RPC call is not
   * allowed", snackbar "Action not allowed"); `error` is what the request then throws.
   */
  onRpcNotAllowed?: (method: string, error: RpcNotAllowedError) => void
}

/** Why the frame asks to be seen: an approval, a recovery code to keep, a social sign-in's own screens. */
export type FrameVisibilityReason = 'approval' | 'recovery' | 'signIn'

type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'
// biome-ignore lint/suspicious/noExplicitAny: EIP-1193 listeners take event-specific arguments (string[], { chainId }); with unknown[] a typed listener would not be accepted
type Listener = (...args: any[]) => void

/** Long waits: the person reads an email, approves in the frame. */
const PERSON_TIMEOUT_MS = 15 * 60 * 1000

export type EmbeddedWalletClient = ReturnType<typeof createEmbeddedWalletClient>
export type EmbeddedProvider = EmbeddedWalletClient['provider']

export function createEmbeddedWalletClient(options: EmbeddedWalletClientOptions) {
  const listeners = new Map<ProviderEvent, Set<Listener>>()
  let user: EmbeddedUser | undefined
  let chainId: number | undefined
  let detachFrame: (() => void) | undefined

  const emit = (event: ProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const solana = createEmbeddedSolana(request)
  /** Every change of who is signed in goes through here, so the Solana part follows the person's address. */
  function setUser(next: EmbeddedUser | undefined) {
    user = next
    solana.setAddress(next?.solanaAddress)
  }

  function onEvent(event: EventMessage) {
    switch (event.type) {
      case 'FRAME_VISIBILITY': {
        const { visible, reason } = event.payload as { visible: boolean; reason?: FrameVisibilityReason }
        options.onFrameVisibility?.(visible, reason)
        return
      }
      case 'ACCOUNT_CHANGED': {
        const { address } = event.payload as { address: `0x${string}` | null }
        if (!address) {
          setUser(undefined)
          emit('accountsChanged', [])
          emit('disconnect', withRpcCode(new Error('The embedded wallet signed out'), 4900))
        } else if (user?.address !== address) {
          if (user) setUser({ ...user, address })
          emit('accountsChanged', [address])
        }
        return
      }
      case 'CHAIN_CHANGED': {
        const next = (event.payload as { chainId: number }).chainId
        if (next !== chainId) {
          chainId = next
          emit('chainChanged', `0x${next.toString(16)}`)
        }
        return
      }
    }
  }

  const bus: FrameBus = createFrameBus({
    frameUrl: options.frameUrl,
    projectId: options.projectId,
    loadTimeoutMs: options.loadTimeoutMs,
    onEvent,
  })

  async function refreshUser(requestedChainId?: number) {
    const result = await bus.request('GET_USER', requestedChainId === undefined ? {} : { chainId: requestedChainId })
    setUser(result.user)
    chainId = result.user.chainId
    return result.user
  }

  /** EIP-1193 request: classified first, so a method on neither list never reaches the frame. */
  async function request(
    { method, params }: { method: string; params?: unknown },
    signal?: AbortSignal,
  ): Promise<unknown> {
    const kind = classifyRpcMethod(method)
    if (kind === 'notAllowed') {
      const error = new RpcNotAllowedError({ method })
      options.onRpcNotAllowed?.(method, error)
      throw error
    }
    switch (method) {
      case 'eth_accounts':
        return user ? [user.address] : []
      case 'eth_requestAccounts': {
        const current = user ?? (await refreshUser())
        return [current.address]
      }
      case 'eth_chainId':
        if (chainId !== undefined) return `0x${chainId.toString(16)}`
        break
      case 'wallet_switchEthereumChain': {
        const [{ chainId: hex }] = (params ?? [{}]) as [{ chainId: string }]
        const target = Number.parseInt(String(hex), 16)
        const result = await bus.request('SWITCH_NETWORK', { chainId: target })
        if (result.chainId !== chainId) {
          chainId = result.chainId
          emit('chainChanged', `0x${result.chainId.toString(16)}`)
        }
        return null
      }
    }
    try {
      const { result } = await bus.request(
        'RPC_REQUEST',
        { method, ...(params === undefined ? {} : { params }) },
        { method, timeoutMs: kind === 'notSafe' ? PERSON_TIMEOUT_MS : undefined, signal },
      )
      return result
    } catch (error) {
      // The frame keeps its own lists and refuses on its own too: the site hears of it the same way.
      if (error instanceof RpcNotAllowedError) options.onRpcNotAllowed?.(method, error)
      throw toProviderError(error as FoyerError)
    }
  }

  const provider = {
    isFoyerEmbedded: true as const,
    request,
    on(event: ProviderEvent, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event: ProviderEvent, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  return {
    bus,
    provider,
    get user() {
      return user
    },
    get chainId() {
      return chainId
    },
    /** The wallet on Solana, as core's `EmbeddedSolanaWallet` (see `embeddedSolana.ts`). */
    solana: solana.wallet,
    connectEmail: (email: string, signal?: AbortSignal) => bus.request('CONNECT_EMAIL', { email }, { signal }),
    /** The frame takes the code in its own screen (the site never sees it); resolves once a right one was entered. */
    async connectOtp(signal?: AbortSignal) {
      // The person reads an email, types the code, maybe a recovery code: their time, not a timeout.
      const result = await bus.request('CONNECT_OTP', {}, { signal, timeoutMs: PERSON_TIMEOUT_MS })
      setUser(result.user)
      chainId = result.user.chainId
      return result.user
    },
    /** Starts a sign-in with an OAuth provider; answers the provider's page (the frame keeps the flow's token). */
    connectSocial: async (provider: SocialProvider, signal?: AbortSignal) =>
      bus.request('CONNECT_SOCIAL', { provider }, { signal }),
    /** Starts Sign in with Farcaster; answers the relay's link. */
    connectFarcaster: async (signal?: AbortSignal) => bus.request('CONNECT_FARCASTER', {}, { signal }),
    /** Waits for the started sign-in to end, linking and the key step included (the person's time, no timeout). */
    async awaitSocial(signal?: AbortSignal) {
      const result = await bus.request('AWAIT_SOCIAL', {}, { signal, timeoutMs: PERSON_TIMEOUT_MS })
      setUser(result.user)
      chainId = result.user.chainId
      return result.user
    },
    /** The person gave up (closed the popup): the frame checks once more, then the waiting sign-in rejects. */
    cancelSocial: async () => void (await bus.request('CANCEL_SOCIAL', {})),
    getUser: refreshUser,
    async isConnected() {
      return (await bus.request('IS_CONNECTED', {})).isConnected
    },
    async signOut() {
      await bus.request('SIGN_OUT', {})
      setUser(undefined)
    },
    getChainId: async () => (await bus.request('GET_CHAIN_ID', {})).chainId,
    async switchNetwork(target: number) {
      const result = await bus.request('SWITCH_NETWORK', { chainId: target })
      chainId = result.chainId
      return result.chainId
    },
    /** The frame confirms the change and takes both codes itself; resolves with the new address. */
    async updateEmail(email: string, signal?: AbortSignal) {
      const result = await bus.request('UPDATE_EMAIL', { email }, { signal, timeoutMs: PERSON_TIMEOUT_MS })
      if (user) setUser({ ...user, email: result.email })
      return result
    },
    /** The frame's devices screen; `signedOut` when the person revoked this device or signed out everywhere. */
    async showDevices(signal?: AbortSignal) {
      const result = await bus.request('SHOW_DEVICES', {}, { signal, timeoutMs: PERSON_TIMEOUT_MS })
      if (result.signedOut) setUser(undefined)
      return result
    },
    syncTheme: (themeMode: 'light' | 'dark', themeVariables?: Record<string, string>) =>
      bus.request('SYNC_THEME', { themeMode, ...(themeVariables && { themeVariables }) }),
    syncDappData: (payload: {
      sdkVersion: string
      locale?: string
      defaultAccountType?: 'eoa' | 'smartAccount'
      metadata?: { name: string; description?: string; url?: string; icons?: string[] }
    }) => bus.request('SYNC_DAPP_DATA', payload),
    getSmartAccountEnabledNetworks: () => bus.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}),
    setPreferredAccount: (type: 'eoa' | 'smartAccount') => bus.request('SET_PREFERRED_ACCOUNT', { type }),
    /** Shows the frame over `element`, following its position until the clean-up runs. */
    attachFrame(element: HTMLElement): () => void {
      detachFrame?.()
      let frame = 0
      let last = ''
      const follow = () => {
        const rect = element.getBoundingClientRect()
        const key = `${rect.left},${rect.top},${rect.width},${rect.height}`
        if (key !== last) {
          last = key
          bus.show(rect)
        }
        frame = requestAnimationFrame(follow)
      }
      follow()
      const detach = () => {
        cancelAnimationFrame(frame)
        bus.hide()
        if (detachFrame === detach) detachFrame = undefined
      }
      detachFrame = detach
      return detach
    },
    abortPendingRequests: () => bus.abortAll(),
    destroy: () => bus.destroy(),
  }
}

/** viem maps EIP-1193 errors by `code`. */
function toProviderError(error: FoyerError): Error {
  if (error instanceof EmbeddedRpcError) return withRpcCode(error, error.rpcCode)
  if (error instanceof UserRejectedRequestError) return withRpcCode(error, 4001)
  return error
}

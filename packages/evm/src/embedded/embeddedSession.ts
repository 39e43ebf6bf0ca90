/**
 * The embedded wallet's frame client, opened, and the wallet's flows on it: this module and `@foyer/embedded` are
 * one chunk, loaded when a person starts an email login or a stored embedded session is restored. The connector in
 * the page only knows when to load it, and hands each flow over to it.
 */
import { RequestAbortedError } from '@foyer/core'
import {
  type AdapterController,
  type EmbeddedWallet,
  type ResolvedOptions,
  resolveThemeMode,
  SDK_VERSION,
} from '@foyer/core/internal'
import {
  createEmbeddedWalletClient,
  type EmbeddedWalletClient,
  type EmbeddedWalletClientOptions,
} from '@foyer/embedded'
import { BaseError } from 'viem'

/**
 * Creates the frame client, waits for the frame to answer, and tells it the site's theme, locale, metadata and
 * default account type.
 * A frame that never answers is destroyed and the error rethrown.
 */
async function openEmbeddedClient(
  options: ResolvedOptions,
  callbacks: Pick<EmbeddedWalletClientOptions, 'onFrameVisibility' | 'onRpcNotAllowed'>,
): Promise<EmbeddedWalletClient> {
  const created = createEmbeddedWalletClient({
    frameUrl: options.frameUrl!,
    projectId: options.projectId!,
    ...callbacks,
  })
  try {
    await created.bus.ready
  } catch (error) {
    created.destroy()
    throw error
  }
  const theme = resolveThemeMode(
    options.themeMode,
    typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches,
  )
  void created.syncTheme(theme, options.themeVariables as Record<string, string>).catch(() => {})
  const metadata = options.metadata && {
    name: options.metadata.name,
    ...(options.metadata.description && { description: options.metadata.description }),
    ...(options.metadata.url && { url: options.metadata.url }),
    ...(options.metadata.icons && { icons: options.metadata.icons.slice(0, 5) }),
  }
  const accountType = options.preferredAccountType?.eip155
  void created
    .syncDappData({
      sdkVersion: SDK_VERSION,
      locale: options.locale,
      ...(metadata && { metadata }),
      ...((accountType === 'eoa' || accountType === 'smartAccount') && { defaultAccountType: accountType }),
    })
    .catch(() => {})
  return created
}

const providers = new WeakMap<EmbeddedWalletClient, EmbeddedWalletClient['provider']>()

/**
 * The frame's EIP-1193 provider as viem should see it: viem replaces errors without a JSON-RPC code by "An unknown
 * RPC error occurred", so "Request was aborted" travels as a viem error that keeps its short message.
 */
function viemFacingProvider(embedded: EmbeddedWalletClient): EmbeddedWalletClient['provider'] {
  let provider = providers.get(embedded)
  if (!provider) {
    const inner = embedded.provider
    provider = {
      ...inner,
      async request(args) {
        try {
          return await inner.request(args)
        } catch (error) {
          if (error instanceof RequestAbortedError) throw new BaseError(error.shortMessage, { cause: error })
          throw error
        }
      },
    }
    providers.set(embedded, provider)
  }
  return provider
}

/** The embedded wallet's flows, as core's `EmbeddedWallet` has them, on an opened frame client. */
export type EmbeddedWalletFlows = Required<Omit<EmbeddedWallet, 'connectorId'>> & {
  client: EmbeddedWalletClient
  /** The frame's provider as wagmi and viem get it (see `viemFacingProvider`). */
  provider: EmbeddedWalletClient['provider']
}

/**
 * Opens the frame client for `controller`'s site and answers the embedded wallet's flows on it. The frame asks to be
 * shown for approvals and recovery codes: over the modal (ApproveTransaction), unless a view that already hosts the
 * frame runs the flow (code entry, email change, devices) or a social sign-in waits (its view shows the frame).
 */
export async function openEmbeddedWallet(controller: AdapterController): Promise<EmbeddedWalletFlows> {
  let keepOpen = false
  /** Flows whose screens the frame draws inside a view that already hosts it. */
  let hostedFlows = 0
  /** While a social sign-in waits: the view to tell when the frame has a screen to show (link, recovery code). */
  let onSignInFrame: ((visible: boolean) => void) | undefined
  const client = await openEmbeddedClient(controller.options, {
    onFrameVisibility(visible, reason) {
      keepOpen = visible && reason === 'recovery'
      if (onSignInFrame) return onSignInFrame(visible)
      if (hostedFlows > 0) return // the hosting view already shows the frame: no ApproveTransaction on top
      if (visible) controller.showEmbeddedFrame()
      else controller.hideEmbeddedFrame()
    },
    onRpcNotAllowed: (method, error) => controller.rpcNotAllowed(method, error),
  })

  /** Runs a flow whose screens the frame draws in the view that hosts it. */
  async function hosted<result>(task: () => Promise<result>): Promise<result> {
    hostedFlows++
    try {
      return await task()
    } finally {
      hostedFlows--
    }
  }

  return {
    client,
    provider: viemFacingProvider(client),
    connectEmail: ({ email }, options) => client.connectEmail(email, options?.signal),
    connectOtp: (options) => hosted(async () => void (await client.connectOtp(options?.signal))),
    getEmail: () => client.user?.email ?? undefined,
    updateEmail: ({ email }, options) => hosted(() => client.updateEmail(email, options?.signal)),
    showDevices: (options) => hosted(() => client.showDevices(options?.signal)),
    attachFrame: (container) => client.attachFrame(container),
    abortPendingRequests: () => client.abortPendingRequests(),
    canClose: () => !keepOpen,
    connectSocial: ({ provider }, options) => client.connectSocial(provider, options?.signal),
    connectFarcaster: (options) => client.connectFarcaster(options?.signal),
    async awaitSocial(options) {
      // The frame's sign-in screens (link question, recovery code) show in the waiting view, which hosts the frame.
      const onVisible = (visible: boolean) => options?.onFrameVisible?.(visible)
      onSignInFrame = onVisible
      try {
        await client.awaitSocial(options?.signal)
      } finally {
        if (onSignInFrame === onVisible) onSignInFrame = undefined
      }
    },
    cancelSocial: () => client.cancelSocial(),
    getLogin() {
      const user = client.user
      if (!user?.loginProvider) return undefined
      return {
        provider: user.loginProvider,
        ...(user.userName ? { name: user.userName } : {}),
        ...(user.userAvatar ? { avatarUrl: user.userAvatar } : {}),
        ...(user.fid ? { fid: user.fid } : {}),
      }
    },
    async readAccountType() {
      if (!client.user) return undefined
      const { preferredAccountType, smartAccountDeployed, accounts } = await client.getUser()
      return { preferredAccountType, smartAccountDeployed, accounts }
    },
    getSmartAccountNetworks: async () => (await client.getSmartAccountEnabledNetworks()).smartAccountEnabledNetworks,
    setPreferredAccountType: async (type) => void (await client.setPreferredAccount(type)),
    // The same frame and key on Solana: a Solana adapter signs through it (the frame asks the person first).
    loadSolana: async () => client.solana,
  }
}

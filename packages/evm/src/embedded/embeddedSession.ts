/**
 * The embedded wallet's frame client, opened: this module and `@foyer/embedded` are one chunk, loaded when a person
 * starts an email login or a stored embedded session is restored. The connector in the page only knows when to
 * load it.
 */
import { RequestAbortedError } from '@foyer/core'
import { type ResolvedOptions, resolveThemeMode, SDK_VERSION } from '@foyer/core/internal'
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
export async function openEmbeddedClient(
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
export function viemFacingProvider(embedded: EmbeddedWalletClient): EmbeddedWalletClient['provider'] {
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

import type { ViewName } from '@foyer/core'
import type { ComponentType } from 'react'
import { type ChunkLoader, chunk, ignore } from './chunks.ts'

/** The views a connected account reaches; their imports live in `accountViewLoaders.ts`, a chunk of its own. */
const accountViewNames = [
  'Account',
  'Networks',
  'UnsupportedChain',
  'Activity',
  'Receive',
  'Swap',
  'SwapSelectToken',
  'SwapPreview',
  'Send',
  'SendSelectToken',
  'SendPreview',
  'ConnectingSiwe',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'BuyProviders',
  'BuyCurrencies',
  'BuyAmount',
  'BuyInProgress',
  'ApproveTransaction',
  'UpdateEmail',
  'UpdateEmailConfirm',
  'EmbeddedDevices',
  'AccountSettings',
] as const satisfies readonly ViewName[]
export type AccountViewName = (typeof accountViewNames)[number]

const loadAccountViews = chunk(() => import('./accountViewLoaders.ts'))

/** The views before a connection, imported here: the shell a fresh visitor preloads carries only their imports. */
const entryViewLoaders = {
  Connect: chunk(() => import('../views/connect/ConnectView.tsx').then((m) => m.ConnectView)),
  ConnectingExternal: chunk(() =>
    import('../views/connect/ConnectingExternalView.tsx').then((m) => m.ConnectingExternalView),
  ),
  AllWallets: chunk(() => import('../views/wallets/AllWalletsView.tsx').then((m) => m.AllWalletsView)),
  ConnectingWalletConnect: chunk(() =>
    import('../views/walletconnect/ConnectingWalletConnectView.tsx').then((m) => m.ConnectingWalletConnectView),
  ),
  WhatIsAWallet: chunk(() => import('../views/help/WhatIsAWalletView.tsx').then((m) => m.WhatIsAWalletView)),
  GetWallet: chunk(() => import('../views/wallets/GetWalletView.tsx').then((m) => m.GetWalletView)),
  EmailVerifyOtp: chunk(() => import('../views/email/EmailVerifyOtpView.tsx').then((m) => m.EmailVerifyOtpView)),
  ConnectSocials: chunk(() => import('../views/social/ConnectSocialsView.tsx').then((m) => m.ConnectSocialsView)),
  ConnectingSocial: chunk(() => import('../views/social/ConnectingSocialView.tsx').then((m) => m.ConnectingSocialView)),
  ConnectingFarcaster: chunk(() =>
    import('../views/social/ConnectingFarcasterView.tsx').then((m) => m.ConnectingFarcasterView),
  ),
} satisfies Record<Exclude<ViewName, AccountViewName>, ChunkLoader<ComponentType>>

/** The account views, each reached through the account views' map (`accountViewImports`, total over them). */
const accountViewLoaders = Object.fromEntries(
  accountViewNames.map((view) => [view, chunk(() => loadAccountViews().then((m) => m.accountViewImports[view]()))]),
) as Record<AccountViewName, ChunkLoader<ComponentType>>

/**
 * One chunk per view, imported from the shell's chunk (only the shell imports this module; views reach
 * `preloadView` through `usePreloadViews`). Total over `ViewName`: a view name without a view does not compile
 * (the entry views' map must name every view that is not an account view).
 */
export const viewLoaders: Record<ViewName, ChunkLoader<ComponentType>> = { ...entryViewLoaders, ...accountViewLoaders }

/** Starts fetching a view's chunk; safe to call often (and with a name from untyped JavaScript, which has none). */
export function preloadView(view: ViewName) {
  viewLoaders[view]?.().catch(ignore)
}

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
] as const satisfies readonly ViewName[]
export type AccountViewName = (typeof accountViewNames)[number]

const loadAccountViews = chunk(() => import('./accountViewLoaders.ts'))

/**
 * One chunk per feature view, imported from the shell's chunk (only the shell imports this module; views reach
 * `preloadView` through `usePreloadViews`). The views before a connection are imported here; the others through
 * the account views' map, so the shell a fresh visitor preloads does not carry their import lists.
 */
export const viewLoaders: Partial<Record<ViewName, ChunkLoader<ComponentType>>> = {
  Connect: chunk(() => import('../views/connect/ConnectView.tsx').then((m) => m.ConnectView)),
  ConnectingExternal: chunk(() =>
    import('../views/connect/ConnectingExternalView.tsx').then((m) => m.ConnectingExternalView),
  ),
  AllWallets: chunk(() => import('../views/wallets/AllWalletsView.tsx').then((m) => m.AllWalletsView)),
  ConnectingWalletConnect: chunk(() =>
    import('../views/walletconnect/ConnectingWalletConnectView.tsx').then((m) => m.ConnectingWalletConnectView),
  ),
  WhatIsAWallet: chunk(() => import('../views/help/WhatIsAWalletView.tsx').then((m) => m.WhatIsAWalletView)),
  EmailVerifyOtp: chunk(() => import('../views/email/EmailVerifyOtpView.tsx').then((m) => m.EmailVerifyOtpView)),
}
for (const view of accountViewNames)
  viewLoaders[view] = chunk(() => loadAccountViews().then((m) => m.accountViewImports[view]()))

/** Starts fetching a view's chunk; safe to call often. */
export function preloadView(view: ViewName) {
  viewLoaders[view]?.().catch(ignore)
}

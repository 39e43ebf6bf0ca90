import type { ViewName } from '@foyer/core'
import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react'

/** A dynamic import that runs once, remembers its result (so a loaded chunk renders without suspending) and can retry. */
export type ChunkLoader<value> = { (): Promise<value>; loaded?: value }

function chunk<value>(importer: () => Promise<value>): ChunkLoader<value> {
  let pending: Promise<value> | undefined
  const load: ChunkLoader<value> = () =>
    (pending ??= importer().then(
      (value) => (load.loaded = value),
      (error: unknown) => {
        pending = undefined // a failed chunk (offline, new deploy) is fetched again next time
        throw error
      },
    ))
  return load
}

/** The modal shell: dialog, header, snackbar, styles. Loaded on first open or when the browser is idle. */
export const loadModalShell = chunk(() => import('./ModalShell.tsx').then((m) => m.ModalShell))

/** One chunk per feature view. Only the import thunks live in the entry. */
export const viewLoaders: Partial<Record<ViewName, ChunkLoader<ComponentType>>> = {
  Connect: chunk(() => import('../views/connect/ConnectView.tsx').then((m) => m.ConnectView)),
  ConnectingExternal: chunk(() => import('../views/connect/ConnectingExternalView.tsx').then((m) => m.ConnectingExternalView)),
  AllWallets: chunk(() => import('../views/wallets/AllWalletsView.tsx').then((m) => m.AllWalletsView)),
  ConnectingWalletConnect: chunk(() => import('../views/walletconnect/ConnectingWalletConnectView.tsx').then((m) => m.ConnectingWalletConnectView)),
  WhatIsAWallet: chunk(() => import('../views/help/WhatIsAWalletView.tsx').then((m) => m.WhatIsAWalletView)),
  EmailVerifyOtp: chunk(() => import('../views/email/EmailVerifyOtpView.tsx').then((m) => m.EmailVerifyOtpView)),
  EmailVerifyDevice: chunk(() => import('../views/email/EmailVerifyDeviceView.tsx').then((m) => m.EmailVerifyDeviceView)),
  ApproveTransaction: chunk(() => import('../views/email/ApproveTransactionView.tsx').then((m) => m.ApproveTransactionView)),
  UpdateEmail: chunk(() => import('../views/email/UpdateEmailViews.tsx').then((m) => m.UpdateEmailView)),
  UpdateEmailPrimaryOtp: chunk(() => import('../views/email/UpdateEmailViews.tsx').then((m) => m.UpdateEmailPrimaryOtpView)),
  UpdateEmailSecondaryOtp: chunk(() => import('../views/email/UpdateEmailViews.tsx').then((m) => m.UpdateEmailSecondaryOtpView)),
  Account: chunk(() => import('../views/account/AccountView.tsx').then((m) => m.AccountView)),
  Networks: chunk(() => import('../views/networks/NetworksView.tsx').then((m) => m.NetworksView)),
  Activity: chunk(() => import('../views/activity/ActivityView.tsx').then((m) => m.ActivityView)),
  UnsupportedChain: chunk(() => import('../views/networks/UnsupportedChainView.tsx').then((m) => m.UnsupportedChainView)),
  Swap: chunk(() => import('../views/swap/SwapView.tsx').then((m) => m.SwapView)),
  SwapSelectToken: chunk(() => import('../views/swap/SwapSelectTokenView.tsx').then((m) => m.SwapSelectTokenView)),
  SwapPreview: chunk(() => import('../views/swap/SwapPreviewView.tsx').then((m) => m.SwapPreviewView)),
  Send: chunk(() => import('../views/send/SendView.tsx').then((m) => m.SendView)),
  SendSelectToken: chunk(() => import('../views/send/SendSelectTokenView.tsx').then((m) => m.SendSelectTokenView)),
  SendPreview: chunk(() => import('../views/send/SendPreviewView.tsx').then((m) => m.SendPreviewView)),
  Receive: chunk(() => import('../views/receive/ReceiveView.tsx').then((m) => m.ReceiveView)),
}

/** The Account view's token list with USD values (only with a Foyer server): its own chunk. */
export const loadAccountTokens = chunk(() => import('../views/tokens/AccountTokens.tsx').then((m) => m.AccountTokens))

const ignore = () => {}

/** Starts fetching the shell and, when given, a view; safe to call often. */
export function preloadModal(view?: ViewName) {
  loadModalShell().catch(ignore)
  if (view) viewLoaders[view]?.().catch(ignore)
}

/** Preloads views the current one leads to, once the browser is idle. */
export function preloadViewsWhenIdle(views: readonly ViewName[]): () => void {
  return whenIdle(() => {
    for (const view of views) viewLoaders[view]?.().catch(ignore)
  })
}

export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(task, 200)
  return () => clearTimeout(id)
}

const lazyComponents = new WeakMap<ChunkLoader<ComponentType<any>>, LazyExoticComponent<ComponentType<any>>>()

function lazyFor<props>(load: ChunkLoader<ComponentType<props>>): LazyExoticComponent<ComponentType<props>> {
  let component = lazyComponents.get(load)
  if (!component) {
    component = lazy(() =>
      load().then(
        (value) => ({ default: value }),
        (error: unknown) => {
          lazyComponents.delete(load) // React.lazy keeps a rejection forever: make a new one for the retry
          throw error
        },
      ),
    )
    lazyComponents.set(load, component)
  }
  return component as LazyExoticComponent<ComponentType<props>>
}

/**
 * The component a chunk exports: directly when already loaded (no Suspense fallback flashes), else via
 * `React.lazy`. The choice is pinned per mount so the subtree never remounts when the chunk arrives.
 */
export function useChunkComponent<props>(load: ChunkLoader<ComponentType<props>>): ComponentType<props> {
  const [component] = useState<ComponentType<props>>(() => load.loaded ?? lazyFor(load))
  return component
}

import type { ViewName } from '@foyer/core'
import type { ComponentType } from 'react'
import { type ChunkLoader, chunk, ignore } from './chunks.ts'

/**
 * One chunk per feature view, imported from the shell's chunk (only the shell imports this module; views reach
 * `preloadView` through `usePreloadViews`).
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
  ApproveTransaction: chunk(() =>
    import('../views/email/ApproveTransactionView.tsx').then((m) => m.ApproveTransactionView),
  ),
  UpdateEmail: chunk(() => import('../views/email/UpdateEmailViews.tsx').then((m) => m.UpdateEmailView)),
  UpdateEmailConfirm: chunk(() => import('../views/email/UpdateEmailViews.tsx').then((m) => m.UpdateEmailConfirmView)),
  EmbeddedDevices: chunk(() => import('../views/email/EmbeddedDevicesView.tsx').then((m) => m.EmbeddedDevicesView)),
  Account: chunk(() => import('../views/account/AccountView.tsx').then((m) => m.AccountView)),
  Networks: chunk(() => import('../views/networks/NetworksView.tsx').then((m) => m.NetworksView)),
  Activity: chunk(() => import('../views/activity/ActivityView.tsx').then((m) => m.ActivityView)),
  UnsupportedChain: chunk(() =>
    import('../views/networks/UnsupportedChainView.tsx').then((m) => m.UnsupportedChainView),
  ),
  Swap: chunk(() => import('../views/swap/SwapView.tsx').then((m) => m.SwapView)),
  SwapSelectToken: chunk(() => import('../views/swap/SwapSelectTokenView.tsx').then((m) => m.SwapSelectTokenView)),
  SwapPreview: chunk(() => import('../views/swap/SwapPreviewView.tsx').then((m) => m.SwapPreviewView)),
  Send: chunk(() => import('../views/send/SendView.tsx').then((m) => m.SendView)),
  SendSelectToken: chunk(() => import('../views/send/SendSelectTokenView.tsx').then((m) => m.SendSelectTokenView)),
  SendPreview: chunk(() => import('../views/send/SendPreviewView.tsx').then((m) => m.SendPreviewView)),
  Receive: chunk(() => import('../views/receive/ReceiveView.tsx').then((m) => m.ReceiveView)),
  ConnectingSiwe: chunk(() => import('../views/siwe/ConnectingSiweView.tsx').then((m) => m.ConnectingSiweView)),
  RegisterAccountName: chunk(() =>
    import('../views/names/RegisterAccountNameView.tsx').then((m) => m.RegisterAccountNameView),
  ),
  RegisterAccountNameSuccess: chunk(() =>
    import('../views/names/RegisterAccountNameSuccessView.tsx').then((m) => m.RegisterAccountNameSuccessView),
  ),
  BuyProviders: chunk(() => import('../views/buy/BuyProvidersView.tsx').then((m) => m.BuyProvidersView)),
  BuyCurrencies: chunk(() => import('../views/buy/BuyCurrenciesView.tsx').then((m) => m.BuyCurrenciesView)),
  BuyAmount: chunk(() => import('../views/buy/BuyAmountView.tsx').then((m) => m.BuyAmountView)),
  BuyInProgress: chunk(() => import('../views/buy/BuyInProgressView.tsx').then((m) => m.BuyInProgressView)),
}

/** Starts fetching a view's chunk; safe to call often. */
export function preloadView(view: ViewName) {
  viewLoaders[view]?.().catch(ignore)
}

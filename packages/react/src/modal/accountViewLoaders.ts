import type { ComponentType } from 'react'
import type { AccountViewName } from './viewLoaders.ts'

/**
 * The views a connected account reaches, one chunk each. This map is a chunk of its own, fetched the first time
 * one of them is wanted (or when the browser is idle with an account connected): a visitor who has not connected
 * never downloads these views' import lists.
 */
export const accountViewImports: Record<AccountViewName, () => Promise<ComponentType>> = {
  Account: () => import('../views/account/AccountView.tsx').then((m) => m.AccountView),
  Networks: () => import('../views/networks/NetworksView.tsx').then((m) => m.NetworksView),
  UnsupportedChain: () => import('../views/networks/UnsupportedChainView.tsx').then((m) => m.UnsupportedChainView),
  Activity: () => import('../views/activity/ActivityView.tsx').then((m) => m.ActivityView),
  Receive: () => import('../views/receive/ReceiveView.tsx').then((m) => m.ReceiveView),
  Swap: () => import('../views/swap/SwapView.tsx').then((m) => m.SwapView),
  SwapSelectToken: () => import('../views/swap/SwapSelectTokenView.tsx').then((m) => m.SwapSelectTokenView),
  SwapPreview: () => import('../views/swap/SwapPreviewView.tsx').then((m) => m.SwapPreviewView),
  Send: () => import('../views/send/SendView.tsx').then((m) => m.SendView),
  SendSelectToken: () => import('../views/send/SendSelectTokenView.tsx').then((m) => m.SendSelectTokenView),
  SendPreview: () => import('../views/send/SendPreviewView.tsx').then((m) => m.SendPreviewView),
  ConnectingSiwe: () => import('../views/siwe/ConnectingSiweView.tsx').then((m) => m.ConnectingSiweView),
  RegisterAccountName: () =>
    import('../views/names/RegisterAccountNameView.tsx').then((m) => m.RegisterAccountNameView),
  RegisterAccountNameSuccess: () =>
    import('../views/names/RegisterAccountNameSuccessView.tsx').then((m) => m.RegisterAccountNameSuccessView),
  BuyProviders: () => import('../views/buy/BuyProvidersView.tsx').then((m) => m.BuyProvidersView),
  BuyCurrencies: () => import('../views/buy/BuyCurrenciesView.tsx').then((m) => m.BuyCurrenciesView),
  BuyAmount: () => import('../views/buy/BuyAmountView.tsx').then((m) => m.BuyAmountView),
  BuyInProgress: () => import('../views/buy/BuyInProgressView.tsx').then((m) => m.BuyInProgressView),
  ApproveTransaction: () => import('../views/email/ApproveTransactionView.tsx').then((m) => m.ApproveTransactionView),
  UpdateEmail: () => import('../views/email/UpdateEmailViews.tsx').then((m) => m.UpdateEmailView),
  UpdateEmailConfirm: () => import('../views/email/UpdateEmailViews.tsx').then((m) => m.UpdateEmailConfirmView),
  EmbeddedDevices: () => import('../views/email/EmbeddedDevicesView.tsx').then((m) => m.EmbeddedDevicesView),
  AccountSettings: () => import('../views/account/AccountSettingsView.tsx').then((m) => m.AccountSettingsView),
}

/**
 * Every view the modal can show, and so every name `open({ view })` and `navigate` accept. A view joins this type
 * when it is built: @foyer/react's map from name to view is total over it, so a name without a view does not compile.
 */
export type ViewName =
  | 'Connect'
  | 'Account'
  | 'UnsupportedChain'
  | 'Networks'
  | 'ConnectingSiwe'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'AllWallets'
  | 'ConnectingWalletConnect'
  | 'ConnectingExternal'
  | 'EmailVerifyOtp'
  | 'Activity'
  | 'Receive'
  | 'Swap'
  | 'SwapSelectToken'
  | 'SwapPreview'
  | 'Send'
  | 'SendSelectToken'
  | 'SendPreview'
  | 'BuyProviders'
  | 'BuyCurrencies'
  | 'BuyAmount'
  | 'BuyInProgress'
  | 'ApproveTransaction'
  | 'WhatIsAWallet'
  | 'GetWallet'
  | 'UpdateEmail'
  | 'UpdateEmailConfirm'
  | 'EmbeddedDevices'
  | 'ConnectSocials'
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'AccountSettings'

/** What a view was opened with (which wallet is connecting, and so on). */
export type RouteData = {
  connectorId?: string
  walletId?: string
  /** Email login and update: the address the code was sent to. */
  email?: string
  /** ConnectingSocial: the provider the person chose (an id of `LOGIN_PROVIDERS`). */
  socialProvider?: string
}

export type RouterState = {
  view: ViewName
  history: ViewName[]
  data: RouteData
}

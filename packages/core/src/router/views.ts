/** Every view of the modal: the ones a visitor reaches first, then the account, wallet, swap, send and Buy views. */
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
  | 'EmailLogin'
  | 'EmailVerifyOtp'
  | 'ConnectingSocial'
  | 'ConnectingFarcaster'
  | 'AccountSettings'
  | 'Tokens'
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

/** What a view was opened with (which wallet is connecting, and so on). */
export type RouteData = {
  connectorId?: string
  walletId?: string
  /** Email login and update: the address the code was sent to. */
  email?: string
}

export type RouterState = {
  view: ViewName
  history: ViewName[]
  data: RouteData
}

/** English is the source catalogue: every visible string of Foyer has a key here. */
export const en = {
  // Modal chrome
  'modal.close': 'Close',
  'modal.back': 'Back',
  'modal.loading': 'Loading…',
  'modal.loadFailed': 'This screen could not be loaded.',
  'modal.retry': 'Try again',
  // Buttons
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.network': 'Network',
  'button.unsupportedNetwork': 'Wrong network',
  // Views' titles
  'view.Connect': 'Connect Wallet',
  'view.ConnectingExternal': '{name}',
  'view.Account': 'Account',
  'view.Networks': 'Choose Network',
  'view.UnsupportedChain': 'Switch Network',
  'view.WhatIsAWallet': 'What is a wallet?',
  // Connect
  'connect.installed': 'Installed',
  'connect.noWallets': 'No browser wallet found. Install one, then reload this page.',
  'connect.whatIsAWallet': 'What is a wallet?',
  'connect.walletListLabel': 'Wallets',
  // Connecting
  'connecting.continueInWallet': 'Continue in {name}',
  'connecting.acceptRequest': 'Accept the connection request in your wallet',
  'connecting.declined': 'Connection declined',
  'connecting.declinedDetail': 'The connection was declined in the wallet.',
  'connecting.failed': 'Connection failed',
  'connecting.retry': 'Try again',
  // Account
  'account.copyAddress': 'Copy address',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'account.explorer': 'Block explorer',
  'account.disconnect': 'Disconnect',
  'account.network': 'Network',
  'account.balance': 'Balance',
  // Networks
  'networks.listLabel': 'Networks',
  'networks.switching': 'Approve the network switch in your wallet',
  'networks.switchFailed': 'Network switch failed',
  'networks.active': 'Connected',
  // UnsupportedChain
  'unsupported.message': 'This network is not supported by the site. Switch to one of these networks:',
  'unsupported.disconnect': 'Disconnect',
  // What is a wallet
  'whatIsAWallet.body':
    'A wallet lets you hold digital assets and sign in to sites without a password. Install a browser wallet or use one on your phone, then come back here to connect.',
  // Snackbar messages from the specification
  'snackbar.failedToFetchTransactions': 'Failed to fetch transactions',
  'snackbar.failedToInitializeSwap': 'Failed to initialize swap',
  'snackbar.failedToFetchNetworkTokenPrice': 'Failed to fetch network token price',
  'snackbar.failedToCheckAllowance': 'Failed to check allowance',
  'snackbar.failedToCreateApprovalTransaction': 'Failed to create approval transaction',
  'snackbar.failedToCreateTransaction': 'Failed to create transaction',
  'snackbar.transactionError': 'Transaction error',
  'snackbar.somethingWentWrong': 'Something went wrong',
  'snackbar.failedToSendTransaction': 'Failed to send transaction. Please try again.',
  'snackbar.failedToFetchTokenBalance': 'Failed to fetch token balance',
  'snackbar.failedToDisconnect': 'Failed to disconnect',
  'snackbar.errorResolvingName': 'Error resolving name',
  'snackbar.errorFetchingNameSuggestions': 'Error fetching name suggestions',
  'snackbar.errorFetchingNamesForAddress': 'Error fetching names for address',
  'snackbar.errorRegisteringName': 'Error registering name',
  'snackbar.unableToLoadEmailLogin': 'Unable to load email login dependency',
  'snackbar.requestAborted': 'Request was aborted',
  'snackbar.anErrorOccurred': 'An error occurred',
  'snackbar.approveLimitIncrease': 'Approve limit increase in your wallet',
  'snackbar.confirmTransaction': 'Confirm transaction in your wallet',
  'snackbar.swapping': 'Swapping {from} to {to}',
  'snackbar.swapped': 'Swapped {from} to {to}',
  'snackbar.transactionStarted': 'Transaction started',
  'snackbar.networkSwitched': 'Switched to {name}',
  // Errors (shortMessage keys)
  'error.chainRequired': 'Chain is required',
  'error.chainAdapterNotFound': 'Chain adapter not found',
  'error.clientNotSet': 'client not set',
  'error.unsupportedChain': 'Unsupported chain',
  'error.httpStatus': 'HTTP status code {status}',
  'error.userRejected': 'Request rejected in the wallet',
  'error.connectorNotFound': 'Wallet not found',
  'error.insufficientBalance': 'Insufficient balance',
  'error.noSwapAddress': 'No address found to swap the tokens from',
  'error.solanaSendInput': 'Please enter a valid amount and receiver address',
  'error.emailRateLimited': 'Please try again after {seconds} seconds',
  'error.rpcNotAllowed': 'Requested RPC call is not allowed',
  'error.actionNotAllowed': 'Action not allowed',
  // Language
  'locale.label': 'Language',
} as const

export type MessageKey = keyof typeof en
export type Catalogue = Record<MessageKey, string>

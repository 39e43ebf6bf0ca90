import type { CaipNetworkId } from '../networks/networks.ts'
import type { WalletToken } from '../wallet-transactions/walletTokens.ts'

/** The send flow's state, plus what the views need. */
export type SendState = {
  status: 'idle' | 'initializing' | 'ready'
  networkId?: CaipNetworkId
  address?: string
  /** The native token and every token the account holds on the network. */
  tokens: WalletToken[]
  token?: WalletToken
  sendTokenAmount: string
  /** The address sent to: as typed, or the address a typed name resolved to ('' until it has). */
  receiverAddress: string
  /** The account name typed as the receiver (a label or a full name), when one was typed instead of an address. */
  receiverName?: string
  /** The typed name's lookup: resolving (the 300 ms pause, then the server), resolved, or error (unknown name). */
  receiverNameStatus?: 'resolving' | 'resolved' | 'error'
  /** The receiver's account name and avatar, from a resolved name. */
  receiverProfileName?: string | null
  receiverProfileImage?: string | null
  /** Wei per gas unit. */
  gasPrice?: bigint
  /** Wei the transfer is estimated to cost. */
  networkCost?: bigint
  sending: boolean
}

// Every optional key is listed (as undefined): the store merges updates, so a reset must name what it clears.
export const initialSendState: { [key in keyof Required<SendState>]: SendState[key] } = {
  status: 'idle',
  networkId: undefined,
  address: undefined,
  tokens: [],
  token: undefined,
  sendTokenAmount: '',
  receiverAddress: '',
  receiverName: undefined,
  receiverNameStatus: undefined,
  receiverProfileName: undefined,
  receiverProfileImage: undefined,
  gasPrice: undefined,
  networkCost: undefined,
  sending: false,
}

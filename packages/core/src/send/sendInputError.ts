import { parseUnits } from '../format/parseUnits.ts'
import type { enTransfer } from '../locale/enTransfer.ts'
import type { KeysWith } from '../locale/locale.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import { isEvmAddress, isPositiveAmount, isSolanaAddress } from '../validation/validation.ts'
import { isNativeToken } from '../wallet-transactions/walletTokens.ts'
import type { SendState } from './sendState.ts'

/**
 * Why the send button is not ready, as a catalogue key; undefined when it is. Amount and receiver first (on Solana
 * the spec's "Please enter a valid amount and receiver address"), then the receiver's format, then the balance (the
 * native token also pays the network cost, unless `gasSponsored`: the site pays it, see `isTransactionSponsored`).
 * A name typed as the receiver asks to wait while it resolves, and an unknown one says "Error resolving name".
 */
export function sendInputError(
  state: Pick<SendState, 'token' | 'sendTokenAmount' | 'receiverAddress' | 'networkCost' | 'tokens'> &
    Partial<Pick<SendState, 'receiverName' | 'receiverNameStatus'>>,
  network: CaipNetwork,
  { gasSponsored = false }: { gasSponsored?: boolean } = {},
): KeysWith<typeof enTransfer> | undefined {
  const { token, sendTokenAmount, receiverAddress } = state
  if (!token) return 'send.selectToken'
  const validAmount = isPositiveAmount(sendTokenAmount)
  if (network.chainNamespace === 'solana' && (!validAmount || !receiverAddress)) return 'error.solanaSendInput'
  if (!validAmount) return 'send.enterAmount'
  if (state.receiverName) {
    // A name typed as the receiver: wait for its address; an unknown name blocks the send.
    if (state.receiverNameStatus === 'error') return 'snackbar.errorResolvingName'
    if (state.receiverNameStatus !== 'resolved') return 'send.resolvingName'
  }
  if (!receiverAddress) return 'send.enterAddress'
  const validReceiver =
    network.chainNamespace === 'solana'
      ? isSolanaAddress(receiverAddress)
      : /^0x[0-9a-fA-F]{40}$/.test(receiverAddress) && isEvmAddress(receiverAddress)
  if (!validReceiver) return 'send.invalidAddress'
  const amount = parseUnits(sendTokenAmount, token.decimals)
  if (amount > token.balance) return 'error.insufficientBalance'
  if (gasSponsored) return undefined
  const native = state.tokens.find(isNativeToken)
  const cost = state.networkCost ?? 0n
  if (native && native.balance < cost + (isNativeToken(token) ? amount : 0n)) return 'error.insufficientBalance'
  return undefined
}

/**
 * The contract the send calls, for its gas sponsorship (`isTransactionSponsored`): a token send calls the token
 * contract (`transfer`), a native send calls the receiver itself. No token, or a native send without a receiver yet:
 * none, so nothing is called sponsored.
 */
export function sendCallTargets(state: Pick<SendState, 'token' | 'receiverAddress'>): string[] {
  const { token, receiverAddress } = state
  if (!token) return []
  if (!isNativeToken(token)) return [token.address]
  return receiverAddress ? [receiverAddress] : []
}

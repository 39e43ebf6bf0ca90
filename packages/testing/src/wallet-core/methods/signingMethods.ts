/** Message and typed-data signatures, by the wallet's account, for a connected origin. */
import { isAddress, isHex, type PrivateKeyAccount } from 'viem'
import { invalidParams } from '../../errors.ts'
import { parseTypedData } from '../params/typedData.ts'
import type { MethodHandler, MethodHandlers } from './methodHandler.ts'

const signTypedData: MethodHandler = (wallet, { origin, params }) => {
  let [address, data] = params as [unknown, unknown]
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) [address, data] = [data, address]
  wallet.requireAuthorized(origin, address)
  const typed = parseTypedData(data)
  const chainId = typed.domain?.chainId
  if (chainId !== undefined && chainId !== null && Number(chainId) !== wallet.chainId)
    throw invalidParams(
      `typed data domain chainId ${Number(chainId)} does not match the active chain ${wallet.chainId}`,
    )
  wallet.prompt('signature request')
  return wallet.account.signTypedData(typed as Parameters<PrivateKeyAccount['signTypedData']>[0])
}

export const signingMethods: MethodHandlers = {
  personal_sign(wallet, { origin, params }) {
    let [message, address] = params as [unknown, unknown]
    // Some dapps send [address, message]; accept both orders as MetaMask does.
    if (
      typeof message === 'string' &&
      isAddress(message, { strict: false }) &&
      typeof address === 'string' &&
      !isAddress(address, { strict: false })
    )
      [message, address] = [address, message]
    if (typeof message !== 'string') throw invalidParams('personal_sign expects [message, address]')
    wallet.requireAuthorized(origin, address)
    wallet.prompt('signature request')
    return wallet.account.signMessage({ message: isHex(message) ? { raw: message } : message })
  },
  eth_sign(wallet, { origin, params }) {
    const [address, data] = params as [unknown, unknown]
    wallet.requireAuthorized(origin, address)
    if (typeof data !== 'string' || !isHex(data) || data.length !== 66)
      throw invalidParams('eth_sign expects [address, 32-byte hex hash]')
    wallet.prompt('signature request')
    return wallet.account.sign({ hash: data })
  },
  eth_signTypedData_v3: signTypedData,
  eth_signTypedData_v4: signTypedData,
}

import { describe, expect, it } from 'vitest'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import type { WalletToken } from '../wallet-transactions/walletTokens.ts'
import { sendInputError } from './sendController.ts'

const network: CaipNetwork = {
  id: 'eip155:31337',
  chainNamespace: 'eip155',
  chainId: 31337,
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
}
const solana: CaipNetwork = { ...network, id: 'solana:devnet', chainNamespace: 'solana', chainId: 'devnet' }
const eth: WalletToken = {
  id: `eip155:31337:${NATIVE_TOKEN_ADDRESS_EVM}`,
  address: NATIVE_TOKEN_ADDRESS_EVM,
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  balance: 10n ** 18n,
  price: 3000,
}
const usd: WalletToken = {
  id: 'eip155:31337:0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  address: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  symbol: 'fUSD',
  name: 'Foyer USD',
  decimals: 6,
  balance: 5_000_000n,
  price: 1,
}
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const base = {
  tokens: [eth, usd],
  token: usd,
  sendTokenAmount: '5',
  receiverAddress: receiver,
  networkCost: 21_000n * 10n ** 9n,
}

describe('sendInputError', () => {
  it('asks for an amount, then a receiver, then a valid receiver', () => {
    expect(sendInputError({ ...base, sendTokenAmount: '' }, network)).toBe('send.enterAmount')
    expect(sendInputError({ ...base, receiverAddress: '' }, network)).toBe('send.enterAddress')
    expect(sendInputError({ ...base, receiverAddress: '0x1234' }, network)).toBe('send.invalidAddress')
    expect(sendInputError({ ...base, receiverAddress: receiver.slice(2) }, network)).toBe('send.invalidAddress')
    expect(sendInputError(base, network)).toBeUndefined()
  })
  it('says Insufficient balance over the balance, or when the native token cannot pay the cost', () => {
    expect(sendInputError({ ...base, sendTokenAmount: '5.000001' }, network)).toBe('error.insufficientBalance')
    expect(sendInputError({ ...base, token: eth, sendTokenAmount: '1' }, network)).toBe('error.insufficientBalance') // + gas
    expect(sendInputError({ ...base, token: eth, sendTokenAmount: '0.99' }, network)).toBeUndefined()
    expect(sendInputError({ ...base, tokens: [{ ...eth, balance: 0n }, usd] }, network)).toBe(
      'error.insufficientBalance',
    )
  })
  it('on Solana, a missing amount or receiver is the spec message', () => {
    expect(sendInputError({ ...base, sendTokenAmount: '' }, solana)).toBe('error.solanaSendInput')
    expect(sendInputError({ ...base, receiverAddress: '' }, solana)).toBe('error.solanaSendInput')
  })
})

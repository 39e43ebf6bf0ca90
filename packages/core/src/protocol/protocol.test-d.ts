import { describe, expectTypeOf, it } from 'vitest'
import type {
  AccountTokenBalance,
  FungiblePrice,
  Identity,
  Transaction,
  TransactionHistoryPage,
  TransactionTransfer,
} from '../index.ts'
import type {
  AccountBalance,
  AccountHistoryResponse,
  Fungible,
  HistoryEntry,
  HistoryTransfer,
  IdentityResponse,
} from './index.ts'

/** What the server's history route builds for one transfer (apps/server/src/history/accountHistory.ts). */
const serverTransfer = {
  standard: 'erc20',
  direction: 'out',
  sender: '0x1111111111111111111111111111111111111111',
  recipient: '0x2222222222222222222222222222222222222222',
  quantity: { numeric: '25', raw: '25000000' },
  fungible_info: {
    address: '0x3333333333333333333333333333333333333333',
    name: 'fUSD',
    symbol: 'fUSD',
    decimals: 6,
    iconUrl: null,
  },
} as const

describe('one type for both sides of the wire', () => {
  it("the client's account-data types are the protocol's", () => {
    expectTypeOf<TransactionTransfer>().toEqualTypeOf<HistoryTransfer>()
    expectTypeOf<Transaction>().toEqualTypeOf<HistoryEntry>()
    expectTypeOf<TransactionHistoryPage>().toEqualTypeOf<AccountHistoryResponse>()
    expectTypeOf<FungiblePrice>().toEqualTypeOf<Fungible>()
    expectTypeOf<Identity>().toEqualTypeOf<IdentityResponse>()
  })

  it("the client's balance is the server's with a bare address, present on the native currency too", () => {
    expectTypeOf<Omit<AccountTokenBalance, 'address' | 'chainId'>>().toEqualTypeOf<
      Omit<AccountBalance, 'address' | 'chainId'>
    >()
    expectTypeOf<AccountTokenBalance['chainId']>().toEqualTypeOf<AccountBalance['chainId']>()
    expectTypeOf<AccountTokenBalance['address']>().toEqualTypeOf<string>()
    expectTypeOf<AccountBalance['address']>().toEqualTypeOf<
      `eip155:${number}:0x${string}` | `solana:${string}:${string}` | undefined
    >()
    expectTypeOf<'0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'>().not.toExtend<NonNullable<AccountBalance['address']>>()
  })

  it('a server-shaped value fits the type the client reads', () => {
    expectTypeOf(serverTransfer).toExtend<TransactionTransfer>()
    const entry = {
      id: 'eip155:31337:0xabc',
      metadata: {
        operationType: 'send',
        hash: '0xabc',
        minedAt: '2026-01-01T00:00:00.000Z',
        chain: 'eip155:31337',
        blockNumber: 1,
        sentFrom: serverTransfer.sender,
        sentTo: serverTransfer.recipient,
        status: 'confirmed',
        nonce: 0,
      },
      transfers: [serverTransfer],
    } satisfies HistoryEntry
    expectTypeOf(entry).toExtend<Transaction>()
  })

  it('a server-shaped value missing a field fails to type-check', () => {
    const { quantity: _quantity, ...withoutQuantity } = serverTransfer
    expectTypeOf(withoutQuantity).not.toExtend<HistoryTransfer>()
    // The same as the server's handlers write it: `satisfies` against the response type is an error.
    const page = {
      // @ts-expect-error `transfers` is required by HistoryEntry
      data: [{ id: 'eip155:31337:0xabc', metadata: {} as HistoryEntry['metadata'] }],
      next: null,
    } satisfies AccountHistoryResponse
    expectTypeOf(page.next).toEqualTypeOf<null>()
    // @ts-expect-error `priced` is required by AccountBalance
    const balance: AccountBalance = {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:31337',
      decimals: 18,
      quantity: { decimals: '18', numeric: '1' },
      raw: '1000000000000000000',
      price: 3000,
      value: 3000,
      iconUrl: null,
    }
    expectTypeOf(balance).toEqualTypeOf<AccountBalance>()
  })

  it('a chain id must be a CAIP-2 EVM id (a history entry may name a Solana one)', () => {
    expectTypeOf<HistoryEntry['metadata']['chain']>().toEqualTypeOf<`eip155:${number}` | `solana:${string}`>()
    expectTypeOf<'eip155:1'>().toExtend<Fungible['chainId']>()
    expectTypeOf<'solana:1'>().not.toExtend<Fungible['chainId']>()
  })
})

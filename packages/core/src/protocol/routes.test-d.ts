import { describe, expectTypeOf, it } from 'vitest'
import type { ApiClient } from '../api/apiClient.ts'
import type { HttpRequestError } from '../errors/errors.ts'
import {
  accountBalance,
  accountHistory,
  identity,
  nameReverse,
  siweNonce,
  swapBuildTransaction,
  swapTokens,
} from './endpoints.ts'
import type {
  AccountBalanceResponse,
  AnswerOf,
  ApiErrorBody,
  ApiErrorCode,
  EmbeddedConfigResponse,
  EmbeddedDevicesResponse,
  NameRecord,
  RouteInput,
  Routes,
  SwapTokensResponse,
} from './index.ts'

declare const api: ApiClient

describe('a client call is typed by its route entry', () => {
  it('the answer is the entry’s answer type', () => {
    expectTypeOf(api.call(swapTokens, { query: { chainId: 1 } })).resolves.toEqualTypeOf<SwapTokensResponse>()
    expectTypeOf(api.call(nameReverse, { params: { address: '0x1' } })).resolves.toEqualTypeOf<NameRecord[]>()
    expectTypeOf<AnswerOf<Routes['accountBalance']>>().toEqualTypeOf<AccountBalanceResponse>()
    expectTypeOf<AnswerOf<Routes['embeddedConfig']>>().toEqualTypeOf<EmbeddedConfigResponse>()
  })

  it('an unknown route, a missing path parameter, a wrong body or an unknown query parameter fails to compile', () => {
    // @ts-expect-error not an endpoint of the table
    void api.call({ name: 'convertTokens', method: 'GET', path: '/v1/convert/tokens' })
    // @ts-expect-error the balance route answers balances, not a name
    expectTypeOf(api.call(accountBalance, { params: { address: '0x1' } })).resolves.toEqualTypeOf<NameRecord>()
    // @ts-expect-error `/v1/identity/:address` needs its address
    void api.call(identity, {})
    // @ts-expect-error the path has `account`, not `address`
    void api.call(accountHistory, { params: { address: '0x1' } })
    const swap = { amount: '1', from: 'a', to: 'b', userAddress: 'c' }
    void api.call(swapBuildTransaction, { body: { ...swap, eip155: { slippage: 1 } } })
    // @ts-expect-error `slippage` is a number in the body schema
    void api.call(swapBuildTransaction, { body: { ...swap, eip155: { slippage: '1' } } })
    // @ts-expect-error the tokens route reads `chainId` only
    void api.call(swapTokens, { query: { chain: 1 } })
    // @ts-expect-error a GET route without a body
    void api.call(siweNonce, { body: {} })
  })

  it('the input of a route is derived from its path and schemas', () => {
    expectTypeOf<RouteInput<Routes['onrampPurchase']>['params']>().toEqualTypeOf<{ id: string }>()
    expectTypeOf<RouteInput<Routes['health']>['params']>().toEqualTypeOf<undefined>()
  })
})

describe('one error envelope and one list of codes', () => {
  it('the client reads the server’s codes', () => {
    expectTypeOf<HttpRequestError['code']>().toEqualTypeOf<ApiErrorCode | undefined>()
    expectTypeOf<ApiErrorBody['error']['code']>().toEqualTypeOf<ApiErrorCode>()
    expectTypeOf<'quote_expired'>().toExtend<ApiErrorCode>()
    expectTypeOf<'quote_expird'>().not.toExtend<ApiErrorCode>()
  })

  it('a device’s dates are always sent (the frame no longer reads them as nullable)', () => {
    expectTypeOf<EmbeddedDevicesResponse['devices'][number]['lastUsedAt']>().toEqualTypeOf<string>()
  })
})

import { describe, expectTypeOf, it } from 'vitest'
import type { FoyerError, FoyerErrorType } from './base.ts'
import {
  type ChainRequiredErrorType,
  HttpRequestError,
  type HttpRequestErrorType,
  shortMessageOf,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from './errors.ts'

describe('errors', () => {
  it("each error's Type narrows `name` to its class name, in viem's style", () => {
    expectTypeOf<FoyerErrorType['name']>().toEqualTypeOf<'FoyerError'>()
    expectTypeOf<ChainRequiredErrorType['name']>().toEqualTypeOf<'ChainRequiredError'>()
    expectTypeOf<HttpRequestErrorType['name']>().toEqualTypeOf<'HttpRequestError'>()
    expectTypeOf<UserRejectedRequestErrorType['name']>().toEqualTypeOf<'UserRejectedRequestError'>()
  })

  it('a union of error Types is discriminated by name', () => {
    const pick = (error: HttpRequestErrorType | UserRejectedRequestErrorType) =>
      error.name === 'HttpRequestError' ? error.status : error.shortMessage
    expectTypeOf(pick).returns.toEqualTypeOf<number | string>()
  })

  it('every error is a FoyerError with a readonly shortMessage for the UI', () => {
    const error = new HttpRequestError({ status: 500, url: 'https://example.invalid' })
    expectTypeOf(error).toMatchTypeOf<FoyerError>()
    expectTypeOf(error.shortMessage).toEqualTypeOf<string>()
    expectTypeOf(error.status).toEqualTypeOf<number>()
    // @ts-expect-error shortMessage is readonly
    error.shortMessage = 'changed'
    // @ts-expect-error status and url are required
    new HttpRequestError({ status: 500 })
    expectTypeOf(new UserRejectedRequestError()).toMatchTypeOf<FoyerError>()
    expectTypeOf(shortMessageOf).parameters.toEqualTypeOf<[unknown, string]>()
  })
})

import { describe, expect, it } from 'vitest'
import { FoyerError } from './base.ts'
import {
  HttpRequestError,
  isUserRejection,
  shortMessageOf,
  UnsupportedChainError,
  UserRejectedRequestError,
} from './errors.ts'

describe('errors', () => {
  it('keeps the short message apart from the details', () => {
    const error = new UnsupportedChainError({ chainId: 5 })
    expect(error.shortMessage).toBe('Unsupported chain')
    expect(error.message).toContain('Details: Chain 5 is not one of the site')
    expect(error.name).toBe('UnsupportedChainError')
    expect(error).toBeInstanceOf(FoyerError)
  })
  it('reads HTTP failures as the spec says', () => {
    const error = new HttpRequestError({ status: 503, url: 'http://x/y' })
    expect(error.shortMessage).toBe('HTTP status code 503')
    expect(error.status).toBe(503)
  })
  it('walks the cause chain', () => {
    const root = Object.assign(new Error('nope'), { code: 4001 })
    const error = new FoyerError('outer', { cause: new FoyerError('middle', { cause: root }) })
    expect(error.walk()).toBe(root)
    expect(error.walk((e) => (e as { code?: number }).code === 4001)).toBe(root)
    expect(isUserRejection(error)).toBe(true)
    expect(isUserRejection(new Error('x'))).toBe(false)
    expect(isUserRejection(new UserRejectedRequestError())).toBe(true)
  })
  it('picks a short message or the fallback', () => {
    expect(shortMessageOf(new UnsupportedChainError(), 'x')).toBe('Unsupported chain')
    expect(shortMessageOf({ shortMessage: 'User rejected the request.' }, 'x')).toBe('User rejected the request.')
    expect(shortMessageOf(new Error('raw'), 'Something went wrong')).toBe('Something went wrong')
  })
})

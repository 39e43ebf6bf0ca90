import { describe, expect, it } from 'vitest'
import { localNetwork } from '../test/localNetwork.ts'
import { InvalidOptionError } from './invalidOptionError.ts'
import { type FoyerOptions, resolveOptions } from './options.ts'

const networks = [localNetwork(31337, 'One'), localNetwork(31338, 'Two')]
const resolve = (options: Partial<FoyerOptions>) => resolveOptions({ adapters: [], networks, ...options })
const refusal = (options: Partial<FoyerOptions>) => {
  try {
    resolve(options)
  } catch (error) {
    return error
  }
  throw new Error('accepted')
}

describe('site options', () => {
  it('takes http and https legal links, and refuses every other kind with a typed error naming the option', () => {
    const resolved = resolve({
      termsConditionsUrl: 'https://site.example/terms',
      privacyPolicyUrl: 'http://localhost:3000/p',
    })
    expect(resolved).toMatchObject({
      termsConditionsUrl: 'https://site.example/terms',
      privacyPolicyUrl: 'http://localhost:3000/p',
    })
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'mailto:a@b.c',
      '/terms',
      '',
    ])
      expect(refusal({ termsConditionsUrl: value }), value).toBeInstanceOf(InvalidOptionError)
    const error = refusal({ privacyPolicyUrl: 'vbscript:x' }) as InvalidOptionError
    expect(error).toMatchObject({ name: 'InvalidOptionError', option: 'privacyPolicyUrl' })
    expect(error.shortMessage).toBe('Invalid option privacyPolicyUrl')
    expect(error.details).toBe('Expected an http or https URL, got "vbscript:x"')
  })

  it('takes a token per site network, and refuses another network or an address its chain cannot have', () => {
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    expect(resolve({ tokens: { 'eip155:31338': { address: token } } }).tokens).toEqual({
      'eip155:31338': { address: token },
    })
    expect(refusal({ tokens: { 'eip155:1': { address: token } } })).toMatchObject({
      name: 'InvalidOptionError',
      option: 'tokens',
      details: 'Expected one of the site’s networks, got "eip155:1"',
    })
    for (const address of ['0x123', 'FOY', token.slice(2), undefined])
      expect(refusal({ tokens: { 'eip155:31337': { address } as { address: string } } })).toMatchObject({
        option: 'tokens["eip155:31337"].address',
      })
  })
})

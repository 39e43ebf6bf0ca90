import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { addressBucket, clientAddress, forwardedAddress, UNKNOWN_CLIENT } from './clientAddress.ts'
import type { AppEnv } from './context.ts'

describe('addressBucket', () => {
  it('keeps IPv4, maps IPv4-in-IPv6 back to IPv4, and groups IPv6 by /64', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7')
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('fe80::1%eth0')).toBe('fe80::/64')
  })
  it('puts anything unparseable in one bucket', () => {
    for (const bad of ['', 'x', '1.2.3', '999.1.1.1', '2001:db8::g', '<script>'])
      expect(addressBucket(bad)).toBe(UNKNOWN_CLIENT)
  })
})

describe('forwardedAddress', () => {
  it('takes the entry the outermost trusted proxy appended, never the client-written ones', () => {
    expect(forwardedAddress('6.6.6.6, 1.1.1.1, 10.0.0.2', 1)).toBe('10.0.0.2')
    expect(forwardedAddress('6.6.6.6, 1.1.1.1, 10.0.0.2', 2)).toBe('1.1.1.1')
    expect(forwardedAddress('1.1.1.1', 3)).toBe('1.1.1.1')
    expect(forwardedAddress(undefined, 1)).toBeUndefined()
    expect(forwardedAddress('1.1.1.1', 0)).toBeUndefined()
  })
})

describe('clientAddress', () => {
  const app = (hops: number) => {
    const a = new Hono<AppEnv>()
    a.get('/', (c) => c.text(clientAddress(c, hops)))
    return a
  }
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
  it('ignores X-Forwarded-For unless proxies are trusted', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.1' }
    expect(await (await app(0).request('/', { headers }, env)).text()).toBe('127.0.0.1')
    expect(await (await app(1).request('/', { headers }, env)).text()).toBe('198.51.100.1')
    expect(await (await app(1).request('/', {}, env)).text()).toBe('127.0.0.1')
  })
  it('reads FOYER_TRUST_PROXY as a hop count and refuses nonsense', () => {
    const base = { FOYER_DEVNET_FILE: '/nonexistent', FOYER_DATA_DIR: '/nonexistent' }
    expect(loadConfig(base, { repoRoot: '/nonexistent' }).trustProxyHops).toBe(0)
    expect(loadConfig({ ...base, FOYER_TRUST_PROXY: '2' }, { repoRoot: '/nonexistent' }).trustProxyHops).toBe(2)
    expect(loadConfig({ ...base, FOYER_TRUST_PROXY: 'false' }, { repoRoot: '/nonexistent' }).trustProxyHops).toBe(0)
    expect(() => loadConfig({ ...base, FOYER_TRUST_PROXY: 'yes' }, { repoRoot: '/nonexistent' })).toThrow(
      /FOYER_TRUST_PROXY/,
    )
    expect(() => loadConfig({ ...base, FOYER_TRUST_PROXY: '11' }, { repoRoot: '/nonexistent' })).toThrow(
      /FOYER_TRUST_PROXY/,
    )
  })
})

import { BlockList } from 'node:net'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import {
  addressBucket,
  clientAddress,
  forwardedClient,
  isTrustedProxy,
  parseProxyRange,
  UNKNOWN_CLIENT,
} from './clientAddress.ts'
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

describe('forwardedClient', () => {
  const trust = (trustProxyHops: number, trustedProxies: string[] = ['10.0.0.0/8']) => ({
    trustProxyHops,
    trustedProxies,
  })
  const header = '6.6.6.6, 1.1.1.1, 10.0.0.2'
  it('from a configured proxy: walks right to left while each hop is a proxy, at most N hops', () => {
    expect(forwardedClient('10.0.0.1', header, trust(1))).toBe('10.0.0.2')
    expect(forwardedClient('10.0.0.1', header, trust(2))).toBe('1.1.1.1')
    // 1.1.1.1 is not a proxy: the walk stops there, whatever the client wrote further left.
    expect(forwardedClient('10.0.0.1', header, trust(3))).toBe('1.1.1.1')
    // The outer hop is not a configured proxy: its own address is the client.
    expect(forwardedClient('10.0.0.1', '6.6.6.6, 1.1.1.1, 203.0.113.9', trust(2))).toBe('203.0.113.9')
    expect(forwardedClient('10.0.0.1', '1.1.1.1', trust(3))).toBe('1.1.1.1')
    expect(forwardedClient('::ffff:10.0.0.1', '1.1.1.1', trust(1))).toBe('1.1.1.1')
    expect(forwardedClient('fd00::1', '1.1.1.1', trust(1, ['fd00::/8']))).toBe('1.1.1.1')
  })
  it('from any other peer, or with no hops, the header is ignored: the peer is the client', () => {
    for (const peer of ['203.0.113.5', '127.0.0.1', '11.0.0.1', 'fd00::1', undefined])
      expect(forwardedClient(peer, header, trust(1)), String(peer)).toBe(peer)
    expect(forwardedClient('10.0.0.1', header, trust(0))).toBe('10.0.0.1')
    expect(forwardedClient('10.0.0.1', undefined, trust(1))).toBe('10.0.0.1')
    expect(forwardedClient('10.0.0.1', ' , ', trust(1))).toBe('10.0.0.1')
  })
})

describe('parseProxyRange', () => {
  it('reads addresses and CIDR ranges with ipaddr.js, as address/prefix; refuses anything else', () => {
    expect(parseProxyRange('10.0.0.7')).toBe('10.0.0.7/32')
    expect(parseProxyRange(' 10.0.0.0/8 ')).toBe('10.0.0.0/8')
    expect(parseProxyRange('::1')).toBe('::1/128')
    expect(parseProxyRange('[fd00::]/8')).toBe('fd00::/8')
    expect(parseProxyRange('0.0.0.0/0')).toBe('0.0.0.0/0')
    for (const bad of [
      '',
      'proxy',
      '10.0.0',
      '10.0.0.0/33',
      '::/129',
      '10.0.0.0/8/1',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '0x7f.0.0.1',
    ])
      expect(parseProxyRange(bad), bad).toBeUndefined()
  })
  it('matches like Node’s net.BlockList (a second implementation of the same ranges)', () => {
    const ranges = ['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', '::1']
    const blocks = new BlockList()
    for (const range of ranges) {
      const [address, prefix] = parseProxyRange(range)!.split('/')
      blocks.addSubnet(address!, Number(prefix), address!.includes(':') ? 'ipv6' : 'ipv4')
    }
    const normalized = ranges.map((r) => parseProxyRange(r)!)
    for (const address of [
      '10.0.0.1',
      '10.255.255.255',
      '11.0.0.0',
      '9.255.255.255',
      '192.168.1.7',
      '192.168.1.8',
      '2001:db8::1',
      '2001:db8:ffff::1',
      '2001:db9::1',
      '::1',
      '::2',
    ])
      expect(isTrustedProxy(address, normalized), address).toBe(
        blocks.check(address, address.includes(':') ? 'ipv6' : 'ipv4'),
      )
  })
})

describe('clientAddress', () => {
  const app = (trustProxyHops: number, trustedProxies: string[] = ['127.0.0.0/8']) => {
    const a = new Hono<AppEnv>()
    a.get('/', (c) => c.text(clientAddress(c, { trustProxyHops, trustedProxies })))
    return a
  }
  const env = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } })
  it('ignores X-Forwarded-For unless proxies are trusted and the peer is one of them', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.1' }
    expect(await (await app(0).request('/', { headers }, env('127.0.0.1'))).text()).toBe('127.0.0.1')
    expect(await (await app(1).request('/', { headers }, env('127.0.0.1'))).text()).toBe('198.51.100.1')
    expect(await (await app(1).request('/', {}, env('127.0.0.1'))).text()).toBe('127.0.0.1')
    // A client that reached the port directly: its own address, whatever it wrote.
    expect(await (await app(1).request('/', { headers }, env('203.0.113.5'))).text()).toBe('203.0.113.5')
    expect(await (await app(1).request('/', { headers })).text()).toBe(UNKNOWN_CLIENT)
  })
  it('reads FOYER_TRUST_PROXY as a hop count and FOYER_TRUSTED_PROXIES as a list (loopback by default); refuses nonsense', () => {
    const base = { FOYER_DEVNET_FILE: '/nonexistent', FOYER_DATA_DIR: '/nonexistent' }
    const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }, { repoRoot: '/nonexistent' })
    expect(load({}).trustProxyHops).toBe(0)
    expect(load({}).trustedProxies).toEqual(['127.0.0.0/8', '::1/128'])
    expect(load({ FOYER_TRUST_PROXY: '2' }).trustProxyHops).toBe(2)
    expect(load({ FOYER_TRUST_PROXY: 'false' }).trustProxyHops).toBe(0)
    expect(load({ FOYER_TRUSTED_PROXIES: '10.0.0.7, 172.16.0.0/12,fd00::/8,10.0.0.7' }).trustedProxies).toEqual([
      '10.0.0.7/32',
      '172.16.0.0/12',
      'fd00::/8',
    ])
    expect(() => load({ FOYER_TRUST_PROXY: 'yes' })).toThrow(/FOYER_TRUST_PROXY/)
    expect(() => load({ FOYER_TRUST_PROXY: '11' })).toThrow(/FOYER_TRUST_PROXY/)
    expect(() => load({ FOYER_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/FOYER_TRUSTED_PROXIES/)
  })
})

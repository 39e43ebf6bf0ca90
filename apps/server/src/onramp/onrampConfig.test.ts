import { createHmac } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_ONRAMP_RESTRICTED_TIMEZONES } from '@foyer/core/protocol'
import { describe, expect, it } from 'vitest'
import { type ConfigError, loadConfig, parseDevnetFile } from '../config.ts'
import type { Issue } from '../http/errors.ts'
import { formatCents, formatUnitsExact, parseCents, parseFixed, priceToFixed } from './money.ts'
import { createSandboxProvider } from './sandboxProvider.ts'
import { signOnrampWebhook, verifyOnrampWebhook } from './webhookSignature.ts'

const SECRET = 'a-webhook-secret-of-some-length'
const load = (env: Record<string, string>, devnetFile = '/nonexistent/devnet.json') =>
  loadConfig(
    { FOYER_DEVNET_FILE: devnetFile, FOYER_DATA_DIR: '/nonexistent/data', ...env },
    { repoRoot: '/nonexistent' },
  )
const problems = (env: Record<string, string>) => {
  try {
    load(env)
    return []
  } catch (e) {
    return (e as ConfigError).issues
  }
}

const devnet = (onramp: unknown) =>
  JSON.stringify({
    chains: [
      {
        id: 31337,
        name: 'Foyer Local',
        rpcUrl: 'http://127.0.0.1:8545',
        contracts: {},
      },
    ],
    accounts: [],
    onramp,
  })

describe('on-ramp configuration', () => {
  it('defaults: no provider without a devnet sandbox, the East-Asian zones, 1.08 USD a euro', () => {
    expect(load({}).onramp).toEqual({
      providers: [],
      restrictedTimezones: [...DEFAULT_ONRAMP_RESTRICTED_TIMEZONES],
      eurUsd: '1.08',
      networks: {
        ethereum: 'eip155:1',
        optimism: 'eip155:10',
        polygon: 'eip155:137',
        base: 'eip155:8453',
        arbitrum: 'eip155:42161',
      },
    })
  })

  it('FOYER_ONRAMP_NETWORKS: names (kept lower-case) to CAIP-2 ids, replacing the default; every problem named', () => {
    expect(
      load({ FOYER_ONRAMP_NETWORKS: '{"Ethereum": "eip155:31337", "base": "eip155:31338"}' }).onramp.networks,
    ).toEqual({ ethereum: 'eip155:31337', base: 'eip155:31338' })
    expect(load({ FOYER_ONRAMP_NETWORKS: '{}' }).onramp.networks).toEqual({})
    expect(problems({ FOYER_ONRAMP_NETWORKS: '{' })[0]!.message).toMatch(/JSON object of network names.*not valid JSON/)
    expect(problems({ FOYER_ONRAMP_NETWORKS: '{"base": "eip155:0"}' })).toMatchObject([
      { path: 'FOYER_ONRAMP_NETWORKS.base', message: 'got "eip155:0", expected a CAIP-2 chain id such as eip155:1' },
    ])
    expect(problems({ FOYER_ONRAMP_NETWORKS: '{"1inch": "eip155:1", "base": 8453}' }).map((i) => i.path)).toEqual([
      'FOYER_ONRAMP_NETWORKS.1inch',
      'FOYER_ONRAMP_NETWORKS.base',
    ])
    expect(problems({ FOYER_ONRAMP_NETWORKS: '{"base": "eip155:1", "BASE": "eip155:2"}' })[0]!.message).toMatch(
      /differ other than by case/,
    )
  })

  it('takes the sandbox from the devnet file when FOYER_ONRAMP_PROVIDERS is unset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-onramp-'))
    const file = join(dir, 'devnet.json')
    writeFileSync(file, devnet({ sandbox: { url: 'http://127.0.0.1:8795/', webhookSecret: SECRET } }))
    expect(load({}, file).onramp.providers).toEqual([
      { id: 'sandbox', kind: 'sandbox', url: 'http://127.0.0.1:8795', webhookSecret: SECRET },
    ])
    // The operator's list wins, and [] turns the sandbox off.
    expect(load({ FOYER_ONRAMP_PROVIDERS: '[]' }, file).onramp.providers).toEqual([])
  })

  it('parses the devnet file’s onramp.sandbox and names what is wrong', () => {
    const ok = parseDevnetFile(devnet({ sandbox: { url: 'https://sandbox.example', webhookSecret: SECRET } }), [])
    expect(ok?.onrampSandbox).toEqual({ url: 'https://sandbox.example', webhookSecret: SECRET })
    expect(parseDevnetFile(devnet(undefined), [])?.onrampSandbox).toBeUndefined()
    expect(parseDevnetFile(devnet({}), [])?.onrampSandbox).toBeUndefined()
    const issues: Issue[] = []
    expect(parseDevnetFile(devnet({ sandbox: { url: 'ftp://x', webhookSecret: 'short' } }), issues)).toBeUndefined()
    expect(issues.map((i) => i.path)).toEqual([
      'FOYER_DEVNET_FILE.onramp.sandbox.url',
      'FOYER_DEVNET_FILE.onramp.sandbox.webhookSecret',
    ])
    expect(JSON.stringify(issues)).not.toContain('short')
    const notObject: Issue[] = []
    parseDevnetFile(devnet('sandbox'), notObject)
    expect(notObject.map((i) => i.path)).toEqual(['FOYER_DEVNET_FILE.onramp'])
  })

  it('FOYER_ONRAMP_PROVIDERS: a list of {id, kind?, url, webhookSecret}; every problem named, secrets never shown', () => {
    const providers = [{ id: 'sandbox', url: 'https://pay.example/', webhookSecret: SECRET }]
    expect(load({ FOYER_ONRAMP_PROVIDERS: JSON.stringify(providers) }).onramp.providers).toEqual([
      { id: 'sandbox', kind: 'sandbox', url: 'https://pay.example', webhookSecret: SECRET },
    ])
    expect(
      load({
        FOYER_ONRAMP_PROVIDERS: JSON.stringify([
          { id: 'test-pay', kind: 'sandbox', url: 'http://x', webhookSecret: SECRET },
        ]),
      }).onramp.providers[0],
    ).toMatchObject({ id: 'test-pay', kind: 'sandbox' })
    expect(problems({ FOYER_ONRAMP_PROVIDERS: '{' })[0]).toMatchObject({ path: 'FOYER_ONRAMP_PROVIDERS' })
    expect(problems({ FOYER_ONRAMP_PROVIDERS: '{}' })[0]!.message).toMatch(/JSON array/)
    const bad = problems({
      FOYER_ONRAMP_PROVIDERS: JSON.stringify([
        { id: 'Moon Pay', url: 'nope', webhookSecret: 'tiny-secret' },
        { id: 'moonpay', url: 'https://x', webhookSecret: SECRET },
        { ...providers[0] },
        { ...providers[0] },
      ]),
    })
    expect(bad.map((i) => i.path)).toEqual([
      'FOYER_ONRAMP_PROVIDERS[0].id',
      'FOYER_ONRAMP_PROVIDERS[0].url',
      'FOYER_ONRAMP_PROVIDERS[0].webhookSecret',
      'FOYER_ONRAMP_PROVIDERS[0].kind',
      'FOYER_ONRAMP_PROVIDERS[1].kind',
      'FOYER_ONRAMP_PROVIDERS[3].id',
    ])
    expect(JSON.stringify(bad)).not.toContain('tiny-secret')
  })

  it('FOYER_ONRAMP_RESTRICTED_TIMEZONES and FOYER_ONRAMP_EUR_USD', () => {
    expect(load({ FOYER_ONRAMP_RESTRICTED_TIMEZONES: 'Asia/Tokyo, Asia/Seoul' }).onramp.restrictedTimezones).toEqual([
      'Asia/Tokyo',
      'Asia/Seoul',
    ])
    expect(load({ FOYER_ONRAMP_RESTRICTED_TIMEZONES: 'none' }).onramp.restrictedTimezones).toEqual([])
    expect(problems({ FOYER_ONRAMP_RESTRICTED_TIMEZONES: 'Asia/Tokyo,<script>' })[0]!.path).toBe(
      'FOYER_ONRAMP_RESTRICTED_TIMEZONES[1]',
    )
    expect(load({ FOYER_ONRAMP_EUR_USD: '1.1' }).onramp.eurUsd).toBe('1.1')
    for (const rate of ['0', '0.000', '-1', 'abc', '1.1234567'])
      expect(problems({ FOYER_ONRAMP_EUR_USD: rate })[0]!.path, rate).toBe('FOYER_ONRAMP_EUR_USD')
  })
})

describe('on-ramp money and signatures', () => {
  it('exact money: cents, fixed point, token amounts', () => {
    expect(parseCents('10')).toBe(1000n)
    expect(parseCents('9.9')).toBe(990n)
    expect(parseCents('7500.01')).toBe(750001n)
    expect(formatCents(5n)).toBe('0.05')
    expect(formatCents(2500000n)).toBe('25000.00')
    expect(parseFixed('1.08', 6)).toBe(1080000n)
    expect(formatUnitsExact(1500000n, 6)).toBe('1.5')
    expect(formatUnitsExact(10n ** 18n, 18)).toBe('1')
    expect(formatUnitsExact(1n, 18)).toBe('0.000000000000000001')
    expect(priceToFixed(2500.5)).toBe(2500500000000000n)
    expect(priceToFixed(0)).toBe(0n)
    expect(priceToFixed(Number.NaN)).toBe(0n)
  })

  it('the sandbox’s fees: 1.5 % half up plus 0.99, 0.10 network', () => {
    const sandbox = createSandboxProvider({ id: 'sandbox', kind: 'sandbox', url: 'http://x', webhookSecret: SECRET })
    expect(sandbox.fees(1000n, 'USD', 'card')).toEqual({ provider: 114n, network: 10n })
    expect(sandbox.fees(10000n, 'EUR', 'bank_account')).toEqual({ provider: 249n, network: 10n })
    // 33.33 × 1.5 % = 0.49995 → 0.50
    expect(sandbox.fees(3333n, 'USD', 'card').provider).toBe(50n + 99n)
    // The checkout token: HMAC-SHA256 of "checkout:<id>" under the provider's secret, checked in constant time.
    const token = createHmac('sha256', SECRET).update('checkout:abc').digest('base64url')
    expect(sandbox.checkoutUrl({ id: 'abc', projectId: 'foyer-demo' })).toBe(
      `http://x/checkout?purchase=abc&projectId=foyer-demo&token=${token}`,
    )
    expect(sandbox.checkoutTokenValid('abc', token)).toBe(true)
    expect(sandbox.checkoutTokenValid('abd', token)).toBe(false)
    expect(sandbox.checkoutTokenValid('abc', undefined)).toBe(false)
    expect(sandbox.checkoutTokenValid('abc', `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'))
  })

  it('webhook signatures: HMAC-SHA256 over t.body, within 5 minutes either way', () => {
    const body = '{"eventId":"e1"}'
    const now = 1_800_000_000
    const header = signOnrampWebhook(SECRET, body, now)
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/)
    expect(verifyOnrampWebhook(SECRET, header, body, now)).toBe('ok')
    expect(verifyOnrampWebhook(SECRET, header, body, now + 300)).toBe('ok')
    expect(verifyOnrampWebhook(SECRET, header, body, now + 301)).toBe('stale')
    expect(verifyOnrampWebhook(SECRET, header, body, now - 301)).toBe('stale')
    expect(verifyOnrampWebhook(`${SECRET}x`, header, body, now)).toBe('forged')
    expect(verifyOnrampWebhook(SECRET, header, `${body} `, now)).toBe('forged')
    expect(verifyOnrampWebhook(SECRET, header.replace('t=1800000000', 't=1800000001'), body, now)).toBe('forged')
    expect(verifyOnrampWebhook(SECRET, undefined, body, now)).toBe('forged')
    expect(verifyOnrampWebhook(SECRET, 'v1=abc', body, now)).toBe('forged')
    expect(verifyOnrampWebhook(SECRET, `${header.slice(0, -2)}zz`, body, now)).toBe('forged')
    // A second v1 (key rotation) may match.
    expect(verifyOnrampWebhook(SECRET, `t=${now},v1=${'0'.repeat(64)},${header.split(',')[1]}`, body, now)).toBe('ok')
  })
})

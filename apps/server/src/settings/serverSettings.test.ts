/** Every setting's error line: the key (and where in the value), the value as given, and what is expected. */
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'
import { HIDDEN } from './issues.ts'
import { parseSettings, SERVER_SETTINGS, SETTING_KEYS, type SettingKey } from './serverSettings.ts'

const load = (env: Record<string, string>) => loadConfig(env, { repoRoot: null, cwd: '/nonexistent' })

/** The lines `loadConfig` stops with, as the server prints them (`  - path: message`). */
function lines(env: Record<string, string>): string[] {
  try {
    load(env)
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).message.split('\n').slice(1)
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`)
}

const SECRET = 'correct-horse-battery-staple-0123456789'
const ADDRESS = `0x${'ab'.repeat(20)}`

/** [variable, bad value, the line]. */
const BAD: [string, string, string][] = [
  ['PORT', 'eighty', 'PORT: got "eighty", expected an integer from 0 to 65535'],
  ['PORT', '70000', 'PORT: got "70000", expected an integer from 0 to 65535'],
  ['PORT', '-1', 'PORT: got "-1", expected an integer from 0 to 65535'],
  ['HOST', 'a b', 'HOST: got "a b", expected a hostname or IP address'],
  ['LOG_LEVEL', 'loud', 'LOG_LEVEL: got "loud", expected one of debug, info, warn, error, silent'],
  [
    'FOYER_TRUST_PROXY',
    'yes',
    'FOYER_TRUST_PROXY: got "yes", expected the number of trusted proxies, an integer from 0 to 10 (false: 0)',
  ],
  [
    'FOYER_TRUSTED_PROXIES',
    '10.0.0.1,proxy.internal',
    'FOYER_TRUSTED_PROXIES[1]: got "proxy.internal", expected IP addresses or CIDR ranges such as 10.0.0.7, 10.0.0.0/8 or fd00::/8',
  ],
  [
    'FOYER_TRUSTED_PROXIES',
    '10.0.0.0/33',
    'FOYER_TRUSTED_PROXIES[0]: got "10.0.0.0/33", expected IP addresses or CIDR ranges such as 10.0.0.7, 10.0.0.0/8 or fd00::/8',
  ],
  [
    'FOYER_SHUTDOWN_GRACE_SECONDS',
    '1.5',
    'FOYER_SHUTDOWN_GRACE_SECONDS: got "1.5", expected a whole number of seconds from 0 to 3600',
  ],
  [
    'FOYER_SHUTDOWN_DELAY_SECONDS',
    '301',
    'FOYER_SHUTDOWN_DELAY_SECONDS: got "301", expected a whole number of seconds from 0 to 300',
  ],
  [
    'DATABASE_URL',
    'mysql://u:hunter2@db/x',
    `DATABASE_URL: got ${HIDDEN}, expected a postgres:// or postgresql:// URL with a host`,
  ],
  ['FOYER_DATABASE_POOL_MAX', '0', 'FOYER_DATABASE_POOL_MAX: got "0", expected an integer from 1 to 500'],
  ['FOYER_SEED_DEMO', 'maybe', 'FOYER_SEED_DEMO: got "maybe", expected true or false (or 1/0, yes/no, on/off)'],
  [
    'FOYER_RATE_LIMIT_PER_CLIENT',
    'lots',
    'FOYER_RATE_LIMIT_PER_CLIENT: got "lots", expected an integer from 0 to 1000000000',
  ],
  [
    'FOYER_RATE_LIMIT_PER_PROJECT',
    '1e3',
    'FOYER_RATE_LIMIT_PER_PROJECT: got "1e3", expected an integer from 0 to 1000000000',
  ],
  [
    'FOYER_RPC_TIMEOUT_MS',
    '50',
    'FOYER_RPC_TIMEOUT_MS: got "50", expected a whole number of milliseconds from 100 to 120000',
  ],
  [
    'FOYER_RATE_LIMIT_WINDOW_SECONDS',
    '0',
    'FOYER_RATE_LIMIT_WINDOW_SECONDS: got "0", expected a whole number of seconds from 1 to 86400',
  ],
  [
    'FOYER_ANALYTICS_RATE_LIMIT_PER_CLIENT',
    '-1',
    'FOYER_ANALYTICS_RATE_LIMIT_PER_CLIENT: got "-1", expected an integer from 0 to 1000000000',
  ],
  [
    'FOYER_ANALYTICS_RATE_LIMIT_PER_PROJECT',
    'many',
    'FOYER_ANALYTICS_RATE_LIMIT_PER_PROJECT: got "many", expected an integer from 0 to 1000000000',
  ],
  [
    'FOYER_ANALYTICS_COUNTRY_HEADER',
    'CF IPCountry',
    'FOYER_ANALYTICS_COUNTRY_HEADER: got "CF IPCountry", expected a header name',
  ],
  ['REDIS_URL', 'http://u:pw@cache', `REDIS_URL: got ${HIDDEN}, expected a redis:// or rediss:// URL with a host`],
  ['FOYER_INDEXER', 'of', 'FOYER_INDEXER: got "of", expected true or false (or 1/0, yes/no, on/off)'],
  [
    'FOYER_INDEXER_POLL_MS',
    '10',
    'FOYER_INDEXER_POLL_MS: got "10", expected a whole number of milliseconds from 50 to 600000',
  ],
  ['FOYER_INDEXER_BATCH', '2001', 'FOYER_INDEXER_BATCH: got "2001", expected an integer from 1 to 2000'],
  [
    'FOYER_SPAM_NFTS',
    `eip155:1:${ADDRESS}, nope`,
    'FOYER_SPAM_NFTS[1]: got "nope", expected CAIP-10 NFT collections eip155:<chainId>:0x<40 hex>',
  ],
  [
    'FOYER_NAMES_SUFFIX',
    'Foo..Bar',
    'FOYER_NAMES_SUFFIX: got "Foo..Bar", expected a domain name such as foyer.id: dot-separated labels of letters, digits and hyphens, at most 180 characters',
  ],
  [
    'FOYER_ONRAMP_PROVIDERS',
    '{',
    `FOYER_ONRAMP_PROVIDERS: got ${HIDDEN}, expected a JSON array of providers {id, kind?, url, webhookSecret} (this is not valid JSON)`,
  ],
  [
    'FOYER_ONRAMP_PROVIDERS',
    JSON.stringify([{ id: 'sandbox', url: 'ftp://pay', webhookSecret: SECRET }]),
    'FOYER_ONRAMP_PROVIDERS[0].url: got "ftp://pay", expected an http:// or https:// URL',
  ],
  [
    'FOYER_ONRAMP_PROVIDERS',
    JSON.stringify([{ id: 'sandbox', url: 'https://pay', webhookSecret: 'tiny secret' }]),
    `FOYER_ONRAMP_PROVIDERS[0].webhookSecret: got ${HIDDEN}, expected 16 to 512 printable characters without spaces`,
  ],
  [
    'FOYER_ONRAMP_PROVIDERS',
    JSON.stringify([{ id: 'moonpay', url: 'https://pay', webhookSecret: SECRET }]),
    'FOYER_ONRAMP_PROVIDERS[0].kind: got "moonpay", expected a provider module this server has: sandbox',
  ],
  [
    'FOYER_ONRAMP_RESTRICTED_TIMEZONES',
    'Asia/Tokyo,<b>',
    'FOYER_ONRAMP_RESTRICTED_TIMEZONES[1]: got "<b>", expected IANA time zones such as Asia/Shanghai',
  ],
  [
    'FOYER_ONRAMP_EUR_USD',
    '0.00',
    'FOYER_ONRAMP_EUR_USD: got "0.00", expected the US dollars one euro buys, a positive decimal such as 1.08 (at most 6 decimals)',
  ],
  [
    'FOYER_ONRAMP_NETWORKS',
    '["ethereum"]',
    'FOYER_ONRAMP_NETWORKS: got "[\\"ethereum\\"]", expected a JSON object of network names to CAIP-2 chain ids, such as {"ethereum": "eip155:1", "base": "eip155:8453"}',
  ],
  [
    'FOYER_ONRAMP_NETWORKS',
    '{"ethereum": "mainnet"}',
    'FOYER_ONRAMP_NETWORKS.ethereum: got "mainnet", expected a CAIP-2 chain id such as eip155:1',
  ],
  [
    'FOYER_SIWE_KEY_ROTATION_DAYS',
    'monthly',
    'FOYER_SIWE_KEY_ROTATION_DAYS: got "monthly", expected a whole number of days from 0 to 3650',
  ],
  [
    'FOYER_SIWE_KEY_SECRET',
    'short secret',
    `FOYER_SIWE_KEY_SECRET: got ${HIDDEN}, expected 32 to 512 printable characters without spaces`,
  ],
  [
    'FOYER_PAYMASTER_SIGNER_KEY',
    '0xhunter2',
    `FOYER_PAYMASTER_SIGNER_KEY: got ${HIDDEN}, expected a 0x-prefixed 32-byte private key (64 hex digits)`,
  ],
  [
    'FOYER_PAYMASTER_SIGNER_KEY',
    `0x${'0'.repeat(64)}`,
    `FOYER_PAYMASTER_SIGNER_KEY: got ${HIDDEN}, expected a 0x-prefixed 32-byte private key (64 hex digits)`,
  ],
  ['FOYER_PAYMASTERS', '{"8453":"0x12"}', 'FOYER_PAYMASTERS.8453: got "0x12", expected a 0x-prefixed 20-byte address'],
  [
    'FOYER_PAYMASTERS',
    '{"base":"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"}',
    'FOYER_PAYMASTERS.base: got "base", expected a chain id (decimal digits)',
  ],
  [
    'FOYER_METRICS_TOKEN',
    'short',
    `FOYER_METRICS_TOKEN: got ${HIDDEN}, expected 16 to 512 printable characters without spaces`,
  ],
  // The raw JSON is not shown: it may hold a provider's client secret (socialLogin).
  ['FOYER_PROJECTS', '{"id":"x"}', `FOYER_PROJECTS: got ${HIDDEN}, expected a JSON array of projects`],
  [
    'FOYER_PROJECTS',
    JSON.stringify([{ id: 'site', allowedOrigins: ['https://site.example/app'] }]),
    'FOYER_PROJECTS[0].allowedOrigins[0]: got "https://site.example/app", expected an origin (http(s)://host[:port], no path)',
  ],
  [
    'FOYER_PROJECTS',
    JSON.stringify([{ id: 'site', allowedOrigins: [], features: { swap: false } }]),
    'FOYER_PROJECTS[0].features.swap: got "swap", expected no such field (the fields are swaps, onramp, analytics, names, history, email, socials)',
  ],
  [
    'FOYER_PROJECTS',
    JSON.stringify([
      { id: 'a', allowedOrigins: [] },
      { id: 'a', allowedOrigins: [] },
    ]),
    'FOYER_PROJECTS[1].id: got "a", expected a project id not used before in the list',
  ],
  [
    'FOYER_FRAME_ORIGIN',
    'https://wallet.example/path',
    'FOYER_FRAME_ORIGIN: got "https://wallet.example/path", expected an origin like https://wallet.example.com (http:// or https://, no path)',
  ],
  [
    'FOYER_PUBLIC_URL',
    'ftp://x/y',
    'FOYER_PUBLIC_URL: got "ftp://x/y", expected an http:// or https:// base URL without a path',
  ],
  ['FOYER_EMBEDDED_FAUCET_URL', 'nope', 'FOYER_EMBEDDED_FAUCET_URL: got "nope", expected an http:// or https:// URL'],
  [
    'FOYER_SOLANA_MAINNET_RPC_URL',
    'ws://x/key',
    `FOYER_SOLANA_MAINNET_RPC_URL: got ${HIDDEN}, expected an http:// or https:// URL`,
  ],
  [
    'FOYER_SOLANA_DEVNET_RPC_URL',
    'ws://x/key',
    `FOYER_SOLANA_DEVNET_RPC_URL: got ${HIDDEN}, expected an http:// or https:// URL`,
  ],
  [
    'FOYER_SOLANA_TESTNET_RPC_URL',
    'ws://x/key',
    `FOYER_SOLANA_TESTNET_RPC_URL: got ${HIDDEN}, expected an http:// or https:// URL`,
  ],
  [
    'FOYER_EMAIL_CODE_TTL_SECONDS',
    '5',
    'FOYER_EMAIL_CODE_TTL_SECONDS: got "5", expected a whole number of seconds from 60 to 3600',
  ],
  [
    'FOYER_EMBEDDED_SESSION_TTL_SECONDS',
    'week',
    'FOYER_EMBEDDED_SESSION_TTL_SECONDS: got "week", expected a whole number of seconds from 60 to 7776000',
  ],
  [
    'FOYER_EMBEDDED_DEVICE_TTL_DAYS',
    '0',
    'FOYER_EMBEDDED_DEVICE_TTL_DAYS: got "0", expected a whole number of days from 1 to 3650',
  ],
  [
    'FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR',
    '-1',
    'FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR: got "-1", expected an integer from 1 to 1000000',
  ],
  [
    'FOYER_EMAIL_SENDS_PER_HOUR',
    'many',
    'FOYER_EMAIL_SENDS_PER_HOUR: got "many", expected an integer from 1 to 10000000',
  ],
  [
    'FOYER_CONSOLE_OPERATORS',
    '[{"email":"ops@my.site","password":"hunter2 hunter2"}]',
    'FOYER_CONSOLE_OPERATORS[0].password: got "password", expected no such field (the fields are email, passwordHash)',
  ],
  [
    'FOYER_REDIS_KEY_PREFIX',
    'foyer rate',
    'FOYER_REDIS_KEY_PREFIX: got "foyer rate", expected 1-64 printable characters without spaces',
  ],
  ['SMTP_HOST', 'smtp host', 'SMTP_HOST: got "smtp host", expected a hostname or IP address'],
  ['SMTP_PORT', '0', 'SMTP_PORT: got "0", expected an integer from 1 to 65535'],
  ['SMTP_SECURE', 'ture', 'SMTP_SECURE: got "ture", expected true or false (or 1/0, yes/no, on/off)'],
  [
    'FOYER_FARCASTER_RELAY_URL',
    'relay.farcaster.xyz',
    'FOYER_FARCASTER_RELAY_URL: got "relay.farcaster.xyz", expected an http:// or https:// URL',
  ],
  [
    'FOYER_FARCASTER_RPC_URL',
    'wss://optimism.example/hunter2',
    `FOYER_FARCASTER_RPC_URL: got ${HIDDEN}, expected an http:// or https:// URL`,
  ],
]

describe('one line per bad setting', () => {
  it.each(BAD)('%s=%s', (key, value, line) => {
    expect(lines({ [key]: value })).toEqual([`  - ${line}`])
  })

  it('never shows a secret, whatever the problem', () => {
    for (const [key, value] of BAD) {
      const setting = SERVER_SETTINGS[key as SettingKey]
      if (!('secret' in setting) && !('secretFields' in setting)) continue
      const text = lines({ [key]: value }).join('\n')
      for (const part of [value, 'hunter2', 'tiny secret', 'short secret'])
        if (part !== '' && value.includes(part) && part.length > 4) expect(text, key).not.toContain(part)
    }
  })

  it('covers every setting that can be wrong, and reports them all at once', () => {
    const covered = new Set(BAD.map(([key]) => key))
    // Free text, paths, and the frame host's and the command line's own (tested in frameServer and configFile).
    const free = [
      'SMTP_USER',
      'SMTP_PASS',
      'SMTP_FROM',
      'FOYER_DATA_DIR',
      'FOYER_DEVNET_FILE',
      'FOYER_WALLETS_FILE',
      'FOYER_CONSOLE_DIR',
    ]
    const elsewhere = ['FOYER_CONFIG', 'FOYER_FRAME_DIR', 'FOYER_FRAME_PORT', 'FOYER_FRAME_HOST']
    expect(SETTING_KEYS.filter((key) => !covered.has(key) && !free.includes(key) && !elsewhere.includes(key))).toEqual(
      [],
    )
    const firstOfEach = Object.fromEntries(BAD.map(([key, value]) => [key, value]))
    expect(lines(firstOfEach)).toHaveLength(new Set(BAD.map(([key]) => key)).size)
  })

  it('parses the same values the same way, whatever the setting', () => {
    const { values, issues } = parseSettings(
      {
        SMTP_SECURE: 'YES',
        FOYER_INDEXER: 'off',
        FOYER_SEED_DEMO: '0',
        FOYER_TRUST_PROXY: 'false',
        PORT: ' 0080 ',
        FOYER_SHUTDOWN_GRACE_SECONDS: '3',
        FOYER_INDEXER_POLL_MS: '75',
        FOYER_SPAM_NFTS: ` eip155:1:${ADDRESS.toUpperCase().replace('0X', '0x')} ,, `,
        FOYER_ONRAMP_RESTRICTED_TIMEZONES: 'Asia/Tokyo,Asia/Tokyo',
      },
      SETTING_KEYS,
    )
    expect(issues).toEqual([])
    expect(values).toMatchObject({
      SMTP_SECURE: true,
      FOYER_INDEXER: false,
      FOYER_SEED_DEMO: false,
      FOYER_TRUST_PROXY: 0,
      PORT: 80,
      FOYER_SHUTDOWN_GRACE_SECONDS: 3000,
      FOYER_INDEXER_POLL_MS: 75,
      FOYER_SPAM_NFTS: [{ chainId: 1, address: ADDRESS }],
      FOYER_ONRAMP_RESTRICTED_TIMEZONES: ['Asia/Tokyo'],
    })
  })

  it('takes null for a left-out field in JSON values, as it always did', () => {
    const { values, issues } = parseSettings(
      {
        FOYER_PROJECTS: JSON.stringify([{ id: 'site', allowedOrigins: [], features: null }]),
        FOYER_ONRAMP_PROVIDERS: JSON.stringify([
          { id: 'sandbox', kind: null, url: 'https://pay/', webhookSecret: SECRET },
        ]),
      },
      ['FOYER_PROJECTS', 'FOYER_ONRAMP_PROVIDERS'],
    )
    expect(issues).toEqual([])
    expect(values.FOYER_PROJECTS).toEqual([{ id: 'site', name: 'site', allowedOrigins: [], features: {} }])
    expect(values.FOYER_ONRAMP_PROVIDERS).toEqual([
      { id: 'sandbox', kind: 'sandbox', url: 'https://pay', webhookSecret: SECRET },
    ])
  })
})

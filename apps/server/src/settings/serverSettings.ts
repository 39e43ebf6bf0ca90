/**
 * Every server setting, by its environment variable name: how its value is parsed, its default, and what it does.
 * This table is the list of settings: the config file's keys, the error lines and the settings table in
 * docs/configuration.md all come from it.
 */
import { CaipAccountId, DEFAULT_NAMES_SUFFIX, DEFAULT_ONRAMP_RESTRICTED_TIMEZONES } from '@foyer/core/protocol'
import * as v from 'valibot'
import type { Env } from '../config.ts'
import { operatorsSetting } from '../console/operators/operatorsSetting.ts'
import { LOOPBACK_PROXIES, parseProxyRange } from '../http/clientAddress.ts'
import type { Issue } from '../http/errors.ts'
import { LOG_LEVELS } from '../log.ts'
import {
  DEFAULT_ONRAMP_EUR_USD,
  DEFAULT_ONRAMP_NETWORKS,
  eurUsdRate,
  onrampNetworks,
  onrampProviders,
  restrictedTimezones,
} from '../onramp/onrampConfig.ts'
import { projectsSetting } from '../projects/projectsConfig.ts'
import { paymasterSignerKey, paymastersSetting } from '../sponsorship/sponsorshipConfig.ts'
import {
  boolean,
  duration,
  FALSE_WORDS,
  type Field,
  hostname,
  integer,
  list,
  matching,
  oneOf,
  path,
  secret,
  text,
  url,
} from './fields.ts'
import { type Masking, settingIssues } from './issues.ts'

/** The groups of the settings table, in the order docs/configuration.md shows them. */
export const SETTING_GROUPS = [
  'Server process',
  'Database and files',
  'Projects',
  'Operator console',
  'Rate limits',
  'Analytics',
  'Account history indexer',
  'Solana clusters',
  'Account names',
  'On-ramp',
  'Sign-in with Ethereum',
  'Gas sponsorship',
  'Embedded wallet',
  'Secure frame host',
] as const

export interface Setting<T = unknown, Value = T> extends Masking {
  readonly field: Field<T>
  /** The value when the variable is unset or blank (undefined: none, or one the server derives). */
  readonly default: Value
  /** The default as the settings table shows it (markdown). */
  readonly shows: string
  readonly group: (typeof SETTING_GROUPS)[number]
  /** What the setting does (markdown, one paragraph). */
  readonly about: string
  /** Read by the command line before any file is read, so a config file cannot set it. */
  readonly notInFile?: boolean
}

interface Doc extends Masking {
  group: Setting['group']
  about: string
  notInFile?: boolean
}

/** A setting with a default value. */
function withDefault<T>(field: Field<T>, value: T, shows: string, doc: Doc): Setting<T, T> {
  return { field, default: value, shows, ...doc }
}

/** A setting that may be unset; `shows` says what unset means. */
function optional<T>(field: Field<T>, shows: string, doc: Doc): Setting<T, T | undefined> {
  return { field, default: undefined, shows, ...doc }
}

const port = integer(0, 65535)

/** FOYER_TRUST_PROXY also takes the false words for 0 (no proxy), as it once was a switch. */
const PROXY_HOPS = 'the number of trusted proxies, an integer from 0 to 10 (false: 0)'
const proxyHops: Field<number> = {
  expects: PROXY_HOPS,
  schema: v.pipe(
    v.string(),
    v.transform((s) => ((FALSE_WORDS as readonly string[]).includes(s.toLowerCase()) ? '0' : s)),
    integer(0, 10, PROXY_HOPS).schema,
  ),
}

const PROXY_RANGE = 'IP addresses or CIDR ranges such as 10.0.0.7, 10.0.0.0/8 or fd00::/8'
/** One FOYER_TRUSTED_PROXIES entry, read by ipaddr.js and kept as `address/prefix`. */
const proxyRange: Field<string> = {
  expects: PROXY_RANGE,
  schema: v.pipe(
    v.string(PROXY_RANGE),
    v.check((entry) => parseProxyRange(entry) !== undefined, PROXY_RANGE),
    v.transform((entry) => parseProxyRange(entry)!),
  ),
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const NAMES_SUFFIX_EXPECTS = 'a domain name such as foyer.id: dot-separated labels of letters, digits and hyphens'
/** FOYER_NAMES_SUFFIX: kept lower-case, a leading dot dropped. */
const namesSuffix: Field<string> = {
  expects: `${NAMES_SUFFIX_EXPECTS}, at most 180 characters`,
  schema: v.pipe(
    v.string(),
    v.toLowerCase(),
    v.transform((s) => s.replace(/^\./, '')),
    v.check(
      (suffix) => suffix.length <= 180 && new RegExp(`^${LABEL}(?:\\.${LABEL})*$`).test(suffix),
      `${NAMES_SUFFIX_EXPECTS}, at most 180 characters`,
    ),
  ),
}

const spamNft: Field<{ chainId: number; address: `0x${string}` }> = {
  expects: 'CAIP-10 NFT collections eip155:<chainId>:0x<40 hex>',
  schema: v.pipe(
    v.string(),
    v.check((s) => v.is(CaipAccountId, s), 'CAIP-10 NFT collections eip155:<chainId>:0x<40 hex>'),
    v.transform((s) => {
      const nft = v.parse(CaipAccountId, s)
      return { chainId: nft.chainId, address: nft.address.toLowerCase() as `0x${string}` }
    }),
  ),
}

export const SERVER_SETTINGS = {
  // Server
  PORT: withDefault(port, 8787, '`8787`', {
    group: 'Server process',
    about: 'TCP port to listen on; `0` picks a free one.',
  }),
  HOST: withDefault(hostname(), '127.0.0.1', '`127.0.0.1`', {
    group: 'Server process',
    about: 'Interface to listen on; `0.0.0.0` accepts connections from other machines.',
  }),
  LOG_LEVEL: withDefault(oneOf(LOG_LEVELS), 'info', '`info`', {
    group: 'Server process',
    about:
      'Logs go to stderr, one JSON object per line; `info` has one line per request, `debug` adds SQL statements (never parameter values). See [operations.md](operations.md#logs).',
  }),
  FOYER_CONFIG: optional(path('a JSON settings file'), 'none', {
    group: 'Server process',
    notInFile: true,
    about:
      'A JSON file of settings keyed by these names, as `foyer-server --config <file>` (the option wins). The environment wins over the file.',
  }),
  FOYER_TRUST_PROXY: withDefault(proxyHops, 0, '`0`', {
    group: 'Server process',
    about:
      'How many proxies in front of the server to trust: the client address is then the `X-Forwarded-For` entry the outermost trusted one saw (per-client rate limits and email quotas key on it). The header is read only from a TCP peer listed in `FOYER_TRUSTED_PROXIES`; a client that reaches the port directly is keyed on its own address. `0`: the TCP peer.',
  }),
  FOYER_TRUSTED_PROXIES: withDefault(
    list(proxyRange, { unique: true }),
    [...LOOPBACK_PROXIES],
    '`127.0.0.0/8,::1/128`',
    {
      group: 'Server process',
      about:
        'The addresses of the proxies `FOYER_TRUST_PROXY` counts: `X-Forwarded-For` is believed only when the TCP peer (and each further hop walked) is one of them. The default, loopback, fits a proxy on the same machine; list the proxy or load balancer addresses (or their subnet, e.g. `10.0.0.0/8`) when it runs elsewhere. See [operations.md](operations.md#behind-a-proxy).',
    },
  ),
  FOYER_METRICS_TOKEN: optional(secret(16, 512), 'none: `/metrics` is open', {
    group: 'Server process',
    secret: true,
    about:
      'When set, `GET /metrics` needs `Authorization: Bearer <token>`. See [operations.md](operations.md#metrics).',
  }),
  FOYER_PUBLIC_URL: optional(url({ protocols: ['http:', 'https:'], shape: 'base' }), '`http://<HOST>:<PORT>`', {
    group: 'Server process',
    about:
      'This server’s public base URL, as browsers reach it: every image URL in the API’s answers (wallet, token and network marks, each with the project id) is built on it — never on the request’s `Host` header — and so are device approval links, the frame’s CSP `connect-src` and the shipped frame build. Set it behind a proxy or with `PORT=0`.',
  }),
  FOYER_SHUTDOWN_GRACE_SECONDS: withDefault(duration('seconds', 0, 3600), 10_000, '`10`', {
    group: 'Server process',
    about: 'How long requests in flight may finish after SIGTERM before their connections are cut.',
  }),
  FOYER_SHUTDOWN_DELAY_SECONDS: withDefault(duration('seconds', 0, 300), 0, '`0`', {
    group: 'Server process',
    about:
      'After SIGTERM, how long the server goes on accepting and serving requests while `/health` answers 503, before it stops accepting connections: set it above your load balancer’s time to mark a server down, so no connection is ever accepted and then dropped.',
  }),

  // Database and files
  DATABASE_URL: optional(
    url({ protocols: ['postgres:', 'postgresql:'], expects: 'a postgres:// or postgresql:// URL with a host' }),
    'none: the embedded database (PGlite) in `FOYER_DATA_DIR`',
    {
      group: 'Database and files',
      secret: true,
      about:
        'Use this Postgres through `pg`, e.g. `postgres://user:pass@host:5432/db`; `?sslmode=require` etc. are honoured. See [server.md](server.md#database).',
    },
  ),
  FOYER_DATABASE_POOL_MAX: withDefault(integer(1, 500), 10, '`10`', {
    group: 'Database and files',
    about: 'Postgres connections this instance may hold at once; queries beyond it wait. PGlite has one connection.',
  }),
  FOYER_DATA_DIR: optional(path(), '`./foyer-data` (in the repository: `<repo>/.foyer/data`)', {
    group: 'Database and files',
    about:
      'Folder for local data; the embedded database lives in `<dir>/pglite`. Relative paths resolve against the current directory (in a config file: against the file’s folder), as for every path below.',
  }),
  FOYER_DEVNET_FILE: optional(path(), 'none (in the repository: `<repo>/.foyer/devnet.json`)', {
    group: 'Database and files',
    about:
      'The chains file, as the local devnet writes it (see [server.md](server.md#devnet-file)). Loaded when present; missing means no chains are configured; a malformed one stops the server. ' +
      'Its optional `solana` block `{ rpcUrl, genesisHash?, mints? }` is the server’s local Solana chain: balances, and history from the Solana indexer (the devnet’s stand-in or a `solana-test-validator`; a public cluster’s RPC written here is read through, not indexed): its CAIP-2 id is `solana:` and the first 32 characters of `genesisHash`, asked of the RPC (`getGenesisHash`) when left out; a mainnet-beta, devnet or testnet hash names that cluster. No Solana RPC is asked without it.',
  }),
  FOYER_RPC_TIMEOUT_MS: withDefault(duration('milliseconds', 100, 120_000), 10_000, '`10000`', {
    group: 'Database and files',
    about:
      'How long one JSON-RPC request to a chain’s node (balances, prices, swap quotes, names, Sign-in with Ethereum) may take before it is given up and tried once more; a second failure answers `502 chain_unavailable`. A request that reads the chain in two rounds (a balance, then its price) answers within about four times this. The indexer’s reads have their own, longer limit (30 s) and are retried in the background.',
  }),
  FOYER_WALLETS_FILE: optional(path(), 'the shipped catalogue (`apps/server/src/catalogue/wallets.json`)', {
    group: 'Database and files',
    about:
      'The wallet catalogue, as JSON the operator edits: `{ "wallets": [{ id, name, homepage, rdns, chains, mobile: { native, universal }, desktop: { native, universal }, webapp, appStore, playStore, order, mark }] }`; `mark` is `{ "source": "@web3icons/core", "name": "<the package’s wallet name>", "licence": "MIT" }` or `{ "source": "generated" }` (also when left out), see [api.md](api.md#where-the-images-come-from). `chains` lists the CAIP-2 namespaces the wallet supports (`["eip155", "solana"]`): the modal lists the wallet only on sites with a network of one of them; left out or empty, the wallet is listed on every site. Checked at start: every problem is listed and the server does not start.',
  }),

  FOYER_CONSOLE_DIR: optional(path('the folder of a console build'), 'the console build shipped with the server', {
    group: 'Database and files',
    about:
      'The operator’s console to serve at `/console` (a `vite build` of `apps/console`, made with its base `/console/`). Left unset, the server serves the build shipped in its package (`dist/console-app`; in the repository, `apps/console/dist`), and answers 404 under `/console` when there is none. See [operations.md](operations.md#the-operator-console).',
  }),

  // Projects
  FOYER_PROJECTS: optional(projectsSetting, 'none', {
    group: 'Projects',
    secretFields: ['clientSecret'],
    about:
      'Projects to create at start, or to replace when the entry changed since the last start (a restart with the same entry keeps what the operator console changed: [the last change wins](#projects-foyer_projects-and-the-console)): `[{"id": "my-site", "name"?: "…", "allowedOrigins": ["https://my.site"], "features"?: {…}, "socialLogin"?: {…}, "sponsorship"?: {…}}]` (in a config file, the array itself). `socialLogin`: each social provider’s client, see [Social login](#social-login). `sponsorship`: the gas the project pays, see [api.md](api.md#gas-sponsorship--post-v1paymaster). An entry with the id `foyer-demo` replaces the built-in demo project whole. See [server.md](server.md#projects).',
  }),
  FOYER_SEED_DEMO: withDefault(boolean(), true, '`true`', {
    group: 'Projects',
    about:
      'Create the demo project `foyer-demo` at start (written again only when the built-in demo differs from what was last written, as for `FOYER_PROJECTS`). Set it to `false` in production.',
  }),

  // Operator console
  FOYER_CONSOLE_OPERATORS: optional(operatorsSetting, 'none', {
    group: 'Operator console',
    secretFields: ['passwordHash'],
    about:
      'Operators of the console (`/console`) to create at start when missing: `[{"email": "ops@example.com", "passwordHash"?: "$scrypt$…"}]` (in a config file, the array itself). An operator that exists is left as it is, its password too. Without `passwordHash` the operator signs in by emailed link. `foyer-server operator hash` prints a hash from a password on stdin; `foyer-server operator add` is the other way to create operators. See [operations.md](operations.md#the-operator-console).',
  }),

  // Analytics
  FOYER_ANALYTICS_COUNTRY_HEADER: optional(
    matching(/^[A-Za-z0-9-]{1,64}$/, 'a header name'),
    'none: no country is stored',
    {
      group: 'Analytics',
      about:
        'The request header in which a trusted proxy or CDN gives the visitor’s country as two letters (`CF-IPCountry`, `CloudFront-Viewer-Country`); `POST /e` stores it with each event. Read only from requests that came through a proxy of `FOYER_TRUSTED_PROXIES` with `FOYER_TRUST_PROXY` on. Unset, no country is stored.',
    },
  ),

  // Rate limits
  FOYER_RATE_LIMIT_PER_CLIENT: withDefault(integer(0, 1_000_000_000), 600, '`600`', {
    group: 'Rate limits',
    about: 'Requests per window from one client address (IPv6 by /64); `0` switches it off.',
  }),
  FOYER_RATE_LIMIT_PER_PROJECT: withDefault(integer(0, 1_000_000_000), 6000, '`6000`', {
    group: 'Rate limits',
    about: 'Requests per window for one project, from all clients together; `0` switches it off.',
  }),
  FOYER_RATE_LIMIT_WINDOW_SECONDS: withDefault(duration('seconds', 1, 86_400), 60_000, '`60`', {
    group: 'Rate limits',
    about: 'The fixed window, aligned to the clock.',
  }),
  FOYER_ANALYTICS_RATE_LIMIT_PER_CLIENT: withDefault(integer(0, 1_000_000_000), 120, '`120`', {
    group: 'Rate limits',
    about:
      '`POST /e` (analytics) requests per window from one client address; a modal sends at most one batch every 5 s, so 120 a minute leaves room for a few tabs behind one address. `0` switches it off.',
  }),
  FOYER_ANALYTICS_RATE_LIMIT_PER_PROJECT: withDefault(integer(0, 1_000_000_000), 60000, '`60000`', {
    group: 'Rate limits',
    about: '`POST /e` (analytics) requests per window for one project, from all clients together; `0` switches it off.',
  }),
  REDIS_URL: optional(
    url({ protocols: ['redis:', 'rediss:'], expects: 'a redis:// or rediss:// URL with a host' }),
    'none: the database (or, on PGlite, memory)',
    { group: 'Rate limits', secret: true, about: 'Keep the rate-limit counts in Redis.' },
  ),
  FOYER_REDIS_KEY_PREFIX: withDefault(
    matching(/^[\x21-\x7e]{1,64}$/, '1-64 printable characters without spaces'),
    'foyer:rate:',
    '`foyer:rate:`',
    {
      group: 'Rate limits',
      about:
        'What every rate-limit key in Redis starts with: deployments (or test runs) sharing one Redis each give their own.',
    },
  ),

  // Account history indexer
  FOYER_INDEXER: withDefault(boolean(), true, '`true`', {
    group: 'Account history indexer',
    about:
      '`false` turns the indexer off for this instance (history then shows what other instances, or an earlier run, wrote). Run it on one or several instances: they share the work safely through the database (the cursor is compare-and-set).',
  }),
  FOYER_INDEXER_POLL_MS: withDefault(duration('milliseconds', 50, 600_000), 500, '`500`', {
    group: 'Account history indexer',
    about: 'Pause between polls once the indexer has the chain’s head.',
  }),
  FOYER_INDEXER_BATCH: withDefault(integer(1, 2000), 100, '`100`', {
    group: 'Account history indexer',
    about: 'Blocks read (one JSON-RPC batch) and written (one transaction) per step.',
  }),
  FOYER_SPAM_NFTS: withDefault(list(spamNft), [], 'none', {
    group: 'Account history indexer',
    about:
      'Extra spam NFT collections (in a config file, also an array). Collections the chains file flags `"spam": true` are always added.',
  }),

  // Solana clusters
  FOYER_SOLANA_MAINNET_RPC_URL: optional(url({ protocols: ['http:', 'https:'] }), 'none: mainnet-beta is not served', {
    group: 'Solana clusters',
    secret: true,
    about:
      'The JSON-RPC endpoint of Solana mainnet-beta (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`), any node or RPC provider. Set, the balance route reads SOL and SPL balances on it, and the history route reads the account’s transactions through it (`getSignaturesForAddress`, then `getTransaction`; not indexed). Treated as a secret, since such URLs often carry an API key. Unset, nothing is asked of mainnet-beta.',
  }),
  FOYER_SOLANA_DEVNET_RPC_URL: optional(url({ protocols: ['http:', 'https:'] }), 'none: devnet is not served', {
    group: 'Solana clusters',
    secret: true,
    about:
      'The JSON-RPC endpoint of Solana devnet (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`), any node or RPC provider. Set, the balance route reads SOL and SPL balances on it, and the history route reads the account’s transactions through it (`getSignaturesForAddress`, then `getTransaction`; not indexed). Treated as a secret, since such URLs often carry an API key. Unset, nothing is asked of devnet.',
  }),
  FOYER_SOLANA_TESTNET_RPC_URL: optional(url({ protocols: ['http:', 'https:'] }), 'none: testnet is not served', {
    group: 'Solana clusters',
    secret: true,
    about:
      'The JSON-RPC endpoint of Solana testnet (`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`), any node or RPC provider. Set, the balance route reads SOL and SPL balances on it, and the history route reads the account’s transactions through it (`getSignaturesForAddress`, then `getTransaction`; not indexed). Treated as a secret, since such URLs often carry an API key. Unset, nothing is asked of testnet.',
  }),

  // Account names
  FOYER_NAMES_SUFFIX: withDefault(namesSuffix, DEFAULT_NAMES_SUFFIX, `\`${DEFAULT_NAMES_SUFFIX}\``, {
    group: 'Account names',
    about:
      'What every name ends with, `alice.<suffix>`, kept lower-case. Routes accept the label alone or the full name with this suffix; a name with another suffix is refused. Changing it later does not rename stored names: they keep the old suffix and can no longer be looked up, so choose it before names are registered.',
  }),

  // On-ramp
  FOYER_ONRAMP_PROVIDERS: optional(onrampProviders, 'the devnet file’s sandbox, if any', {
    group: 'On-ramp',
    secretFields: ['webhookSecret'],
    about:
      '`[{"id": "sandbox", "kind"?: "sandbox", "url": "https://…", "webhookSecret": "…"}]` (in a config file, the array itself). `id`: 1–32 lower-case letters, digits or hyphens, what the API names it by; `kind`: the provider module that serves it (default: the id; this server has `sandbox`); `url`: its checkout origin; `webhookSecret`: 16–512 printable characters, the HMAC key of its webhooks. The first is the default provider; `[]` turns every provider off, the devnet’s sandbox included.',
  }),
  FOYER_ONRAMP_RESTRICTED_TIMEZONES: withDefault(
    restrictedTimezones,
    [...DEFAULT_ONRAMP_RESTRICTED_TIMEZONES],
    `\`${DEFAULT_ONRAMP_RESTRICTED_TIMEZONES.join(',')}\``,
    {
      group: 'On-ramp',
      about:
        'IANA time zones where the modal hides the on-ramp (by default mainland China’s zones, Hong Kong, Macau and North Korea). Served in `GET /v1/onramp/providers`; the modal compares the browser’s `Intl` time zone.',
    },
  ),
  FOYER_ONRAMP_EUR_USD: withDefault(eurUsdRate, DEFAULT_ONRAMP_EUR_USD, `\`${DEFAULT_ONRAMP_EUR_USD}\``, {
    group: 'On-ramp',
    about: 'A EUR payment’s subtotal is priced in dollars at this rate against the pools’ USD prices.',
  }),
  FOYER_ONRAMP_NETWORKS: withDefault(
    onrampNetworks,
    { ...DEFAULT_ONRAMP_NETWORKS },
    `\`${JSON.stringify(DEFAULT_ONRAMP_NETWORKS)}\``,
    {
      group: 'On-ramp',
      about:
        'Network names a quote or checkout request may give instead of a CAIP-2 chain id (`"network": "ethereum"`), each to the chain it means: a JSON object (in a config file, the object itself), names of letters, digits and hyphens compared without case. A name of a chain this server does not serve is refused like an unknown one. The devnet maps `ethereum` and `base` to its two local chains.',
    },
  ),

  // Sign-in with Ethereum
  FOYER_SIWE_KEY_ROTATION_DAYS: withDefault(duration('days', 0, 3650), 30 * 24 * 3600 * 1000, '`30`', {
    group: 'Sign-in with Ethereum',
    about:
      'A new token signing key once the newest is older than this, made at the next sign-in; older keys stay in the JWKS for 24 hours (the longest a token lives) plus 5 minutes after their successor appeared. `0` makes a key at every sign-in: for tests only.',
  }),
  FOYER_SIWE_KEY_SECRET: optional(secret(32, 512), 'none: keys stored unencrypted', {
    group: 'Sign-in with Ethereum',
    secret: true,
    about:
      'When set, each new signing key’s private half is stored encrypted (JWE, `dir` + AES-256-GCM, the key id authenticated) with a key derived from this secret by HKDF-SHA256, so a database dump alone cannot sign tokens. Without it the key is stored as a plain JWK and the server warns once. Keep it out of the database’s backups; changing or removing it makes the encrypted keys unusable (sign-ins answer 503 `signing_key_unavailable` until the next rotation: delete the newest row, or wait).',
  }),

  // Gas sponsorship
  FOYER_PAYMASTER_SIGNER_KEY: optional(paymasterSignerKey, 'none: no operation is sponsored', {
    group: 'Gas sponsorship',
    secret: true,
    about:
      'The private key whose signature the verifying paymasters accept (their `verifyingSigner`): `POST /v1/paymaster` signs each sponsorship a project’s policy grants with it. Keep it apart from the key that funds the paymasters. See [operations.md](operations.md#gas-sponsorship).',
  }),
  FOYER_PAYMASTERS: optional(paymastersSetting, 'the devnet file’s paymasters, if any', {
    group: 'Gas sponsorship',
    about:
      'The verifying paymaster on each chain, `{"8453": "0x…"}` (in a config file, the object itself); a chain given here replaces the devnet file’s. A chain without one sponsors nothing. The paymasters serve the EntryPoint v0.8 (`0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108`).',
  }),

  // Embedded wallet
  FOYER_FRAME_ORIGIN: withDefault(
    url({ protocols: ['http:', 'https:'], shape: 'origin' }),
    'http://127.0.0.1:5174',
    '`http://127.0.0.1:5174`',
    {
      group: 'Embedded wallet',
      about: 'The secure frame’s origin: the only browser origin allowed on `/v1/embedded/*`.',
    },
  ),
  FOYER_EMBEDDED_FAUCET_URL: optional(url({ protocols: ['http:', 'https:'] }), 'none', {
    group: 'Embedded wallet',
    about: 'Devnet only: POSTed `{address}` when an embedded wallet is created.',
  }),
  FOYER_EMAIL_CODE_TTL_SECONDS: withDefault(duration('seconds', 60, 3600), 600_000, '`600`', {
    group: 'Embedded wallet',
    about: 'How long an emailed code is valid.',
  }),
  FOYER_EMBEDDED_SESSION_TTL_SECONDS: withDefault(
    duration('seconds', 60, 90 * 24 * 3600),
    7 * 24 * 3600 * 1000,
    '`604800` (7 days)',
    { group: 'Embedded wallet', about: 'How long an embedded-wallet session lasts.' },
  ),
  FOYER_EMBEDDED_DEVICE_TTL_DAYS: withDefault(duration('days', 1, 3650), 90 * 24 * 3600 * 1000, '`90`', {
    group: 'Embedded wallet',
    about: 'An approved device needs approval again this long after its last sign-in.',
  }),
  FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR: withDefault(integer(1, 1_000_000), 20, '`20`', {
    group: 'Embedded wallet',
    about: 'Emails (codes and device links) one client address may cause per hour (`429 send_quota_exceeded`).',
  }),
  FOYER_EMAIL_SENDS_PER_HOUR: withDefault(integer(1, 10_000_000), 1000, '`1000`', {
    group: 'Embedded wallet',
    about: 'Emails the server sends per hour in all: a cap on what abuse can cost.',
  }),
  SMTP_HOST: withDefault(hostname(), '127.0.0.1', '`127.0.0.1`', {
    group: 'Embedded wallet',
    about: 'SMTP server for codes and device links.',
  }),
  SMTP_PORT: withDefault(integer(1, 65535), 2525, '`2525` (the devnet’s mail sink)', {
    group: 'Embedded wallet',
    about: 'Its port.',
  }),
  SMTP_SECURE: withDefault(boolean(), false, '`false`', {
    group: 'Embedded wallet',
    about: '`true` for TLS from the first byte (port 465).',
  }),
  SMTP_USER: optional(text('a user name'), 'none', { group: 'Embedded wallet', about: 'SMTP login.' }),
  SMTP_PASS: optional(text('a password'), 'none', {
    group: 'Embedded wallet',
    secret: true,
    about: 'SMTP password.',
  }),
  SMTP_FROM: withDefault(text('a sender address'), 'Foyer <no-reply@foyer.local>', '`Foyer <no-reply@foyer.local>`', {
    group: 'Embedded wallet',
    about: 'Sender of the emails.',
  }),
  FOYER_FARCASTER_RELAY_URL: optional(
    url({ protocols: ['http:', 'https:'], trimSlashes: true }),
    'none: no Farcaster sign-in',
    {
      group: 'Embedded wallet',
      about:
        'The Farcaster Connect relay for Sign in with Farcaster: `https://relay.farcaster.xyz` (the devnet runs a local stand-in on `http://127.0.0.1:8796`). Farcaster sign-in needs this and `FOYER_FARCASTER_RPC_URL`.',
    },
  ),
  FOYER_FARCASTER_RPC_URL: optional(url({ protocols: ['http:', 'https:'] }), 'none: no Farcaster sign-in', {
    group: 'Embedded wallet',
    secret: true,
    about:
      'JSON-RPC of the chain holding Farcaster’s IdRegistry and KeyRegistry, which a sign-in’s signer is checked against: an Optimism endpoint in production (the devnet: its chain 31337 on `http://127.0.0.1:8545`, with stand-ins at the real addresses). Treated as a secret, since such URLs often carry an API key.',
  }),

  // Secure frame host
  FOYER_FRAME_DIR: optional(path('the folder of a frame build'), 'none: no frame host', {
    group: 'Secure frame host',
    about:
      'Also serve the secure frame build from this folder on its own port (`foyer-server --frame [<dir>]`). See [operations.md](operations.md#the-secure-frame-in-the-same-process).',
  }),
  FOYER_FRAME_PORT: withDefault(port, 5174, '`5174`', { group: 'Secure frame host', about: 'The frame host’s port.' }),
  FOYER_FRAME_HOST: optional(hostname(), '`HOST`', {
    group: 'Secure frame host',
    about: 'The interface the frame host listens on.',
  }),
} satisfies Record<string, Setting<unknown, unknown>>

export type SettingKey = keyof typeof SERVER_SETTINGS
export const SETTING_KEYS = Object.keys(SERVER_SETTINGS) as SettingKey[]

/** Each setting's parsed value (its default when unset). */
export type SettingValues = {
  -readonly [K in SettingKey]: (typeof SERVER_SETTINGS)[K] extends Setting<unknown, infer Value> ? Value : never
}

/** The settings a config file may hold (FOYER_CONFIG names the file, so it cannot be in it). */
export const FILE_KEYS = SETTING_KEYS.filter((key) => !(SERVER_SETTINGS[key] as Setting).notInFile)

/** The path settings: resolved against the current directory (in the file: against the file's folder). */
export const PATH_KEYS = SETTING_KEYS.filter((key) => (SERVER_SETTINGS[key] as Setting).field.isPath)

/** A variable's value: trimmed, and undefined when unset or blank. */
export function readVariable(env: Env, key: string): string | undefined {
  const value = env[key]
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

/** Parses `keys` from `env`; every problem is one issue, and a bad value's setting keeps its default. */
export function parseSettings<K extends SettingKey>(
  env: Env,
  keys: readonly K[],
): { values: Pick<SettingValues, K>; issues: Issue[] } {
  const values = {} as Record<K, unknown>
  const issues: Issue[] = []
  for (const key of keys) {
    const setting = SERVER_SETTINGS[key] as Setting
    values[key] = setting.default
    const raw = readVariable(env, key)
    if (raw === undefined) continue
    const result = v.safeParse(setting.field.schema, raw)
    if (result.success) values[key] = result.output
    else issues.push(...settingIssues(key, raw, result.issues, setting))
  }
  return { values: values as Pick<SettingValues, K>, issues }
}

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, describeConfig, loadConfig, REPO_ROOT, SERVER_VERSION } from './config.ts'
import { redactUrl } from './log.ts'
import { normalizeOrigin } from './projects/model.ts'

const root = mkdtempSync(join(tmpdir(), 'foyer-config-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const load = (env: Record<string, string | undefined> = {}) => loadConfig(env, { repoRoot: root, cwd: root })

function issuesOf(env: Record<string, string>): string[] {
  try {
    load(env)
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).issues.map((i) => i.path)
  }
  throw new Error('expected a ConfigError')
}

const A = (n: number) => `0x${String(n).padStart(40, '0')}`

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const c = load()
    expect(c).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: join(root, '.foyer', 'data'),
      pgliteDir: join(root, '.foyer', 'data', 'pglite'),
      devnetFile: join(root, '.foyer', 'devnet.json'),
      devnetLoaded: false,
      chains: [],
      devAccounts: [],
      projects: [],
      seedDemoProject: true,
      logLevel: 'info',
      version: SERVER_VERSION,
      shutdownGraceMs: 10_000,
      databasePoolMax: 10,
      metricsToken: undefined,
    })
    expect(SERVER_VERSION).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('outside the repository: data in ./foyer-data (or FOYER_DATA_DIR), no chains file unless one is named', () => {
    const c = loadConfig({}, { repoRoot: null, cwd: root })
    expect(c.dataDir).toBe(join(root, 'foyer-data'))
    expect(c.pgliteDir).toBe(join(root, 'foyer-data', 'pglite'))
    expect(c.devnetFile).toBeUndefined()
    expect(c.devnetLoaded).toBe(false)
    expect(describeConfig(c).chains).toBe('not configured')
    expect(loadConfig({ FOYER_DATA_DIR: 'elsewhere' }, { repoRoot: null, cwd: root }).dataDir).toBe(
      join(root, 'elsewhere'),
    )
    expect(loadConfig({ FOYER_DEVNET_FILE: 'chains.json' }, { repoRoot: null, cwd: root }).devnetFile).toBe(
      join(root, 'chains.json'),
    )
  })

  it('knows the repository only from its own package.json', () => {
    expect(REPO_ROOT).toBeDefined()
    expect(existsSync(join(REPO_ROOT!, 'apps', 'server', 'package.json'))).toBe(true)
  })

  it('validates the metrics token and the shutdown grace without echoing the token', () => {
    const token = 'a-very-secret-metrics-token'
    expect(load({ FOYER_METRICS_TOKEN: token, FOYER_SHUTDOWN_GRACE_SECONDS: '3' })).toMatchObject({
      metricsToken: token,
      shutdownGraceMs: 3000,
    })
    expect(issuesOf({ FOYER_METRICS_TOKEN: 'short', FOYER_SHUTDOWN_GRACE_SECONDS: '-1' })).toEqual([
      'FOYER_METRICS_TOKEN',
      'FOYER_SHUTDOWN_GRACE_SECONDS',
    ])
    expect(() => load({ FOYER_METRICS_TOKEN: 'has a space in it, quite long' })).toThrow(
      /FOYER_METRICS_TOKEN: got a value that is not shown \(a secret\), expected 16 to 512/,
    )
    expect(() => load({ FOYER_METRICS_TOKEN: 'has a space in it, quite long' })).not.toThrow(/has a space/)
    expect(JSON.stringify(describeConfig(load({ FOYER_METRICS_TOKEN: token })))).not.toContain(token)
  })

  it('reads the Postgres pool size: 1 to 500 connections, default 10', () => {
    expect(load({ FOYER_DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25)
    expect(load({}).databasePoolMax).toBe(10)
    for (const bad of ['0', '501', '2.5', 'ten', '-3'])
      expect(issuesOf({ FOYER_DATABASE_POOL_MAX: bad }), bad).toEqual(['FOYER_DATABASE_POOL_MAX'])
  })

  it('reads and trims values; relative paths resolve against cwd; blank means unset', () => {
    const c = load({
      PORT: ' 0 ',
      HOST: '0.0.0.0',
      FOYER_DATA_DIR: 'data',
      LOG_LEVEL: 'DEBUG',
      FOYER_SEED_DEMO: 'false',
      DATABASE_URL: '  ',
    })
    expect(c.port).toBe(0)
    expect(c.host).toBe('0.0.0.0')
    expect(c.dataDir).toBe(join(root, 'data'))
    expect(c.pgliteDir).toBe(join(root, 'data', 'pglite'))
    expect(c.logLevel).toBe('debug')
    expect(c.seedDemoProject).toBe(false)
    expect(c.databaseUrl).toBeUndefined()
  })

  it('accepts postgres URLs', () => {
    expect(load({ DATABASE_URL: 'postgres://u:p@db:5432/foyer' }).databaseUrl).toBe('postgres://u:p@db:5432/foyer')
    expect(load({ DATABASE_URL: 'postgresql://db/foyer?sslmode=require' }).databaseUrl).toContain('postgresql://')
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['HOST', 'a b'],
    ['LOG_LEVEL', 'loud'],
    ['FOYER_SEED_DEMO', 'maybe'],
    ['DATABASE_URL', 'mysql://u:p@h/db'],
    ['DATABASE_URL', 'not a url'],
    ['FOYER_PROJECTS', '{not json'],
    ['FOYER_PROJECTS', '{"id":"x"}'],
  ])('refuses %s=%s', (key, value) => {
    expect(issuesOf({ [key]: value })).toEqual([key])
  })

  it('reports every problem at once, and never echoes the database URL', () => {
    let err: ConfigError | undefined
    try {
      load({ PORT: 'x', LOG_LEVEL: 'y', DATABASE_URL: 'mysql://user:hunter2@h/db' })
    } catch (e) {
      err = e as ConfigError
    }
    expect(err?.issues.map((i) => i.path)).toEqual(['PORT', 'LOG_LEVEL', 'DATABASE_URL'])
    expect(err?.message).toContain('PORT: got "x", expected an integer from 0 to 65535')
    expect(err?.message).not.toContain('hunter2')
  })

  it('parses and normalises FOYER_PROJECTS', () => {
    const c = load({
      FOYER_PROJECTS: JSON.stringify([
        {
          id: 'my-site',
          name: 'My site',
          allowedOrigins: ['HTTPS://My.Site/', 'https://my.site', 'http://localhost:3000'],
          features: { swaps: false, socials: ['google'] },
        },
        { id: 'b', allowedOrigins: [] },
      ]),
    })
    expect(c.projects).toEqual([
      {
        id: 'my-site',
        name: 'My site',
        allowedOrigins: ['https://my.site', 'http://localhost:3000'],
        features: { swaps: false, socials: ['google'] },
      },
      { id: 'b', name: 'b', allowedOrigins: [], features: {} },
    ])
  })

  it('explains bad projects precisely', () => {
    expect(
      issuesOf({
        FOYER_PROJECTS: JSON.stringify([
          { id: 'bad id!', allowedOrigins: ['https://ok.site'] },
          {
            id: 'ok',
            allowedOrigins: ['https://ok.site/path', 'ftp://x', '*'],
            features: { swap: true, email: 'yes' },
          },
          { id: 'ok2', allowedOrigins: 'https://ok.site', extra: 1 },
          { id: 'dup', allowedOrigins: [] },
          { id: 'dup', allowedOrigins: [] },
        ]),
      }),
    ).toEqual([
      'FOYER_PROJECTS[0].id',
      'FOYER_PROJECTS[1].allowedOrigins[0]',
      'FOYER_PROJECTS[1].allowedOrigins[1]',
      'FOYER_PROJECTS[1].allowedOrigins[2]',
      'FOYER_PROJECTS[1].features.email',
      'FOYER_PROJECTS[1].features.swap',
      'FOYER_PROJECTS[2].allowedOrigins',
      'FOYER_PROJECTS[2].extra',
      'FOYER_PROJECTS[4].id',
    ])
  })

  it('loads the devnet file when present, dropping private keys', () => {
    const file = join(root, 'devnet.json')
    writeFileSync(
      file,
      JSON.stringify({
        chains: [
          {
            id: 31337,
            name: 'Foyer Local',
            rpcUrl: 'http://127.0.0.1:8545',
            nativeSymbol: 'ETH',
            contracts: { weth: A(1), usd: A(2), token: A(3), factory: A(4), router: A(5) },
            tokens: [{ address: A(2), symbol: 'USDF', name: 'Foyer USD', decimals: 6, logo: 'ignored' }],
            nfts: [
              { address: A(6), name: 'Foyer Pass', symbol: 'FPASS', spam: false },
              { address: A(7), name: 'Claim now', symbol: 'CLAIM', spam: true },
            ],
          },
          { id: 31338, name: 'Foyer Local 2', rpcUrl: 'http://127.0.0.1:8546' },
        ],
        accounts: [{ address: A(9), privateKey: '0xsecret' }, A(10)],
      }),
    )
    const c = load({ FOYER_DEVNET_FILE: file })
    expect(c.devnetLoaded).toBe(true)
    expect(c.chains).toEqual([
      {
        id: 31337,
        name: 'Foyer Local',
        rpcUrl: 'http://127.0.0.1:8545',
        nativeSymbol: 'ETH',
        contracts: { weth: A(1), usd: A(2), token: A(3), factory: A(4), router: A(5) },
        tokens: [{ address: A(2), symbol: 'USDF', name: 'Foyer USD', decimals: 6 }],
        nfts: [
          { address: A(6), name: 'Foyer Pass', symbol: 'FPASS', spam: false },
          { address: A(7), name: 'Claim now', symbol: 'CLAIM', spam: true },
        ],
      },
      {
        id: 31338,
        name: 'Foyer Local 2',
        rpcUrl: 'http://127.0.0.1:8546',
        nativeSymbol: 'ETH',
        contracts: {},
        tokens: [],
        nfts: [],
      },
    ])
    expect(c.devAccounts).toEqual([A(9), A(10)])
    expect(JSON.stringify(c)).not.toContain('secret')
  })

  it('loads the file apps/devnet actually writes, when present', () => {
    const real = join(REPO_ROOT!, '.foyer', 'devnet.json')
    if (!existsSync(real)) return void console.info('[foyer] no .foyer/devnet.json yet (run the devnet); check skipped')
    const c = loadConfig({ FOYER_DEVNET_FILE: real }, { repoRoot: root })
    expect(c.chains.map((ch) => ch.id)).toEqual(expect.arrayContaining([31337, 31338]))
    expect(c.chains[0]!.contracts.router).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })

  it('treats a missing devnet file as no chains, and refuses a broken one', () => {
    expect(load({ FOYER_DEVNET_FILE: join(root, 'missing.json') }).devnetLoaded).toBe(false)
    const bad = join(root, 'bad.json')
    writeFileSync(bad, '{"chains":[{"id":-1,"name":"","rpcUrl":"file:///x","contracts":{"weth":"0x12"}}]')
    expect(issuesOf({ FOYER_DEVNET_FILE: bad })).toEqual(['FOYER_DEVNET_FILE'])
    writeFileSync(
      bad,
      JSON.stringify({
        chains: [
          {
            id: -1,
            name: '',
            rpcUrl: 'file:///x',
            contracts: { weth: '0x12' },
            tokens: [{}],
            nfts: [{ address: A(1), spam: 'yes' }],
          },
          { id: 5, name: 'a', rpcUrl: 'http://a' },
          { id: 5, name: 'b', rpcUrl: 'http://b' },
        ],
      }),
    )
    expect(issuesOf({ FOYER_DEVNET_FILE: bad })).toEqual([
      'FOYER_DEVNET_FILE.chains[0].id',
      'FOYER_DEVNET_FILE.chains[0].name',
      'FOYER_DEVNET_FILE.chains[0].rpcUrl',
      'FOYER_DEVNET_FILE.chains[0].contracts.weth',
      'FOYER_DEVNET_FILE.chains[0].tokens[0].address',
      'FOYER_DEVNET_FILE.chains[0].tokens[0].symbol',
      'FOYER_DEVNET_FILE.chains[0].tokens[0].decimals',
      'FOYER_DEVNET_FILE.chains[0].nfts[0].spam',
      'FOYER_DEVNET_FILE.chains[2].id',
    ])
  })

  it('describes itself without secrets', () => {
    const d = describeConfig(
      load({ DATABASE_URL: 'postgres://u:hunter2@db/foyer', FOYER_PROJECTS: '[{"id":"p","allowedOrigins":[]}]' }),
    )
    expect(JSON.stringify(d)).not.toContain('hunter2')
    expect(d).toMatchObject({ database: 'postgres', projects: ['foyer-demo', 'p'] })
  })
})

describe('helpers', () => {
  it('redacts passwords in URLs', () => {
    expect(redactUrl('postgres://u:hunter2@db:5432/x?password=a&sslmode=require')).toBe(
      'postgres://u:***@db:5432/x?password=***&sslmode=require',
    )
    expect(redactUrl('nonsense')).toBe('[unparsable url]')
  })

  it.each([
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['HTTP://LocalHost:5173/', 'http://localhost:5173'],
    ['https://a.b:443', 'https://a.b'],
    ['https://a.b/x', undefined],
    ['https://a.b?x', undefined],
    ['https://u:p@a.b', undefined],
    ['null', undefined],
    ['file:///x', undefined],
    ['chrome-extension://abc', undefined],
    ['', undefined],
  ])('normalizeOrigin(%j) = %j', (input, expected) => {
    expect(normalizeOrigin(input)).toBe(expected)
  })
})

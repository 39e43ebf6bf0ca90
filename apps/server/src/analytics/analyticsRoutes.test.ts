import { randomUUID } from 'node:crypto'
import type { AnalyticsWireEvent } from '@foyer/core/protocol'
import { sql } from 'kysely'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp, type FoyerApp } from '../app.ts'
import { type Env, loadConfig } from '../config.ts'
import type { FoyerDatabase } from '../db/index.ts'
import type { Mailer } from '../embedded/mailer.ts'
import { seedProjects } from '../projects/seed.ts'
import { ProjectStore } from '../projects/store.ts'
import { describeEachBackend } from '../test/eachBackend.ts'
import { browserFamily } from './browserFamily.ts'

/** Embedded routes are not under test here: a mailer stub that sends nothing. */
const stubMailer: Mailer = { async send() {}, close() {} }
const SITE = 'https://site.example'
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function appOn(database: FoyerDatabase, env: Env = {}): Promise<FoyerApp> {
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'ana-site', allowedOrigins: [SITE] },
        { id: 'ana-off', allowedOrigins: [SITE], features: { analytics: false } },
      ]),
      ...env,
    },
    { repoRoot: '/nonexistent' },
  )
  const projects = new ProjectStore(database.kysely)
  await seedProjects(projects, config)
  return createApp({ db: database, config, projects, mailer: stubMailer })
}

function event(name = 'MODAL_OPEN', properties: Record<string, unknown> = { connected: false }): AnalyticsWireEvent {
  return {
    eventId: randomUUID(),
    url: `${SITE}/shop?email=alice@example.com#top`,
    domain: 'site.example',
    timestamp: Date.now(),
    props: { type: 'track', event: name, properties } as AnalyticsWireEvent['props'],
  }
}

let peer = 0
/** A POST /e from its own client address (so the per-client limit of one test does not leak into another). */
function post(
  app: FoyerApp,
  body: unknown,
  { project = 'ana-site', origin = SITE, type = 'text/plain;charset=UTF-8', address = `10.9.${++peer % 250}.1` } = {},
) {
  return app.request(
    `/e?projectId=${project}`,
    {
      method: 'POST',
      headers: { 'content-type': type, origin, 'user-agent': CHROME_UA },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: address } } },
  )
}

async function stored(database: FoyerDatabase, eventIds: string[]) {
  const { rows } = await sql<{
    project_id: string
    event_id: string
    event: string
    type: string
    props: Record<string, unknown>
    url: string
    domain: string
    browser: string | null
    country: string | null
    client_time: Date
    received_at: Date
    visit_id: string | null
  }>`select * from analytics_events where event_id = any(${eventIds}::uuid[]) order by client_time`.execute(
    database.kysely,
  )
  return rows
}

describe('browserFamily', () => {
  it('names the family, checking the browsers that borrow Chrome’s and Safari’s tokens first', () => {
    expect(browserFamily(CHROME_UA)).toBe('chrome')
    expect(browserFamily(`${CHROME_UA} Edg/131.0.0.0`)).toBe('edge')
    expect(browserFamily(`${CHROME_UA} OPR/115.0.0.0`)).toBe('opera')
    expect(
      browserFamily(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36',
      ),
    ).toBe('samsung')
    expect(browserFamily('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('firefox')
    expect(
      browserFamily(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('safari')
    expect(
      browserFamily(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('chrome')
    expect(browserFamily('curl/8.5.0')).toBe('other')
    expect(browserFamily(undefined)).toBeUndefined()
  })
})

await describeEachBackend('analyticsRoutes.test.ts', (t) => {
  let app: FoyerApp
  beforeAll(async () => {
    app = await appOn(t.database)
  })

  it('stores a batch sent as text/plain, stamped with the project, receive time and browser; the URL without query', async () => {
    const batch = [
      event('MODAL_OPEN', { connected: false }),
      event('SELECT_WALLET', { name: 'MetaMask', type: 'ANNOUNCED', method: 'browser' }),
      { ...event('CONNECT_ERROR', { name: 'MetaMask', method: 'browser', rejected: true }), timestamp: Date.now() + 1 },
    ]
    batch[2]!.props.type = 'error'
    const before = Date.now()
    const response = await post(app, batch)
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ accepted: 3 })
    const rows = await stored(
      t.database,
      batch.map((e) => e.eventId),
    )
    expect(rows.map((r) => r.event)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_ERROR'])
    expect(rows[2]).toMatchObject({
      project_id: 'ana-site',
      type: 'error',
      props: { name: 'MetaMask', method: 'browser', rejected: true },
      url: `${SITE}/shop`,
      domain: 'site.example',
      browser: 'chrome',
      country: null,
    })
    expect(rows[0]!.received_at.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(rows[0]!.client_time.getTime()).toBe(batch[0]!.timestamp)
  })

  it('takes a single event object too, and JSON as application/json', async () => {
    const one = event('SWAP_SUCCESS', { networkId: 'eip155:1', from: 'ETH', to: 'USDC', band: '100-1000' })
    const response = await post(app, one, { type: 'application/json' })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ accepted: 1 })
    expect((await stored(t.database, [one.eventId]))[0]!.props).toEqual({
      networkId: 'eip155:1',
      from: 'ETH',
      to: 'USDC',
      band: '100-1000',
    })
  })

  it('refuses the whole batch, with every issue, for an unknown event or a prop its event does not carry', async () => {
    const good = event()
    const unknown = event('PAGE_VIEW', {})
    const extra = event('SEND_SUBMIT', { networkId: 'eip155:1', token: 'ETH', amount: '12.5' })
    const badBand = event('BUY_SUBMIT', { provider: 'sandbox', band: '12.50' })
    const response = await post(app, [good, unknown, extra, badBand])
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.code).toBe('invalid_request')
    const paths = body.error.details.issues.map((i: { path: string }) => i.path)
    expect(paths).toEqual(['[1].props.event', '[2].props.properties.amount', '[3].props.properties.band'])
    expect(await stored(t.database, [good.eventId])).toEqual([])
  })

  it('refuses malformed bodies: an empty array, too many events, bad JSON, a bad event id', async () => {
    expect((await post(app, [])).status).toBe(400)
    expect(
      (
        await post(
          app,
          Array.from({ length: 101 }, () => event()),
        )
      ).status,
    ).toBe(400)
    const badJson = await post(app, '{"eventId":')
    expect(badJson.status).toBe(400)
    expect((await badJson.json()).error.code).toBe('invalid_json')
    const badId = await post(app, { ...event(), eventId: 'not-a-uuid' })
    expect((await badId.json()).error.details.issues[0].path).toBe('[0].eventId')
  })

  it('stores the visit id (lower-cased), null without one, and refuses a batch with one that is not a UUID', async () => {
    const visit = randomUUID()
    const batch = [
      { ...event('MODAL_OPEN', { connected: false }), visitId: visit.toUpperCase() },
      { ...event('MODAL_CLOSE', { connected: false }), timestamp: Date.now() + 1 },
    ]
    expect((await post(app, batch)).status).toBe(202)
    const rows = await stored(
      t.database,
      batch.map((e) => e.eventId),
    )
    expect(rows.map((r) => r.visit_id)).toEqual([visit, null])
    const bad = { ...event(), visitId: 'tab-1' }
    const refused = await post(app, [event(), bad])
    expect(refused.status).toBe(400)
    expect((await refused.json()).error.details.issues).toEqual([{ path: '[1].visitId', message: 'must be a UUID' }])
    expect(await stored(t.database, [bad.eventId])).toEqual([])
  })

  it('stores an event sent twice once (a retried batch)', async () => {
    const batch = [event(), event('DISCONNECT_SUCCESS', {})]
    expect((await post(app, batch)).status).toBe(202)
    expect((await post(app, batch)).status).toBe(202)
    expect(
      await stored(
        t.database,
        batch.map((e) => e.eventId),
      ),
    ).toHaveLength(2)
  })

  it('checks the project like the data API: origin, unknown project, analytics switched off', async () => {
    const one = event()
    const foreign = await post(app, [one], { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect((await foreign.json()).error.code).toBe('origin_not_allowed')
    expect((await (await post(app, [one], { project: 'nope-site' })).json()).error.code).toBe('unknown_project')
    const off = await post(app, [one], { project: 'ana-off' })
    expect(off.status).toBe(403)
    expect((await off.json()).error.code).toBe('feature_disabled')
    expect(await stored(t.database, [one.eventId])).toEqual([])
  })

  it('stores the country only from the configured header on a request through a trusted proxy', async () => {
    const withCountry = await appOn(t.database, {
      FOYER_ANALYTICS_COUNTRY_HEADER: 'CF-IPCountry',
      FOYER_TRUST_PROXY: '1',
      FOYER_TRUSTED_PROXIES: '10.77.0.0/16',
    })
    const viaProxy = event()
    const direct = event()
    const send = (e: AnalyticsWireEvent, address: string) =>
      withCountry.request(
        '/e?projectId=ana-site',
        { method: 'POST', headers: { 'content-type': 'text/plain', 'cf-ipcountry': 'de' }, body: JSON.stringify(e) },
        { incoming: { socket: { remoteAddress: address } } },
      )
    expect((await send(viaProxy, '10.77.0.5')).status).toBe(202)
    expect((await send(direct, '10.78.0.5')).status).toBe(202)
    expect((await stored(t.database, [viaProxy.eventId]))[0]!.country).toBe('DE')
    expect((await stored(t.database, [direct.eventId]))[0]!.country).toBeNull()
  })

  it('holds the per-client limit under 100 parallel requests, counted apart from the data API', async () => {
    const limited = await appOn(t.database, {
      FOYER_ANALYTICS_RATE_LIMIT_PER_CLIENT: '10',
      FOYER_RATE_LIMIT_PER_CLIENT: '5',
    })
    const address = '10.200.0.1'
    const responses = await Promise.all(Array.from({ length: 100 }, () => post(limited, [event()], { address })))
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 202)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(90)
    const refused = responses.find((r) => r.status === 429)!
    expect((await refused.json()).error.code).toBe('rate_limited')
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    // The data API's own allowance for this address is untouched.
    const api = await limited.request(
      '/v1/project?projectId=ana-site',
      {},
      { incoming: { socket: { remoteAddress: address } } },
    )
    expect(api.status).toBe(200)
  })

  it('holds the per-project limit under 100 parallel requests from many clients', async () => {
    const limited = await appOn(t.database, { FOYER_ANALYTICS_RATE_LIMIT_PER_PROJECT: '25' })
    // A project of its own, so earlier tests' requests do not count against this window.
    const config = loadConfig(
      {
        PORT: '0',
        FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
        FOYER_DATA_DIR: '/nonexistent/data',
        FOYER_PROJECTS: JSON.stringify([{ id: 'ana-busy', allowedOrigins: [SITE] }]),
      },
      { repoRoot: '/nonexistent' },
    )
    await seedProjects(new ProjectStore(t.database.kysely), config)
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(limited, [event()], { project: 'ana-busy', address: `10.201.${i}.1` }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 202)).toHaveLength(25)
    expect(statuses.filter((s) => s === 429)).toHaveLength(75)
  })

  it('writes 100 parallel batches whole: every event of every accepted batch is stored', async () => {
    const batches = Array.from({ length: 100 }, () => Array.from({ length: 20 }, () => event()))
    const responses = await Promise.all(batches.map((b, i) => post(app, b, { address: `10.202.${i}.1` })))
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(202))
    expect(
      await stored(
        t.database,
        batches.flat().map((e) => e.eventId),
      ),
    ).toHaveLength(2000)
    // The writer's statements commit without waiting for the WAL flush; that setting ends with each statement's own
    // transaction: every pooled connection still has the database's default for everything else.
    const { rows } = await sql<{ setting: string }>`
      select current_setting('synchronous_commit') as setting, pg_sleep(0.02)`.execute(t.database.kysely)
    const settings = await Promise.all(
      Array.from({ length: 8 }, () =>
        sql<{ setting: string }>`select current_setting('synchronous_commit') as setting, pg_sleep(0.02)`
          .execute(t.database.kysely)
          .then((r) => r.rows[0]!.setting),
      ),
    )
    expect([rows[0]!.setting, ...settings]).toEqual(Array(9).fill('on'))
  })
})

// The analytics sender against the real Foyer server (its app on PGlite, on a loopback port): what it sends is read
// back from the server's table. The page is a real jsdom document (Node has none); `navigator.sendBeacon`, which
// jsdom lacks, is a recording double that hands the body to fetch as a browser's beacon would. A server that answers
// 500 or 429 on demand cannot be made from the real one: those two cases use a loopback stand-in, named so.
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { loadConfig } from '@foyer/server'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { BACKEND_TIMEOUT_MS, openTestPGlite, type TestDatabase } from '../../../../apps/server/src/test/backends.ts'
import { createEventBus, type FoyerEvent } from '../events/events.ts'
import { type FoyerOptions, resolveOptions } from '../options/options.ts'
import { createStore } from '../store/createStore.ts'
import { listenTestServer } from '../test/listenTestServer.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { connectAnalytics } from './analytics.ts'
import {
  type AnalyticsPage,
  type AnalyticsSenderParameters,
  createAnalyticsSender,
  VISIT_KEY,
} from './analyticsSender.ts'

const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { url: string }) => { window: Window & typeof globalThis }
}

let database: TestDatabase
let server: Awaited<ReturnType<typeof listenTestServer>> | undefined
let apiUrl = ''
const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  database = await openTestPGlite()
  const config = loadConfig(
    {
      PORT: '0',
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_PROJECTS: JSON.stringify([
        { id: 'sender-site', allowedOrigins: ['https://shop.example'] },
        { id: 'sender-off', allowedOrigins: ['https://shop.example'], features: { analytics: false } },
      ]),
    },
    { repoRoot: '/nonexistent' },
  )
  config.chains = []
  server = await listenTestServer(database.database, config)
  apiUrl = server.apiUrl
}, BACKEND_TIMEOUT_MS)

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await server?.close()
  await database?.cleanup()
}, BACKEND_TIMEOUT_MS)

afterEach(() => expect(unhandled).toEqual([]))

/** A page at https://shop.example/checkout?email=… (the query must never leave it). */
function page() {
  const { window } = new JSDOM('<!doctype html><p>shop</p>', { url: 'https://shop.example/checkout?email=a@b.example' })
  const hide = (type: 'visibilitychange' | 'pagehide') => {
    Object.defineProperty(window.document, 'visibilityState', { value: 'hidden', configurable: true })
    if (type === 'visibilitychange') window.document.dispatchEvent(new window.Event('visibilitychange'))
    else window.dispatchEvent(new window.Event('pagehide'))
  }
  return { page: window as unknown as AnalyticsPage, hide }
}

/** Real fetch, with each call and its settling recorded (the test waits on them, not on a clock). */
function recordingFetch() {
  const calls: { url: string; method: string; body?: string; done: Promise<unknown> }[] = []
  const fetchImpl: typeof fetch = (input, init) => {
    const done = fetch(input, init)
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? init.body : undefined,
      done: done.catch(() => {}),
    })
    return done
  }
  const posts = () => calls.filter((c) => c.method === 'POST')
  /** Until every call settled and no new one started for `quietMs` (longer than a retry's delay where one is due). */
  const settled = async (quietMs = 0) => {
    for (let seen = -1; seen !== calls.length; ) {
      seen = calls.length
      await Promise.all(calls.map((c) => c.done))
      await new Promise((resolve) => setTimeout(resolve, quietMs))
    }
  }
  return { fetch: fetchImpl, calls, posts, settled }
}

/** Test double of `navigator.sendBeacon` (jsdom has none): records the body and posts it with fetch. */
function recordingBeacon() {
  const sent: { url: string; body: string; done: Promise<unknown> }[] = []
  const sendBeacon = (url: string, data: Blob) => {
    const entry = { url, body: '', done: Promise.resolve() as Promise<unknown> }
    entry.done = data.text().then((body) => {
      entry.body = body
      return fetch(url, { method: 'POST', body, headers: { 'content-type': data.type } })
    })
    sent.push(entry)
    return true
  }
  return { sendBeacon, sent }
}

let clock = 0
function busEvent(event: FoyerEvent['event'], properties?: FoyerEvent['properties']): FoyerEvent {
  return { timestamp: Date.UTC(2026, 10, 27) + ++clock, type: 'track', event, properties }
}

async function storedRows(project: string) {
  const { rows } = await sql<{ event: string; props: Record<string, unknown>; url: string; domain: string }>`
    select event, props, url, domain from analytics_events where project_id = ${project} order by client_time`.execute(
    database.database.kysely,
  )
  return rows
}

async function clearRows() {
  await sql`delete from analytics_events`.execute(database.database.kysely)
}

function sender(overrides: Partial<AnalyticsSenderParameters> & { page: AnalyticsPage }) {
  return createAnalyticsSender({ apiUrl, projectId: 'sender-site', includeAddress: false, ...overrides })
}

describe('the analytics sender', () => {
  it('sends a full batch at once, in the wire shape, to POST /e, and the server stores it', async () => {
    await clearRows()
    const net = recordingFetch()
    const s = sender({ page: page().page, fetch: net.fetch, batchSize: 3, intervalMs: 60_000 })
    s.add(busEvent('MODAL_OPEN', { connected: false }))
    s.add(busEvent('SELECT_WALLET', { name: 'MetaMask', type: 'ANNOUNCED', method: 'browser' }))
    s.add(
      busEvent('CONNECT_SUCCESS', {
        name: 'MetaMask',
        method: 'browser',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      }),
    )
    await net.settled()
    expect(net.calls.map((c) => `${c.method} ${c.url.replace(apiUrl, '')}`)).toEqual([
      'GET /getAnalyticsConfig?projectId=sender-site',
      'POST /e?projectId=sender-site',
    ])
    const batch = JSON.parse(net.posts()[0]!.body!)
    expect(batch).toHaveLength(3)
    expect(batch[0]).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'https://shop.example/checkout',
      domain: 'shop.example',
      timestamp: Date.UTC(2026, 10, 27) + clock - 2,
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      visitId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    })
    expect(new Set(batch.map((e: { visitId: string }) => e.visitId)).size).toBe(1)
    const rows = await storedRows('sender-site')
    expect(rows.map((r) => r.event)).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS'])
    // No address without the site's consent.
    expect(rows[2]!.props).toEqual({ name: 'MetaMask', method: 'browser' })
    s.dispose()
  })

  it('sends a partial batch after the interval; with the site’s consent the address goes too', async () => {
    await clearRows()
    const net = recordingFetch()
    const s = sender({ page: page().page, fetch: net.fetch, intervalMs: 150, includeAddress: true })
    s.add(busEvent('SIWE_AUTH_SUCCESS', { chainId: 1, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }))
    await net.settled()
    expect(net.posts()).toHaveLength(0)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await net.settled()
    expect(net.posts()).toHaveLength(1)
    expect((await storedRows('sender-site'))[0]!.props).toEqual({
      chainId: 1,
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    s.dispose()
  })

  it('flushes with a beacon when the page is hidden (visibilitychange) or left (pagehide)', async () => {
    await clearRows()
    const net = recordingFetch()
    const beacon = recordingBeacon()
    const { page: p, hide } = page()
    const s = sender({ page: p, fetch: net.fetch, sendBeacon: beacon.sendBeacon, intervalMs: 60_000 })
    await net.settled() // the project's switch is known
    s.add(busEvent('MODAL_OPEN', { connected: true }))
    s.add(busEvent('VIEW_ACCOUNT'))
    hide('visibilitychange')
    expect(beacon.sent).toHaveLength(1)
    s.add(busEvent('MODAL_CLOSE', { connected: true }))
    hide('pagehide')
    expect(beacon.sent).toHaveLength(2)
    await Promise.all(beacon.sent.map((b) => b.done))
    expect(beacon.sent[0]!.url).toBe(`${apiUrl}/e?projectId=sender-site`)
    expect(net.posts()).toHaveLength(0)
    expect((await storedRows('sender-site')).map((r) => r.event)).toEqual(['MODAL_OPEN', 'VIEW_ACCOUNT', 'MODAL_CLOSE'])
    s.dispose()
  })

  it('sends one visit id per tab session: the same after a reload of the tab, another in another tab, stored', async () => {
    await clearRows()
    const net = recordingFetch()
    const tab = page().page
    const otherTab = page().page
    const first = sender({ page: tab, fetch: net.fetch, batchSize: 2, intervalMs: 60_000 })
    first.add(busEvent('MODAL_OPEN', { connected: false }))
    first.add(busEvent('MODAL_CLOSE', { connected: false }))
    await net.settled()
    first.dispose()
    // The same tab's next page load: a new sender, the same session storage.
    const reloaded = sender({ page: tab, fetch: net.fetch, batchSize: 1, intervalMs: 60_000 })
    reloaded.add(busEvent('MODAL_OPEN', { connected: false }))
    await net.settled()
    reloaded.dispose()
    const other = sender({ page: otherTab, fetch: net.fetch, batchSize: 1, intervalMs: 60_000 })
    other.add(busEvent('MODAL_OPEN', { connected: false }))
    await net.settled()
    other.dispose()
    const sent = net.posts().flatMap((c) => (JSON.parse(c.body!) as { visitId?: string }[]).map((e) => e.visitId))
    expect(sent).toHaveLength(4)
    expect(sent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(sent.slice(0, 3)).toEqual([sent[0], sent[0], sent[0]])
    expect(sent[3]).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent[3]).not.toBe(sent[0])
    expect(tab.sessionStorage?.getItem(VISIT_KEY)).toBe(sent[0])
    const { rows } = await sql<{ visit_id: string }>`
      select visit_id from analytics_events where project_id = 'sender-site' order by client_time`.execute(
      database.database.kysely,
    )
    expect(rows.map((r) => r.visit_id)).toEqual(sent)
  })

  it('keeps the visit id in memory for the page when its session storage is blocked', async () => {
    await clearRows()
    const net = recordingFetch()
    const { page: blocked } = page()
    Object.defineProperty(blocked, 'sessionStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    })
    const s = sender({ page: blocked, fetch: net.fetch, batchSize: 1, intervalMs: 60_000 })
    s.add(busEvent('MODAL_OPEN', { connected: false }))
    s.add(busEvent('MODAL_CLOSE', { connected: false }))
    await net.settled()
    s.dispose()
    const again = sender({ page: blocked, fetch: net.fetch, batchSize: 1, intervalMs: 60_000 })
    again.add(busEvent('MODAL_OPEN', { connected: false }))
    await net.settled()
    again.dispose()
    const sent = net.posts().flatMap((c) => (JSON.parse(c.body!) as { visitId?: string }[]).map((e) => e.visitId))
    expect(sent).toHaveLength(3)
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent).toEqual([sent[0], sent[0], sent[0]])
  })

  it('drops every event when the project has analytics off (GET /getAnalyticsConfig, asked once)', async () => {
    await clearRows()
    const net = recordingFetch()
    const beacon = recordingBeacon()
    const { page: p, hide } = page()
    const s = sender({
      page: p,
      projectId: 'sender-off',
      fetch: net.fetch,
      sendBeacon: beacon.sendBeacon,
      batchSize: 2,
    })
    s.add(busEvent('MODAL_OPEN', { connected: false }))
    await net.settled()
    s.add(busEvent('MODAL_CLOSE', { connected: false }))
    s.add(busEvent('MODAL_OPEN', { connected: false }))
    hide('visibilitychange')
    s.flush()
    await net.settled()
    expect(net.calls.map((c) => `${c.method} ${c.url.replace(apiUrl, '')}`)).toEqual([
      'GET /getAnalyticsConfig?projectId=sender-off',
    ])
    expect(beacon.sent).toHaveLength(0)
    s.dispose()
  })

  it('ignores a server that is down: one retry, then the batch is dropped, and nothing escapes', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const net = recordingFetch()
    const s = createAnalyticsSender({
      apiUrl: downUrl,
      projectId: 'sender-site',
      includeAddress: false,
      page: page().page,
      fetch: net.fetch,
      batchSize: 1,
      retryDelayMs: 10,
    })
    expect(() => s.add(busEvent('MODAL_OPEN', { connected: false }))).not.toThrow()
    await net.settled(100)
    expect(net.calls.map((c) => `${c.method} ${c.url.replace(downUrl, '')}`)).toEqual([
      'GET /getAnalyticsConfig?projectId=sender-site',
      'POST /e?projectId=sender-site',
      'POST /e?projectId=sender-site',
    ])
    s.dispose()
  })

  it('retries a 500 once and never a 429 or another 4xx (a loopback stand-in for a failing server)', async () => {
    const answers: number[] = []
    let status = 500
    const failing = createServer((req, res) => {
      req.resume()
      if (req.url?.startsWith('/getAnalyticsConfig')) {
        res.writeHead(200, { 'content-type': 'application/json' })
        return res.end('{"isAnalyticsEnabled":true}')
      }
      answers.push(status)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end('{"error":{"code":"x","message":"x"}}')
    })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`
    try {
      for (const [answer, expected] of [
        [500, [500, 500]],
        [429, [429]],
        [400, [400]],
      ] as const) {
        answers.length = 0
        status = answer
        const net = recordingFetch()
        const s = createAnalyticsSender({
          apiUrl: url,
          projectId: 'sender-site',
          includeAddress: false,
          page: page().page,
          fetch: net.fetch,
          batchSize: 1,
          retryDelayMs: 10,
        })
        s.add(busEvent('MODAL_OPEN', { connected: false }))
        await net.settled(100)
        expect(answers).toEqual(expected)
        s.dispose()
      }
    } finally {
      await new Promise<void>((resolve) => failing.close(() => resolve()))
    }
  })
})

describe('connectAnalytics', () => {
  function bus() {
    return createEventBus(createStore<{ lastEvent?: FoyerEvent }>({}))
  }
  const site = (options: Partial<FoyerOptions>) =>
    resolveOptions({
      adapters: [],
      networks: [localNetwork(31337, 'Local')],
      apiUrl,
      projectId: 'sender-site',
      ...options,
    })

  it('loads the sender on the first event and sends what came before it was loaded', async () => {
    await clearRows()
    const net = recordingFetch()
    const events = bus()
    const stop = connectAnalytics(site({}), events.subscribe, { page: page().page, fetch: net.fetch, batchSize: 2 })
    events.emit('MODAL_OPEN', { connected: false })
    events.emit('SWITCH_NETWORK', { networkId: 'eip155:1' })
    for (let i = 0; i < 50 && net.posts().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    await net.settled()
    expect((await storedRows('sender-site')).map((r) => r.event)).toEqual(['MODAL_OPEN', 'SWITCH_NETWORK'])
    stop()
  })

  it('with features.analytics off, or without an apiUrl, subscribes to nothing and asks nothing', async () => {
    for (const options of [{ features: { analytics: false } }, { apiUrl: undefined }]) {
      const net = recordingFetch()
      const events = bus()
      let subscribed = 0
      const stop = connectAnalytics(
        site(options),
        (listener) => {
          subscribed++
          return events.subscribe(listener)
        },
        { page: page().page, fetch: net.fetch },
      )
      events.emit('MODAL_OPEN', { connected: false })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(subscribed).toBe(0)
      expect(net.calls).toHaveLength(0)
      stop()
    }
  })
})

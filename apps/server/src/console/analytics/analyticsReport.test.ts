// The console's analytics report on PGlite and on Postgres: known events are written straight into the table with
// the receive times they would have had, and the report (at a fixed `now`) must give exact answers: totals, each
// funnel bucket with its zeros, connects by wallet and method, networks, swaps and buys over time, errors with their
// latest examples in order, the range's edges (an event just outside is not counted), another project's events not
// counted. The route is the console's sub-app mounted on its own (its guard is not part of it).
import { randomUUID } from 'node:crypto'
import type { AnalyticsEventName } from '@foyer/core/protocol'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsDb } from '../../analytics/analyticsTables.ts'
import { ProjectStore } from '../../projects/store.ts'
import { describeEachBackend } from '../../test/eachBackend.ts'
import type { AnalyticsReport } from '../contract.ts'
import { analyticsReport } from './analyticsReport.ts'
import { createConsoleAnalyticsRoutes } from './consoleAnalyticsRoutes.ts'
import { reportWindow } from './reportWindow.ts'

const NOW = new Date('2026-11-27T15:30:00.000Z')
const SITE = 'report-site'
const OTHER = 'report-other'
const visit = Object.fromEntries(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((k) => [k, randomUUID()]))

type Seed = {
  event: AnalyticsEventName
  /** Receive time (the report's time axis). */
  at: string
  /** The page's clock; default: the receive time. */
  clientAt?: string
  visit?: string
  props?: Record<string, string | number | boolean>
  project?: string
}

const day = (time: string) => `2026-11-27T${time}Z`
const yesterday = (time: string) => `2026-11-26T${time}Z`
const metaMask = { name: 'MetaMask', type: 'ANNOUNCED', method: 'browser' }
const rejected = { name: 'MetaMask', method: 'browser', code: 'user_rejected', rejected: true }

const SEEDS: Seed[] = [
  // Visit A, 15:00 bucket: opens twice, chooses, connects.
  { event: 'MODAL_OPEN', at: day('15:05:00'), visit: visit.A, props: { connected: false } },
  { event: 'SELECT_WALLET', at: day('15:06:00'), visit: visit.A, props: metaMask },
  { event: 'CONNECT_SUCCESS', at: day('15:07:00'), visit: visit.A, props: metaMask },
  { event: 'MODAL_OPEN', at: day('15:20:00'), visit: visit.A, props: { connected: true } },
  // Visit B, 10:00: chooses, fails. Visit C, 10:00: only opens.
  { event: 'MODAL_OPEN', at: day('10:10:00'), visit: visit.B },
  { event: 'SELECT_WALLET', at: day('10:11:00'), visit: visit.B, props: { name: 'Rainbow', method: 'walletconnect' } },
  { event: 'CONNECT_ERROR', at: day('10:12:00'), visit: visit.B, props: rejected },
  { event: 'MODAL_OPEN', at: day('10:40:00'), visit: visit.C },
  // Visit D opens at the first instant of the day range (counted) and connects by email.
  { event: 'MODAL_OPEN', at: yesterday('16:00:00.000'), visit: visit.D },
  { event: 'SELECT_WALLET', at: yesterday('16:01:00'), visit: visit.D, props: { name: 'Foyer', method: 'email' } },
  { event: 'CONNECT_SUCCESS', at: yesterday('16:02:00'), visit: visit.D, props: { name: 'Foyer', method: 'email' } },
  // Visit E opens a millisecond before the day range (outside it; inside the week) and chooses within it.
  { event: 'MODAL_OPEN', at: yesterday('15:59:59.999'), visit: visit.E },
  { event: 'SELECT_WALLET', at: yesterday('16:00:30'), visit: visit.E, props: metaMask },
  // Visit F opens at 09:50 and connects in a later bucket: it stays in its opening bucket.
  { event: 'MODAL_OPEN', at: day('09:50:00'), visit: visit.F },
  { event: 'SELECT_WALLET', at: day('09:51:00'), visit: visit.F, props: { ...metaMask, method: 'walletconnect' } },
  {
    event: 'CONNECT_SUCCESS',
    at: day('11:05:00'),
    visit: visit.F,
    props: { name: 'MetaMask', method: 'walletconnect' },
  },
  // The week's edges: G a millisecond before it, H at its first instant.
  { event: 'MODAL_OPEN', at: '2026-11-20T23:59:59.999Z', visit: visit.G },
  { event: 'MODAL_OPEN', at: '2026-11-21T00:00:00.000Z', visit: visit.H },
  // Without a visit id (an older sender): an open and a connect, counted as such, in no visit.
  { event: 'MODAL_OPEN', at: day('12:00:00') },
  { event: 'CONNECT_SUCCESS', at: day('13:00:00'), props: { name: 'Rabby', method: 'browser' } },
  // Networks: switches, swaps and sends count; a quote does not; a switch without a network is left out.
  { event: 'SWITCH_NETWORK', at: day('14:00:00'), props: { networkId: 'eip155:10' } },
  { event: 'SWITCH_NETWORK', at: day('14:01:00'), props: { networkId: 'eip155:10' } },
  { event: 'SWITCH_NETWORK', at: day('14:02:00') },
  { event: 'SWAP_QUOTE', at: day('14:05:00'), props: { networkId: 'eip155:137' } },
  { event: 'SWAP_SUCCESS', at: day('14:10:00'), props: { networkId: 'eip155:1', from: 'ETH', to: 'USDC' } },
  { event: 'SEND_SUCCESS', at: day('14:20:00'), props: { networkId: 'eip155:1', token: 'ETH' } },
  { event: 'SEND_SUCCESS', at: day('14:21:00'), props: { networkId: 'eip155:1', token: 'USDC' } },
  // Buys: two that succeeded, one that failed (not counted).
  { event: 'BUY_RESULT', at: day('14:50:00'), props: { provider: 'sandbox', result: 'success' } },
  { event: 'BUY_RESULT', at: day('14:55:00'), props: { provider: 'sandbox', result: 'failed' } },
  { event: 'BUY_RESULT', at: yesterday('20:00:00'), props: { provider: 'sandbox', result: 'success' } },
  // After `now`: not counted.
  { event: 'SWAP_SUCCESS', at: day('15:30:00.001'), props: { networkId: 'eip155:1' } },
  // Errors: five CONNECT_ERROR user_rejected (B's above; two in one batch at 13:00, told apart by the page's clock),
  // one SWAP_ERROR quote_failed, one NAME_REGISTER_ERROR without a code.
  { event: 'CONNECT_ERROR', at: day('11:00:00'), props: rejected },
  { event: 'CONNECT_ERROR', at: day('12:00:00'), props: rejected },
  { event: 'CONNECT_ERROR', at: day('13:00:00'), clientAt: day('12:59:58'), props: { ...rejected, name: 'Rabby' } },
  { event: 'CONNECT_ERROR', at: day('13:00:00'), clientAt: day('12:59:59'), props: { ...rejected, name: 'Zerion' } },
  { event: 'SWAP_ERROR', at: day('08:00:00'), props: { networkId: 'eip155:1', step: 'quote', code: 'quote_failed' } },
  { event: 'NAME_REGISTER_ERROR', at: day('07:00:00'), props: { rejected: false } },
  // Another project's events: never in this project's report.
  ...(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS'] as const).map((event) => ({
    event,
    at: day('15:10:00'),
    visit: visit.A,
    props: event === 'MODAL_OPEN' ? {} : metaMask,
    project: OTHER,
  })),
  { event: 'SWAP_ERROR', at: day('15:11:00'), props: { code: 'quote_failed' }, project: OTHER },
  { event: 'BUY_RESULT', at: day('15:12:00'), props: { result: 'success' }, project: OTHER },
]

const hours = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(from) + i * 3_600_000).toISOString())
const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(from) + i * 86_400_000).toISOString())

/** The expected per-bucket series: zeros everywhere but the given buckets. */
function series<T extends object>(ats: string[], zero: T, given: Record<string, Partial<T>>) {
  return ats.map((at) => ({ at, ...zero, ...given[at] }))
}

await describeEachBackend('analyticsReport.test.ts', (t) => {
  let projects: ProjectStore
  beforeAll(async () => {
    projects = new ProjectStore(t.database.kysely)
    for (const id of [SITE, OTHER])
      await projects.upsert({ id, name: id, allowedOrigins: ['https://shop.example'], features: {} })
    const db = t.database.kysely as unknown as AnalyticsDb
    await db
      .insertInto('analytics_events')
      .values(
        SEEDS.map((s) => ({
          project_id: s.project ?? SITE,
          event_id: randomUUID(),
          event: s.event,
          type: s.event.endsWith('_ERROR') ? ('error' as const) : ('track' as const),
          props: JSON.stringify(s.props ?? {}),
          url: 'https://shop.example/checkout',
          domain: 'shop.example',
          client_time: new Date(s.clientAt ?? s.at),
          received_at: new Date(s.at),
          visit_id: s.visit ?? null,
        })),
      )
      .execute()
  })

  describe('a day: 24 hourly buckets ending with the one holding now', () => {
    let report: AnalyticsReport
    beforeAll(async () => {
      report = await analyticsReport(t.database, SITE, 'day', NOW)
    })

    it('spans from the start of the hour 23 hours before now’s to now', () => {
      expect(report).toMatchObject({
        range: 'day',
        bucket: 'hour',
        from: '2026-11-26T16:00:00.000Z',
        to: '2026-11-27T15:30:00.000Z',
      })
    })

    it('totals: visits that opened, opens, connects, swaps, buys that succeeded, errors', () => {
      expect(report.totals).toEqual({ visitors: 5, opens: 7, connects: 4, swaps: 1, buys: 2, errors: 7 })
    })

    it('the funnel per hour: every bucket, oldest first, a visit in the bucket of its first open', () => {
      const zero = { opened: 0, methodChosen: 0, connected: 0 }
      expect(report.funnel).toEqual(
        series(hours('2026-11-26T16:00:00.000Z', 24), zero, {
          '2026-11-26T16:00:00.000Z': { opened: 1, methodChosen: 1, connected: 1 },
          '2026-11-27T09:00:00.000Z': { opened: 1, methodChosen: 1, connected: 1 },
          '2026-11-27T10:00:00.000Z': { opened: 2, methodChosen: 1, connected: 0 },
          '2026-11-27T15:00:00.000Z': { opened: 1, methodChosen: 1, connected: 1 },
        }),
      )
      expect(report.funnel.reduce((sum, b) => sum + b.opened, 0)).toBe(report.totals.visitors)
    })

    it('connects by wallet and by method, most first, ties by name', () => {
      expect(report.connectsByWallet).toEqual([
        { wallet: 'MetaMask', count: 2 },
        { wallet: 'Foyer', count: 1 },
        { wallet: 'Rabby', count: 1 },
      ])
      expect(report.connectsByMethod).toEqual([
        { method: 'browser', count: 2 },
        { method: 'email', count: 1 },
        { method: 'walletconnect', count: 1 },
      ])
    })

    it('networks of switches, swaps and sends, most first', () => {
      expect(report.networks).toEqual([
        { networkId: 'eip155:1', count: 3 },
        { networkId: 'eip155:10', count: 2 },
      ])
    })

    it('swaps and buys per hour, every bucket present', () => {
      expect(report.swapsAndBuys).toEqual(
        series(
          hours('2026-11-26T16:00:00.000Z', 24),
          { swaps: 0, buys: 0 },
          {
            '2026-11-26T20:00:00.000Z': { buys: 1 },
            '2026-11-27T14:00:00.000Z': { swaps: 1, buys: 1 },
          },
        ),
      )
    })

    it('errors by event and code, most first, each with its latest three examples newest first', () => {
      const example = (at: string, name = 'MetaMask') => ({
        at,
        props: { ...rejected, name },
        url: 'https://shop.example/checkout',
      })
      expect(report.errors).toEqual([
        {
          event: 'CONNECT_ERROR',
          code: 'user_rejected',
          count: 5,
          latest: [
            example('2026-11-27T13:00:00.000Z', 'Zerion'),
            example('2026-11-27T13:00:00.000Z', 'Rabby'),
            example('2026-11-27T12:00:00.000Z'),
          ],
        },
        {
          event: 'NAME_REGISTER_ERROR',
          code: null,
          count: 1,
          latest: [
            { at: '2026-11-27T07:00:00.000Z', props: { rejected: false }, url: 'https://shop.example/checkout' },
          ],
        },
        {
          event: 'SWAP_ERROR',
          code: 'quote_failed',
          count: 1,
          latest: [
            {
              at: '2026-11-27T08:00:00.000Z',
              props: { networkId: 'eip155:1', step: 'quote', code: 'quote_failed' },
              url: 'https://shop.example/checkout',
            },
          ],
        },
      ])
    })
  })

  it('a week: 7 daily buckets; the edges of the range hold (its first instant counted, the one before not)', async () => {
    const report = await analyticsReport(t.database, SITE, 'week', NOW)
    expect(report).toMatchObject({ bucket: 'day', from: '2026-11-21T00:00:00.000Z', to: NOW.toISOString() })
    expect(report.totals).toEqual({ visitors: 7, opens: 9, connects: 4, swaps: 1, buys: 2, errors: 7 })
    expect(report.funnel).toEqual(
      series(
        days('2026-11-21T00:00:00.000Z', 7),
        { opened: 0, methodChosen: 0, connected: 0 },
        {
          '2026-11-21T00:00:00.000Z': { opened: 1 },
          '2026-11-26T00:00:00.000Z': { opened: 2, methodChosen: 2, connected: 1 },
          '2026-11-27T00:00:00.000Z': { opened: 4, methodChosen: 3, connected: 2 },
        },
      ),
    )
    expect(report.swapsAndBuys).toEqual(
      series(
        days('2026-11-21T00:00:00.000Z', 7),
        { swaps: 0, buys: 0 },
        {
          '2026-11-26T00:00:00.000Z': { buys: 1 },
          '2026-11-27T00:00:00.000Z': { swaps: 1, buys: 1 },
        },
      ),
    )
  })

  it('a month: 30 daily buckets ending today', async () => {
    const report = await analyticsReport(t.database, SITE, 'month', NOW)
    expect(report.from).toBe('2026-10-29T00:00:00.000Z')
    expect(report.funnel.map((b) => b.at)).toEqual(days('2026-10-29T00:00:00.000Z', 30))
    expect(report.totals.visitors).toBe(8)
    expect(report.funnel.find((b) => b.at === '2026-11-20T00:00:00.000Z')).toEqual({
      at: '2026-11-20T00:00:00.000Z',
      opened: 1,
      methodChosen: 0,
      connected: 0,
    })
  })

  it('another project sees only its own events', async () => {
    const report = await analyticsReport(t.database, OTHER, 'day', NOW)
    expect(report.totals).toEqual({ visitors: 1, opens: 1, connects: 1, swaps: 0, buys: 1, errors: 1 })
    expect(report.errors.map((e) => [e.event, e.code, e.count])).toEqual([['SWAP_ERROR', 'quote_failed', 1]])
  })

  it('a project without events: zeros in every bucket, empty lists', async () => {
    await projects.upsert({ id: 'report-empty', name: 'empty', allowedOrigins: [], features: {} })
    const report = await analyticsReport(t.database, 'report-empty', 'week', NOW)
    expect(report.totals).toEqual({ visitors: 0, opens: 0, connects: 0, swaps: 0, buys: 0, errors: 0 })
    expect(report.funnel.every((b) => b.opened + b.methodChosen + b.connected === 0)).toBe(true)
    expect(report.funnel).toHaveLength(7)
    expect(report.swapsAndBuys).toHaveLength(7)
    expect([report.connectsByWallet, report.connectsByMethod, report.networks, report.errors]).toEqual([[], [], [], []])
  })

  describe('GET /projects/:id/analytics', () => {
    const routes = () => createConsoleAnalyticsRoutes({ db: t.database, projects, now: () => NOW })

    it('answers the report, not cached', async () => {
      const response = await routes().request(`/projects/${SITE}/analytics?range=day`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toEqual(await analyticsReport(t.database, SITE, 'day', NOW))
    })

    it('400 invalid_request for a missing or unknown range', async () => {
      for (const query of ['', '?range=year', '?range=DAY']) {
        const response = await routes().request(`/projects/${SITE}/analytics${query}`)
        expect(response.status).toBe(400)
        expect((await response.json()).error).toMatchObject({
          code: 'invalid_request',
          details: { issues: [{ path: 'range', message: 'must be one of day, week, month' }] },
        })
      }
    })

    it('404 unknown_project for a project that does not exist', async () => {
      const response = await routes().request('/projects/no-such-project/analytics?range=week')
      expect(response.status).toBe(404)
      expect((await response.json()).error.code).toBe('unknown_project')
    })
  })
})

describe('reportWindow', () => {
  it('puts an instant on a bucket edge in the bucket it starts', () => {
    const w = reportWindow(SITE, 'day', new Date('2026-11-27T15:00:00.000Z'))
    expect(w.lastBucket.toISOString()).toBe('2026-11-27T15:00:00.000Z')
    expect(w.from.toISOString()).toBe('2026-11-26T16:00:00.000Z')
  })
})

/**
 * The modal's analytics in the browser: the demo (with `apiUrl` and its project, analytics on by default) connects
 * the test wallet and opens Account; hiding the page sends what waits with `navigator.sendBeacon` to the demo's own
 * Foyer server, which takes it (202). The real beacon sends; a wrapper around it only keeps a copy of each body. Fired as `visibilitychange` to hidden on the live page: a beacon sent while a
 * page unloads never shows in Playwright's request events.
 */
import { expect, openAccount, test } from './fixtures.ts'

test('connecting and opening Account sends typed events, in the wire shape, on page hide', async ({ page, wallet }) => {
  void wallet
  // Playwright shows a beacon's request but not its body: keep each body as the page hands it to the real beacon.
  await page.addInitScript(() => {
    const sent: string[] = []
    Object.assign(window, { foyerBeacons: sent })
    const real = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((body) => sent.push(body))
      return real(url, data)
    }
  })
  const modal = await openAccount(page)
  await expect(modal).toBeVisible()
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/e')
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const request = await posted
  expect(new URL(request.url()).searchParams.get('projectId')).toBeTruthy()
  await page.waitForFunction(() => (window as unknown as { foyerBeacons: string[] }).foyerBeacons.length > 0)
  const [body] = await page.evaluate(() => (window as unknown as { foyerBeacons: string[] }).foyerBeacons)
  const batch = JSON.parse(body!) as {
    eventId: string
    url: string
    domain: string
    timestamp: number
    props: { type: string; event: string; properties?: Record<string, unknown> }
  }[]
  const events = batch.map((e) => e.props.event)
  expect(events).toEqual(expect.arrayContaining(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS', 'VIEW_ACCOUNT']))
  const pageUrl = new URL(page.url())
  for (const e of batch) {
    expect(e.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(e.url).toBe(`${pageUrl.origin}${pageUrl.pathname}`)
    expect(e.domain).toBe(pageUrl.hostname)
  }
  const connected = batch.find((e) => e.props.event === 'CONNECT_SUCCESS')!
  // The wallet and how it connected; no address without the site's `analyticsIncludeAddress`.
  expect(connected.props.properties).toMatchObject({ method: 'browser' })
  expect(connected.props.properties).not.toHaveProperty('address')
  expect((await request.response())?.status()).toBe(202)
})

/**
 * The secure frame's framing rules in a real browser, against the frame as the devnet serves it (the Foyer server's
 * frame host on 127.0.0.1:5174, CSP as an HTTP header): the demo may frame it; a page on another origin gets it
 * blocked by the browser (frame-ancestors); a frame nested deeper than the top window's child refuses to run
 * (`data-reason="nested-frame"`) even when every ancestor is an allowed origin.
 */
import { createServer, type Server } from 'node:http'
import type { Frame, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const FRAME = 'http://127.0.0.1:5174'
const DEMO = 'http://127.0.0.1:5173'
/** Another origin on this machine: a real server (a page the browser fetched from loopback, like an attacker's). */
const OTHER_PORT = 5199
const OTHER = `http://127.0.0.1:${OTHER_PORT}`
const frameSrc = (parentOrigin: string) =>
  `${FRAME}/?projectId=foyer-demo&parentOrigin=${encodeURIComponent(parentOrigin)}`
const run = Date.now().toString(36)

let other: Server
test.beforeAll(async () => {
  // /frame?parent=… embeds the frame naming that parent; /demo embeds the demo site (an allowed origin).
  other = createServer((req, res) => {
    const url = new URL(req.url ?? '/', OTHER)
    const src = url.pathname === '/demo' ? `${DEMO}/` : frameSrc(url.searchParams.get('parent') ?? OTHER)
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>other</title><iframe id="f" src="${src.replace(/&/g, '&amp;')}"></iframe>`)
  })
  await new Promise<void>((resolve) => other.listen(OTHER_PORT, '127.0.0.1', resolve))
})
test.afterAll(async () => {
  other?.closeAllConnections()
  await new Promise((resolve) => other?.close(resolve))
})

/** Adds an iframe to `frame`'s document (any origin: Playwright evaluates inside it) and waits for it to load. */
async function addIframe(frame: Frame, src: string) {
  await frame.evaluate(
    (url) =>
      new Promise<void>((resolve) => {
        const iframe = document.createElement('iframe')
        iframe.id = 'added'
        iframe.src = url
        iframe.onload = () => resolve()
        document.body.appendChild(iframe)
      }),
    src,
  )
}

/** The `data-state` of every frame whose document is the secure frame's (a blocked frame is an error page: none). */
async function frameStates(page: Page): Promise<string[]> {
  const states: string[] = []
  for (const f of page.frames()) {
    if (f === page.mainFrame()) continue
    const state = await f
      .evaluate(
        (origin) => (location.origin === origin ? (document.body?.dataset.state ?? 'no-body') : undefined),
        FRAME,
      )
      .catch(() => undefined)
    if (state) states.push(state)
  }
  return states
}

function cspViolation(page: Page) {
  return page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 10_000 })
}

test("the demo's email login frames the secure frame, which arrives with a CSP header naming the demo", async ({
  page,
  outbound,
}) => {
  void outbound
  const frameResponse = page.waitForResponse(
    (r) => r.url().startsWith(`${FRAME}/?`) && r.request().resourceType() === 'document',
  )
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('email-input').fill(`frame-headers-${run}@example.com`)
  await page.getByTestId('email-submit').click()
  const csp = (await frameResponse).headers()['content-security-policy'] ?? ''
  expect(csp).toContain(`frame-ancestors ${DEMO} http://localhost:5173`)
  expect(csp).toContain("base-uri 'none'")
  expect(csp).not.toMatch(/(^|\s)(\*|https:|http:)(\s|;|$)/)
  await expect(page.frameLocator(`iframe[src^="${FRAME}"]`).locator('body')).toHaveAttribute('data-state', 'ready', {
    timeout: 15_000,
  })
})

test('a page on another origin cannot frame it: the browser blocks the frame (frame-ancestors)', async ({ page }) => {
  // Control: the same iframe added to the demo's own page works, so the block below is the origin's doing.
  await page.goto('/')
  await addIframe(page.mainFrame(), frameSrc(DEMO))
  await expect(page.frameLocator('#added').locator('body')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 })

  for (const parent of [DEMO, OTHER]) {
    const frameResponse = page.waitForResponse((r) => r.url().startsWith(`${FRAME}/?`))
    const violation = cspViolation(page)
    await page.goto(`${OTHER}/frame?parent=${encodeURIComponent(parent)}`) // claiming to be the demo, then honestly
    expect((await frameResponse).headers()['content-security-policy']).toContain(
      `frame-ancestors ${DEMO} http://localhost:5173`,
    )
    expect((await violation).text()).toMatch(
      /violates the following Content Security Policy directive: "frame-ancestors|Refused to frame/,
    )
    await page.waitForTimeout(1_000) // a loaded frame boots in well under this
    expect(await frameStates(page), parent).toEqual([])
  }
})

test('nested: demo > demo > frame refuses to run (data-reason); other > demo > frame is blocked by the browser', async ({
  page,
}) => {
  // Every ancestor allowed, so the browser loads it; the frame itself sees it is not the top window's child.
  await page.goto('/')
  await addIframe(page.mainFrame(), `${DEMO}/`)
  const inner = (await (await page.locator('#added').elementHandle())!.contentFrame())!
  await addIframe(inner, frameSrc(DEMO))
  const nested = page.frameLocator('#added').frameLocator('#added').locator('body')
  await expect(nested).toHaveAttribute('data-state', 'refused', { timeout: 15_000 })
  await expect(nested).toHaveAttribute('data-reason', 'nested-frame')

  // Another origin on top: frame-ancestors checks every ancestor, so the frame is not even loaded.
  await page.goto(`${OTHER}/demo`)
  const demoInside = (await (await page.locator('#f').elementHandle())!.contentFrame())!
  await expect.poll(() => demoInside.evaluate(() => document.readyState)).toBe('complete')
  const violation = cspViolation(page)
  await addIframe(demoInside, frameSrc(DEMO))
  expect((await violation).text()).toMatch(
    /violates the following Content Security Policy directive: "frame-ancestors|Refused to frame/,
  )
  await page.waitForTimeout(1_000)
  expect(await frameStates(page)).toEqual([])
})

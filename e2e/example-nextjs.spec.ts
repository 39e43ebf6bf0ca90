/**
 * examples/nextjs: a wagmi site on Next.js 16 (App Router, server-side rendering) that installed Foyer from the
 * packed tarballs, built with `next build` and served by `next start`.
 */
import type { RunningChild } from '../apps/devnet/src/children.ts'
import { connectSeeAccountDisconnect, serveExample } from './examples.ts'
import { expect, test } from './fixtures.ts'

test.use({ walletKey: 9 })

let site: { url: string; server: RunningChild }
test.beforeAll(async () => {
  test.setTimeout(300_000) // the first install of the example downloads Next.js
  site = await serveExample('nextjs')
})
test.afterAll(async () => site?.server.stop())

/** The connect button's opening tag in server HTML. */
const connectButtonTag = (html: string) => html.match(/<button[^>]*data-testid="connect-button"[^>]*>/)?.[0]

test('the server HTML already holds the connect button', async () => {
  const html = await (await fetch(site.url)).text()
  const tag = connectButtonTag(html)
  expect(tag).toBeDefined()
  expect(html).toMatch(/data-testid="connect-button"[^>]*>Connect Wallet<\/button>/)
})

test('two visitors rendered at the same time keep their own Foyer state', async () => {
  // 20 requests at once, each held open 300 ms, alternating dark and light with an accent of their own. A Foyer
  // client (or wagmi config) shared between requests would give some of them another visitor's theme.
  const visitors = Array.from({ length: 20 }, (_, i) => ({
    theme: i % 2 ? 'dark' : 'light',
    accent: (0x100000 + i * 4099).toString(16),
  }))
  const pages = await Promise.all(
    visitors.map(async (v) => (await fetch(`${site.url}/?theme=${v.theme}&accent=${v.accent}&delay=300`)).text()),
  )
  pages.forEach((html, i) => {
    const tag = connectButtonTag(html) ?? ''
    expect(tag, `visitor ${i}`).toContain(`data-theme="${visitors[i]!.theme}"`)
    expect(tag, `visitor ${i}`).toContain(`--foyer-accent:#${visitors[i]!.accent}`)
  })
})

test('hydrates without warnings, then connect, Account, disconnect', async ({ page, wallet }) => {
  await connectSeeAccountDisconnect(page, site.url, wallet.address)
})

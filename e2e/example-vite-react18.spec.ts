/**
 * examples/vite-react18: a wagmi site on React 18 that installed Foyer from the packed tarballs. A person connects
 * the browser wallet, sees Account and disconnects.
 */
import type { RunningChild } from '../apps/devnet/src/children.ts'
import { connectSeeAccountDisconnect, serveExample } from './examples.ts'
import { test } from './fixtures.ts'

test.use({ walletKey: 9 })

let site: { url: string; server: RunningChild }
test.beforeAll(async () => {
  test.setTimeout(300_000) // the first install of the example downloads React 18 and Vite
  site = await serveExample('vite-react18')
})
test.afterAll(async () => site?.server.stop())

test('connect a browser wallet, see Account, disconnect', async ({ page, wallet }) => {
  await connectSeeAccountDisconnect(page, site.url, wallet.address)
})

// @vitest-environment jsdom
// Account against the real Foyer server, run as its own process (apps/server/src/main.ts on PGlite in a scratch
// folder, as the dev stack runs it; this jsdom file cannot load the server's modules itself): the project's
// settings decide which server features show, and an operator's change shows on an open page within seconds (on
// Postgres, changed beside the server as another instance would). The wallet is the in-memory test adapter, given the
// sending methods Swap needs.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { act } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { SERVER_TIMEOUT_MS, startFoyerServer } from '../../test/foyerServerProcess.ts'
import { byTestId, cleanup, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

let server: Awaited<ReturnType<typeof startFoyerServer>> | undefined
let apiUrl = ''

beforeAll(async () => {
  server = await startFoyerServer(
    { FOYER_PROJECTS: JSON.stringify([{ id: 'no-swaps', allowedOrigins: [], features: { swaps: false } }]) },
    // The modal's chunks, transformed while the server starts: the first open then shows Account within the wait.
    () => Promise.all([import('../../modal/ModalShell.tsx'), import('./AccountView.tsx')]),
  )
  apiUrl = server.apiUrl
}, SERVER_TIMEOUT_MS + 5_000)

afterAll(() => server?.stop(), 30_000)

afterEach(() => cleanup())

/** Opens Account for `projectId` (on the server at `apiUrl`), recording whether a Swap button was ever in the page. */
async function openAccount(projectId: string, at = apiUrl) {
  const adapter = Object.assign(fakeAdapter(), {
    sendTransaction: async () => `0x${'ab'.repeat(32)}`,
    writeContract: async () => `0x${'cd'.repeat(32)}`,
    waitForReceipt: async (hash: string) => ({ status: 'success' as const, transactionHash: hash }),
  })
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: at,
    projectId,
    logLevel: 'silent',
  })
  const seen = { swap: false }
  const observer = new MutationObserver(() => {
    if (queryTestId('account-swap')) seen.swap = true
  })
  observer.observe(document.body, { childList: true, subtree: true })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.connect('dev.foyer.testwallet'))
  await act(async () => foyer.open())
  await openedModal('Account')
  return { foyer, seen, stop: () => observer.disconnect() }
}

describe('Account and the project’s settings', () => {
  it('a project whose swaps are off never shows Swap; its other server features show', async () => {
    const { seen, stop } = await openAccount('no-swaps')
    // History is on for the project: its row shows once the settings have arrived.
    await waitFor(() => byTestId('account-activity'))
    expect(byTestId('account-send').textContent).toBe('Send')
    expect(queryTestId('account-swap')).toBeNull()
    stop()
    expect(seen.swap).toBe(false)
  })

  it('the default project shows Swap; the modal’s views share one request for the settings', async () => {
    const asked: { url: string; signal?: AbortSignal | null }[] = []
    const realFetch = globalThis.fetch
    globalThis.fetch = (input, init) => {
      if (String(input).includes('/v1/project')) asked.push({ url: String(input), signal: init?.signal })
      return realFetch(input, init)
    }
    try {
      await openAccount('foyer-demo')
      expect(await waitFor(() => byTestId('account-swap').textContent)).toBe('Swap')
      await waitFor(() => byTestId('account-activity'))
      await waitFor(() => byTestId('choose-name'))
    } finally {
      globalThis.fetch = realFetch
    }
    // StrictMode mounts the shell twice: the first mount's request is aborted as it unmounts. One request answers
    // the shell, Account, its actions and its rows.
    const answered = asked.filter((request) => !request.signal?.aborted).map((request) => request.url)
    expect(answered).toEqual([`${apiUrl}/v1/project?projectId=foyer-demo`])
  })

  it('a project the server does not know leaves the site’s options to decide: Swap shows', async () => {
    await openAccount('no-such-project')
    expect(await waitFor(() => byTestId('account-swap').textContent)).toBe('Swap')
  })
})

const POSTGRES_URL = process.env.FOYER_TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test'

describe('an operator’s change on an open page', () => {
  const admin = () => new pg.Client({ connectionString: POSTGRES_URL })
  const scratch = `foyer_test_${randomBytes(6).toString('hex')}`
  const scratchUrl = Object.assign(new URL(POSTGRES_URL), { pathname: `/${scratch}` }).toString()
  let onPostgres: Awaited<ReturnType<typeof startFoyerServer>> | undefined

  beforeAll(async () => {
    const client = admin()
    await client.connect()
    await client.query(`create database "${scratch}"`).finally(() => client.end())
    onPostgres = await startFoyerServer({
      DATABASE_URL: scratchUrl,
      FOYER_PROJECTS: JSON.stringify([{ id: 'changing', allowedOrigins: [] }]),
    })
  }, SERVER_TIMEOUT_MS + 5_000)

  afterAll(async () => {
    await onPostgres?.stop()
    const client = admin()
    await client.connect()
    await client.query(`drop database if exists "${scratch}" with (force)`).finally(() => client.end())
  }, 30_000)

  it('swaps turned off: Swap is gone from Account at an opening within ten seconds, without a reload', async () => {
    const { foyer, stop } = await openAccount('changing', onPostgres!.apiUrl)
    expect(await waitFor(() => byTestId('account-swap').textContent)).toBe('Swap')
    stop()
    await act(async () => foyer.close())

    // The console's statement, run on the database as another instance would: this server's cache holds the
    // project up to 5 s, the page's answer 5 s more.
    const db = new pg.Client({ connectionString: scratchUrl })
    await db.connect()
    await db
      .query(
        `update projects set features = features || '{"swaps":false}'::jsonb, updated_at = now() where id = 'changing'`,
      )
      .finally(() => db.end())
    const changedAt = Date.now()

    let swapShown = true
    while (swapShown && Date.now() - changedAt < 15_000) {
      await new Promise((next) => setTimeout(next, 1_000))
      await act(async () => foyer.open())
      await openedModal('Account')
      await waitFor(() => byTestId('account-send'))
      await new Promise((next) => setTimeout(next, 300)) // the answer asked at this opening
      swapShown = queryTestId('account-swap') !== null
      await act(async () => foyer.close())
    }
    expect(swapShown).toBe(false)
    expect(Date.now() - changedAt).toBeLessThanOrEqual(12_000)
  }, 40_000)
})

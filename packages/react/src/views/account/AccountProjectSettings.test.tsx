// @vitest-environment jsdom
// Account against the real Foyer server, run as its own process (apps/server/src/main.ts on PGlite in a scratch
// folder, as the dev stack runs it; this jsdom file cannot load the server's modules itself): the project's
// settings decide which server features show. The wallet is the in-memory test adapter, given the sending methods
// Swap needs.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { act } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

const REPO_ROOT = resolve(__dirname, '../../../../..')
const SERVER_TIMEOUT_MS = 120_000
let server: ChildProcess | undefined
let dataDir = ''
let apiUrl = ''

/** A port nothing listens on now. */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'foyer-project-settings-'))
  const port = await freePort()
  apiUrl = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, ['--conditions=@foyer/source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      FOYER_DATA_DIR: dataDir,
      FOYER_DEVNET_FILE: join(dataDir, 'no-devnet.json'),
      FOYER_PROJECTS: JSON.stringify([{ id: 'no-swaps', allowedOrigins: [], features: { swaps: false } }]),
    },
  })
  const exited = new Promise<never>((_, fail) =>
    server!.once('exit', (code) => fail(new Error(`the Foyer server exited (${code}) before it answered`))),
  )
  // The modal's chunks, transformed while the server starts: the first open then shows Account within the wait.
  await Promise.all([import('../../modal/ModalShell.tsx'), import('./AccountView.tsx')])
  const started = Date.now()
  for (;;) {
    const healthy = await Promise.race([
      fetch(`${apiUrl}/health`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ])
    if (healthy) break
    if (Date.now() - started > SERVER_TIMEOUT_MS) throw new Error('the Foyer server did not answer /health')
    await new Promise((next) => setTimeout(next, 250))
  }
}, SERVER_TIMEOUT_MS + 5_000)

afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((done) => server!.once('exit', done))
    server.kill('SIGTERM')
    await stopped
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
}, 30_000)

afterEach(() => cleanup())

/** Opens Account for `projectId`, recording whether a Swap button was ever in the page. */
async function openAccount(projectId: string) {
  const adapter = Object.assign(fakeAdapter(), {
    sendTransaction: async () => `0x${'ab'.repeat(32)}`,
    writeContract: async () => `0x${'cd'.repeat(32)}`,
    waitForReceipt: async (hash: string) => ({ status: 'success' as const, transactionHash: hash }),
  })
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl,
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
  return { seen, stop: () => observer.disconnect() }
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

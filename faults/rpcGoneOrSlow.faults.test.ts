/**
 * A chain's RPC gone, then slow, while visitors read balances, the swap token list and swap quotes. A TCP fault
 * proxy sits between the server and anvil; the server reads the chain through it with FOYER_RPC_TIMEOUT_MS.
 *
 * Promise: every request answers within the deadline (two attempts of the RPC timeout, viem's retry pause, and a
 * margin); while the node refuses, hangs or is slower than the timeout, the chain reads answer
 * `502 chain_unavailable` (the token list, which needs no chain read, keeps answering); a node slower than normal
 * but within the timeout still answers; answers come back as soon as the node does. The client (core) turns the 502
 * into the modal's messages.
 */
import {
  fetchSwapQuote,
  fetchSwapTokens,
  fetchTokenBalances,
  HttpRequestError,
  SwapQuoteError,
  TokenBalanceError,
} from '@foyer/core'
import { createApiClient } from '@foyer/core/internal'
import { type RunningDevnet, startDevnet } from '@foyer/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDevnetFile } from '../apps/server/src/chains/devnetFile.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { createServer, type FoyerServer } from '../apps/server/src/index.ts'
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/src/test/backends.ts'
import { en } from '../packages/core/src/locale/en.ts'
import { type FaultMode, FaultProxy } from './faultProxy.ts'

const ANVIL_PORT = 19850
/** FOYER_RPC_TIMEOUT_MS for this run: one JSON-RPC request's limit (viem tries it twice). */
const RPC_TIMEOUT_MS = 1_500
/** viem's pause before its one retry. */
const RETRY_PAUSE_MS = 150
/** Scheduling, Postgres and HTTP on a shared 2-core machine. */
const MARGIN_MS = 1_000
/** No request may take longer than this, whatever the node does. */
const DEADLINE_MS = 2 * RPC_TIMEOUT_MS + RETRY_PAUSE_MS + MARGIN_MS
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

let devnet: RunningDevnet
let proxy: FaultProxy
let scratch: ScratchDatabase
let server: FoyerServer
let apiUrl = ''
let holder = ''
let token = ''

beforeAll(async () => {
  devnet = await startDevnet({
    chains: [{ id: 31337, name: 'Fault chain', port: ANVIL_PORT, portEnv: 'TEST' }],
    devnetFile: null,
  })
  const chain = devnet.info.chains[0]!
  proxy = await FaultProxy.start(chain.rpcUrl)
  scratch = await createScratchDatabase()
  const config = loadConfig(
    {
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch.url,
      FOYER_DEVNET_FILE: '/nonexistent/devnet.json',
      FOYER_DATA_DIR: '/nonexistent/data',
      FOYER_INDEXER: 'false',
      FOYER_RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
      // The visitors are several per second from one address: the per-client limit is not what is tested here.
      FOYER_RATE_LIMIT_PER_CLIENT: '0',
      FOYER_RATE_LIMIT_PER_PROJECT: '0',
    },
    { repoRoot: null },
  )
  const parsed = parseDevnetFile(JSON.stringify(devnet.info), [])!
  config.chains = parsed.chains.map((c) => ({ ...c, rpcUrl: proxy.url }))
  server = await createServer(config)
  apiUrl = (await server.listen()).url
  holder = devnet.info.accounts[3]!.address
  // A token with a pool against the native currency (WETH itself would be a wrap, not a swap).
  const weth = chain.contracts.weth.toLowerCase()
  token = chain.tokens.find((t) => t.address.toLowerCase() !== weth)!.address.toLowerCase()
}, 180_000)

afterAll(async () => {
  await server?.close()
  await scratch?.drop()
  await proxy?.stop()
  await devnet?.stop()
})

type Kind = 'balance' | 'tokens' | 'quote'
type Answer = { kind: Kind; status: number; code?: string; ms: number }

function requestOf(kind: Kind): string {
  if (kind === 'balance') return `/v1/account/${holder}/balance?projectId=foyer-demo&chainId=eip155:31337`
  if (kind === 'tokens') return '/v1/convert/tokens?projectId=foyer-demo&chainId=eip155:31337'
  return `/v1/convert/quotes?projectId=foyer-demo&amount=1000000000000000&from=eip155:31337:${NATIVE}&to=eip155:31337:${token}`
}

async function ask(kind: Kind): Promise<Answer> {
  const started = performance.now()
  // The client's own limit is far above the deadline: an answer that never comes shows as a 'hung' status 0.
  const res = await fetch(`${apiUrl}${requestOf(kind)}`, { signal: AbortSignal.timeout(DEADLINE_MS * 3) }).catch(
    () => undefined,
  )
  const body = res ? ((await res.json().catch(() => ({}))) as { error?: { code?: string } }) : {}
  return { kind, status: res?.status ?? 0, code: body.error?.code, ms: Math.round(performance.now() - started) }
}

/** Three visitors asking in turn (balance, token list, quote) for `windowMs`; every answer they got. */
async function visitorsFor(windowMs: number): Promise<Answer[]> {
  const until = performance.now() + windowMs
  const answers: Answer[] = []
  const kinds: Kind[] = ['balance', 'tokens', 'quote']
  await Promise.all(
    [0, 1, 2].map(async (offset) => {
      for (let i = offset; performance.now() < until; i++) answers.push(await ask(kinds[i % 3]!))
    }),
  )
  return answers
}

/** What one phase saw, for the report (`docs/reliability.md`). */
const figures: Record<string, { answers: number; slowestMs: number; statuses: string }> = {}
function record(phase: string, answers: Answer[]) {
  const counts = new Map<string, number>()
  for (const a of answers) {
    const key = `${a.kind} ${a.status}${a.code ? ` ${a.code}` : ''}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  figures[phase] = {
    answers: answers.length,
    slowestMs: Math.max(...answers.map((a) => a.ms)),
    statuses: [...counts].map(([k, n]) => `${k} ×${n}`).join(', '),
  }
}

async function phase(name: string, mode: FaultMode, windowMs: number): Promise<Answer[]> {
  await proxy.set(mode)
  const answers = await visitorsFor(windowMs)
  record(name, answers)
  // Nothing hangs: every request answered, within the deadline.
  expect(answers.filter((a) => a.status === 0)).toEqual([])
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThanOrEqual(DEADLINE_MS)
  return answers
}

const chainReads = (answers: Answer[]) => answers.filter((a) => a.kind !== 'tokens')
const tokenLists = (answers: Answer[]) => answers.filter((a) => a.kind === 'tokens')

function expectAllOk(answers: Answer[]) {
  expect(answers.length).toBeGreaterThanOrEqual(3)
  expect(answers.filter((a) => a.status !== 200)).toEqual([])
}

function expectChainUnavailable(answers: Answer[]) {
  expect(chainReads(answers).length).toBeGreaterThanOrEqual(2)
  expect(chainReads(answers).filter((a) => a.status !== 502 || a.code !== 'chain_unavailable')).toEqual([])
  expect(tokenLists(answers).filter((a) => a.status !== 200)).toEqual([])
}

describe("a chain's RPC gone, then slow", () => {
  it('answers normally through the proxy', async () => {
    expectAllOk(await phase('pass', { kind: 'pass' }, 1_500))
  })

  it('refused connections: chain reads answer 502 chain_unavailable at once, the token list still answers', async () => {
    const answers = await phase('refuse', { kind: 'refuse' }, 2_000)
    expectChainUnavailable(answers)
    // A refused connection is known at once: no waiting for the timeout.
    expect(Math.max(...chainReads(answers).map((a) => a.ms))).toBeLessThan(RPC_TIMEOUT_MS)
  })

  it('a node that hangs (black hole): 502 chain_unavailable after the timeout, not later', async () => {
    const answers = await phase('blackhole', { kind: 'blackhole' }, 3_500)
    expectChainUnavailable(answers)
    expect(Math.min(...chainReads(answers).map((a) => a.ms))).toBeGreaterThanOrEqual(RPC_TIMEOUT_MS)
  })

  it('a node slower than the timeout: 502 chain_unavailable within the deadline', async () => {
    expectChainUnavailable(await phase('delay 5 s', { kind: 'delay', ms: 5_000 }, 3_500))
  })

  it('the client gets the modal’s messages for these errors (core against this server)', async () => {
    await proxy.set({ kind: 'blackhole' })
    const client = { api: createApiClient({ apiUrl, projectId: 'foyer-demo' }) }
    const balance = await fetchTokenBalances(client, { address: holder, chainId: 'eip155:31337' }).catch((e) => e)
    expect(balance).toBeInstanceOf(TokenBalanceError)
    expect(balance.shortMessage).toBe(en['snackbar.failedToFetchTokenBalance'])
    expect(balance.cause).toBeInstanceOf(HttpRequestError)
    expect(balance.cause.status).toBe(502)
    expect(balance.details).toMatch(/^The RPC endpoint of chain eip155:31337 .* did not answer; try again shortly$/)
    const quote = await fetchSwapQuote(client, {
      from: `eip155:31337:${NATIVE}`,
      to: `eip155:31337:${token}`,
      amount: 10n ** 15n,
    }).catch((e) => e)
    expect(quote).toBeInstanceOf(SwapQuoteError)
    // Not "no route": the pair is fine, the node is not.
    expect(quote.noRoute).toBe(false)
    expect(quote.messageKey).toBe('snackbar.somethingWentWrong')
    expect(quote.shortMessage).toBe(en['snackbar.somethingWentWrong'])
    expect(quote.cause.status).toBe(502)
    // The token list needs no chain read: the swap view still opens.
    expect((await fetchSwapTokens(client, { chainId: 'eip155:31337' })).length).toBeGreaterThan(1)
  })

  it('a slow node within the timeout: slower answers, still answers', async () => {
    const answers = await phase('delay 0.3 s', { kind: 'delay', ms: 300 }, 3_000)
    expectAllOk(answers)
    expect(Math.min(...chainReads(answers).map((a) => a.ms))).toBeGreaterThanOrEqual(300)
  })

  it('answers come back as soon as the node does', async () => {
    await proxy.set({ kind: 'refuse' })
    expect((await ask('balance')).status).toBe(502)
    await proxy.set({ kind: 'pass' })
    // The very first request after the node is back answers.
    const first = await ask('balance')
    expect(first).toMatchObject({ status: 200 })
    expect((await ask('quote')).status).toBe(200)
    expectAllOk(await phase('back', { kind: 'pass' }, 1_500))
    const client = { api: createApiClient({ apiUrl, projectId: 'foyer-demo' }) }
    expect((await fetchTokenBalances(client, { address: holder, chainId: 'eip155:31337' })).length).toBeGreaterThan(1)
    console.log(`rpcGoneOrSlow figures (deadline ${DEADLINE_MS} ms):\n${JSON.stringify(figures, null, 1)}`)
  })
})

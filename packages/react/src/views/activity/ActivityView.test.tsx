// @vitest-environment jsdom
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEFAULT_FEATURES } from '@foyer/core/protocol'
import { act } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { ADDRESS, fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

// A test double of the Foyer server on loopback, answering the documented shapes (the real endpoints are tested
// in apps/server against anvil, and in a real browser by e2e/activity.spec.ts). `mode` picks its behaviour.
const server = { mode: 'ok' as 'ok' | 'fail' | 'empty', requests: [] as string[] }
const entry = (n: number, minedAt: string, chain: string, extra: Record<string, unknown> = {}) => ({
  id: `${chain}:0x${n}`,
  metadata: {
    operationType: 'send',
    hash: `0x${n}`,
    minedAt,
    chain,
    blockNumber: n,
    sentFrom: ADDRESS.toLowerCase(),
    sentTo: '0xabc',
    status: 'confirmed',
    nonce: n,
  },
  transfers: [
    {
      standard: 'erc20',
      direction: 'out',
      sender: ADDRESS,
      recipient: '0xabc',
      quantity: { numeric: `${n}.5`, raw: '1' },
      fungible_info: { address: '0x1', name: 'Foyer USD', symbol: 'fUSD', decimals: 6, iconUrl: null },
    },
  ],
  ...extra,
})
const spam = (n: number, chain: string) =>
  entry(n, '2026-10-02T00:00:00Z', chain, {
    metadata: {
      operationType: 'mint',
      hash: `0x${n}`,
      minedAt: '2026-10-02T00:00:00Z',
      chain,
      blockNumber: n,
      sentFrom: '0x0',
      sentTo: '0x1',
      status: 'confirmed',
      nonce: 0,
    },
    transfers: [
      {
        standard: 'erc721',
        direction: 'in',
        sender: '0x0',
        recipient: ADDRESS,
        quantity: { numeric: '1', raw: '1' },
        nft_info: { address: '0x9', tokenId: '3', name: 'Claim 5000 fUSD', symbol: 'CLAIM', flags: { is_spam: true } },
      },
    ],
  })
const http = createServer((req, res) => {
  const url = new URL(req.url!, 'http://x')
  res.setHeader('content-type', 'application/json')
  res.setHeader('access-control-allow-origin', '*')
  // The project's settings, as the real server answers them for a project with every default: not recorded in
  // `requests`, which are the account data the tests look at.
  if (url.pathname === '/v1/project')
    return res.end(JSON.stringify({ id: 'foyer-demo', name: 'Foyer demo', features: DEFAULT_FEATURES }))
  // The analytics sender's question (it loads once the page is idle): analytics off, so it posts nothing.
  if (url.pathname === '/getAnalyticsConfig') return res.end(JSON.stringify({ isAnalyticsEnabled: false }))
  server.requests.push(`${url.pathname}?${url.searchParams.toString()}`)
  if (server.mode === 'fail') {
    res.writeHead(502)
    return res.end(JSON.stringify({ error: { code: 'chain_unavailable', message: 'down' } }))
  }
  const chain = url.searchParams.get('chainId') ?? 'eip155:31337'
  if (url.pathname.endsWith('/balance')) {
    return res.end(
      JSON.stringify({
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: chain,
            decimals: 18,
            quantity: { decimals: '18', numeric: '1.23456' },
            raw: '1',
            price: 3000,
            priced: true,
            value: 3703.68,
            iconUrl: null,
          },
          {
            name: 'Foyer Token',
            symbol: 'FOY',
            chainId: chain,
            address: `${chain}:0x${'2'.padStart(40, '0')}`,
            decimals: 18,
            quantity: { decimals: '18', numeric: '10' },
            raw: '1',
            price: 0.5,
            priced: true,
            value: 5,
            iconUrl: null,
          },
        ],
      }),
    )
  }
  if (server.mode === 'empty') return res.end(JSON.stringify({ data: [], next: null }))
  if (url.searchParams.get('cursor') === 'page2')
    return res.end(JSON.stringify({ data: [entry(1, '2026-09-15T10:00:00Z', chain)], next: null }))
  const base = chain === 'eip155:31338' ? 20 : 10
  res.end(
    JSON.stringify({
      data: [
        entry(base + 3, '2026-11-03T10:00:00Z', chain),
        spam(base + 2, chain),
        entry(base + 1, '2026-10-01T10:00:00Z', chain),
      ],
      next: 'page2',
    }),
  )
})
let apiUrl = ''
beforeAll(
  () =>
    new Promise<void>((ok) =>
      http.listen(0, '127.0.0.1', () => {
        apiUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
        ok()
      }),
    ),
)
afterAll(() => new Promise<void>((ok) => http.close(() => ok())))
afterEach(async () => {
  await cleanup()
  server.mode = 'ok'
  server.requests = []
})

async function renderWithServer(view: 'Account' | 'Activity', options: { apiUrl?: string | null } = {}) {
  const adapter = fakeAdapter()
  const foyer = createFoyer({
    adapters: [adapter],
    networks: [localNetwork(31337, 'Foyer Local'), localNetwork(31338, 'Foyer Local 2')],
    apiUrl: options.apiUrl === null ? undefined : apiUrl,
    projectId: 'foyer-demo',
    // The on-ramp's purchases have their own tests (views/buy/BuyViews.test.tsx); this double serves history only.
    features: { onramp: false },
    logLevel: 'silent',
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.connect('dev.foyer.testwallet'))
  await act(async () => foyer.open({ view }))
  await openedModal(view)
  return { foyer, adapter }
}

const texts = (testId: string) => [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((e) => e.textContent)

describe('Account tokens', () => {
  it('lists the tokens with USD values and the total, beside the native balance', async () => {
    await renderWithServer('Account')
    await waitFor(() => expect(byTestId('account-total-value').textContent).toBe('$3,708.68'))
    expect(byTestId('token-ETH').textContent).toContain('1.234 ETH')
    expect(byTestId('token-FOY').textContent).toContain('$5.00')
    expect(byTestId('account-balance').textContent).toBe('1.234 ETH')
    expect(server.requests.at(-1)).toBe(
      `/v1/account/${ADDRESS}/balance?projectId=foyer-demo&currency=usd&chainId=eip155%3A31337`,
    )
  })

  it('says "Failed to fetch token balance" when the server fails', async () => {
    server.mode = 'fail'
    await renderWithServer('Account')
    await waitFor(() => expect(byTestId('account-tokens-error').textContent).toContain('Failed to fetch token balance'))
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Failed to fetch token balance'))
  })

  it('without apiUrl: no token list, no Activity, the native balance over RPC as before', async () => {
    await renderWithServer('Account', { apiUrl: null })
    await waitFor(() => expect(byTestId('account-balance').textContent).toBe('1.234 ETH'))
    expect(queryTestId('account-tokens')).toBeNull()
    expect(queryTestId('account-activity')).toBeNull()
    expect(server.requests).toEqual([])
  })
})

describe('Activity view', () => {
  it('opens from Account, groups by month, hides spam-only entries, and loads more', async () => {
    const { foyer } = await renderWithServer('Account')
    // The row shows once the project's settings say history is on.
    await click(await waitFor(() => byTestId('account-activity')))
    expect(foyer.getState().router.view).toBe('Activity')
    await openedModal('Activity')
    await waitFor(() => expect(texts('activity-item')).toHaveLength(2))
    expect(byTestId('foyer-modal').textContent).toContain('Activity')
    expect([...document.querySelectorAll('.fo-activity-month')].map((h) => h.textContent)).toEqual([
      'November 2026',
      'October 2026',
    ])
    expect(texts('activity-detail')[0]).toBe('−13.5 fUSD')
    expect(byTestId('activity-list').textContent).not.toContain('Claim')
    await click(byTestId('activity-load-more'))
    await waitFor(() => expect(texts('activity-item')).toHaveLength(3))
    expect(server.requests.at(-1)).toContain('cursor=page2')
    expect(queryTestId('activity-load-more')).toBeNull()
    expect([...document.querySelectorAll('.fo-activity-month')].map((h) => h.textContent)).toEqual([
      'November 2026',
      'October 2026',
      'September 2026',
    ])
  })

  it('shows only the connected network and reloads when it changes', async () => {
    const { foyer, adapter } = await renderWithServer('Activity')
    await waitFor(() =>
      expect(document.querySelector('[data-testid="activity-item"]')?.getAttribute('data-hash')).toBe('0x13'),
    )
    expect(server.requests.at(-1)).toContain('chainId=eip155%3A31337')
    await act(async () => adapter.controller().setNetwork('eip155:31338'))
    await waitFor(() =>
      expect(document.querySelector('[data-testid="activity-item"]')?.getAttribute('data-hash')).toBe('0x23'),
    )
    expect(server.requests.at(-1)).toContain('chainId=eip155%3A31338')
    expect(foyer.getState().network.selectedNetworkId).toBe('eip155:31338')
  })

  it('has an empty state and a failure state with the spec’s message', async () => {
    server.mode = 'empty'
    await renderWithServer('Activity')
    await waitFor(() => expect(byTestId('activity-empty').textContent).toContain('No activity yet'))
    await cleanup()
    server.mode = 'fail'
    await renderWithServer('Activity')
    await waitFor(() => expect(byTestId('activity-error').textContent).toContain('Failed to fetch transactions'))
    await waitFor(() => expect(byTestId('snackbar').textContent).toBe('Failed to fetch transactions'))
    server.mode = 'ok'
    await click(byTestId('activity-error').querySelector('button')!)
    await waitFor(() => expect(texts('activity-item')).toHaveLength(2))
  })
})

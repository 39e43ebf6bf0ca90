import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { disconnectedAccount } from '../account/account.ts'
import { createApiClient } from '../api/apiClient.ts'
import type { FoyerState } from '../client/state.ts'
import { NATIVE_TOKEN_ADDRESS_EVM } from '../constants.ts'
import { ClientNotSetError } from '../errors/errors.ts'
import { createQueryCache } from '../query/queryCache.ts'
import { createStore } from '../store/createStore.ts'
import { TokenBalanceError, type TransactionHistoryError } from './accountDataErrors.ts'
import {
  accountDataQueryKey,
  fetchTokenBalances,
  tokenBalancesQueryKey,
  totalTokenValue,
} from './fetchTokenBalances.ts'
import { fetchTokenPrices } from './fetchTokenPrices.ts'
import {
  fetchTransactionHistory,
  groupTransactionsByMonth,
  isSpamOnlyTransaction,
  type Transaction,
  transactionHistoryQueryKey,
} from './fetchTransactionHistory.ts'
import { invalidateAccountData, watchAccountData } from './watchAccountData.ts'

const FOY = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'

// Test double of the Foyer server on loopback: records each request and answers the documented shapes
// (the real endpoints are tested in apps/server against anvil, and end to end in e2e/activity.spec.ts).
const seen: { method?: string; url?: string; body?: unknown }[] = []
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, body: body ? JSON.parse(body) : undefined })
    res.setHeader('content-type', 'application/json')
    if (req.url?.includes('/0x0000000000000000000000000000000000000bad/')) {
      res.writeHead(502)
      return res.end(JSON.stringify({ error: { code: 'chain_unavailable', message: 'RPC down' } }))
    }
    if (req.url?.includes('/balance'))
      return res.end(
        JSON.stringify({
          balances: [
            { symbol: 'ETH', chainId: 'eip155:31337', value: 3000.5 },
            { symbol: 'FOY', chainId: 'eip155:31337', address: `eip155:31337:${FOY}`, value: 12.25 },
          ],
        }),
      )
    if (req.url?.includes('/history')) return res.end(JSON.stringify({ data: [], next: 'abc' }))
    res.end(JSON.stringify({ fungibles: [{ symbol: 'FOY', price: 0.5 }] }))
  })
})
let apiUrl = ''
beforeAll(
  () =>
    new Promise<void>((ok) =>
      server.listen(0, '127.0.0.1', () => {
        apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        ok()
      }),
    ),
)
afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('account data actions', () => {
  it('fetchTokenBalances asks for usd on the given network and returns the balances', async () => {
    const client = { api: createApiClient({ apiUrl, projectId: 'foyer-demo' }) }
    const balances = await fetchTokenBalances(client, { address: ADDRESS, chainId: 'eip155:31337' })
    expect(seen.at(-1)!.url).toBe(
      `/v1/account/${ADDRESS}/balance?projectId=foyer-demo&currency=usd&chainId=eip155%3A31337`,
    )
    expect(totalTokenValue(balances)).toBe(3012.75)
    // The server's CAIP-10 id becomes the bare address; the native currency, sent without one, gets 0xeeee….
    expect(balances).toEqual([
      { symbol: 'ETH', chainId: 'eip155:31337', address: NATIVE_TOKEN_ADDRESS_EVM, value: 3000.5 },
      { symbol: 'FOY', chainId: 'eip155:31337', address: FOY, value: 12.25 },
    ])
  })

  it('wraps server failures in the spec’s messages and refuses without apiUrl', async () => {
    const client = { api: createApiClient({ apiUrl }) }
    const balanceError = await fetchTokenBalances(client, {
      address: '0x0000000000000000000000000000000000000bad',
    }).catch((e: unknown) => e)
    expect(balanceError).toBeInstanceOf(TokenBalanceError)
    expect((balanceError as TokenBalanceError).shortMessage).toBe('Failed to fetch token balance')
    expect((balanceError as TokenBalanceError).details).toBe('RPC down')
    const historyError = await fetchTransactionHistory(client, {
      address: '0x0000000000000000000000000000000000000bad',
    }).catch((e: unknown) => e)
    expect((historyError as TransactionHistoryError).shortMessage).toBe('Failed to fetch transactions')
    expect((historyError as TransactionHistoryError).messageKey).toBe('snackbar.failedToFetchTransactions')
    await expect(fetchTokenBalances({}, { address: ADDRESS })).rejects.toBeInstanceOf(ClientNotSetError)
  })

  it('fetchTransactionHistory passes the cursor and network; fetchTokenPrices posts usd', async () => {
    const client = { api: createApiClient({ apiUrl, projectId: 'p' }) }
    expect(await fetchTransactionHistory(client, { address: ADDRESS, chainId: 'eip155:31338', cursor: 'xyz' })).toEqual(
      { data: [], next: 'abc' },
    )
    expect(seen.at(-1)!.url).toBe(`/v1/account/${ADDRESS}/history?projectId=p&chainId=eip155%3A31338&cursor=xyz`)
    await fetchTokenPrices(client, { addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] })
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      body: { projectId: 'p', currency: 'usd', addresses: ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'] },
    })
  })

  it('query keys share the account prefix, whatever the address case', () => {
    const prefix = accountDataQueryKey(ADDRESS)
    for (const key of [
      tokenBalancesQueryKey({ address: ADDRESS.toUpperCase().replace('0X', '0x'), chainId: 'eip155:1' }),
      transactionHistoryQueryKey({ address: ADDRESS }),
    ]) {
      expect(key.slice(0, prefix.length)).toEqual([...prefix])
    }
  })
})

const entry = (minedAt: string, spam: boolean[]): Transaction => ({
  id: minedAt,
  metadata: {
    operationType: 'receive',
    hash: '0x',
    minedAt,
    chain: 'eip155:1',
    blockNumber: 1,
    sentFrom: '0x',
    sentTo: '0x',
    status: 'confirmed',
    nonce: 0,
  },
  transfers: spam.map((is_spam) => ({
    standard: 'erc721',
    direction: 'in',
    sender: '0x',
    recipient: '0x',
    quantity: { numeric: '1', raw: '1' },
    nft_info: { address: '0x', tokenId: '1', name: null, symbol: null, flags: { is_spam } },
  })),
})

describe('activity helpers', () => {
  it('a spam-only entry is one whose every transfer is a spam NFT', () => {
    expect(isSpamOnlyTransaction(entry('2026-11-01T00:00:00Z', [true]))).toBe(true)
    expect(isSpamOnlyTransaction(entry('2026-11-01T00:00:00Z', [true, false]))).toBe(false)
    expect(isSpamOnlyTransaction(entry('2026-11-01T00:00:00Z', []))).toBe(false)
  })
  it('groups by month, keeping the order', () => {
    const groups = groupTransactionsByMonth([
      entry('2026-11-20T00:00:00Z', []),
      entry('2026-11-01T00:00:00Z', []),
      entry('2026-10-31T23:59:59Z', []),
    ])
    expect(groups.map((g) => [g.month, g.entries.length])).toEqual([
      ['2026-11', 2],
      ['2026-10', 1],
    ])
  })
})

describe('watchAccountData', () => {
  it('re-reads the balance silently and invalidates the account’s data when it changes', async () => {
    const store = createStore<FoyerState>({
      account: { ...disconnectedAccount, isConnected: true, address: ADDRESS, balance: '1.0' },
      network: { selectedNetworkId: 'eip155:31337', activeChain: 'eip155', unsupported: false },
    } as unknown as FoyerState)
    const queries = createQueryCache()
    const key = tokenBalancesQueryKey({ address: ADDRESS, chainId: 'eip155:31337' })
    queries.setData(key, [])
    const calls: unknown[] = []
    const stop = watchAccountData(
      { store, queries, refreshBalance: async (options) => void calls.push(options) },
      { intervalMs: 5 },
    )
    await new Promise((r) => setTimeout(r, 30))
    expect(calls[0]).toEqual({ silent: true })
    expect(queries.getState(key).updatedAt).not.toBe(0)
    store.setState((s) => ({ account: { ...s.account, balance: '0.9' } }))
    expect(queries.getState(key).updatedAt).toBe(0)
    // Another account or network is a new key, not a refresh of this one
    queries.setData(key, [])
    store.setState((s) => ({ account: { ...s.account, address: '0x1', balance: '5' } }))
    expect(queries.getState(key).updatedAt).not.toBe(0)
    stop()
    const count = calls.length
    await new Promise((r) => setTimeout(r, 20))
    expect(calls.length).toBe(count)
    invalidateAccountData({ store, queries }, ADDRESS)
    expect(queries.getState(key).updatedAt).toBe(0)
  })
})

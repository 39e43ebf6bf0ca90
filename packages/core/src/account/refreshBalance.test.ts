import { describe, expect, it, vi } from 'vitest'
import type { AdapterBalance } from '../adapter/adapter.ts'
import type { CaipNetwork, NetworkState } from '../networks/networks.ts'
import { createStore } from '../store/createStore.ts'
import { type AccountState, disconnectedAccount } from './account.ts'
import { createRefreshBalance } from './refreshBalance.ts'

const network = {
  id: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Foyer Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
} as unknown as CaipNetwork
const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const connected: AccountState = { ...disconnectedAccount, status: 'connected', isConnected: true, address: alice }

function setUp(readBalance: (p: { address: string; network: CaipNetwork }) => Promise<AdapterBalance>) {
  const store = createStore<{ account: AccountState; network: NetworkState }>({
    account: connected,
    network: { selectedNetworkId: network.id, activeChain: 'eip155', unsupported: false },
  })
  const showSnackbar = vi.fn()
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const refresh = createRefreshBalance({
    store,
    networkById: (id) => (id === network.id ? network : undefined),
    readBalance,
    logger,
    showSnackbar,
  })
  return { store, refresh, showSnackbar }
}

describe('refreshBalance', () => {
  it('writes the balance, floored to the token decimals, and clears the loading flag', async () => {
    const { store, refresh } = setUp(async () => ({ value: 1_234_567_000_000_000_000n, decimals: 18, symbol: 'ETH' }))
    const done = refresh()
    expect(store.getState().account.balanceLoading).toBe(true)
    await done
    expect(store.getState().account).toMatchObject({ balance: '1.234567', balanceSymbol: 'ETH', balanceLoading: false })
  })

  it('only the latest read lands', async () => {
    const answers: ((b: AdapterBalance) => void)[] = []
    const { store, refresh } = setUp(() => new Promise((resolve) => answers.push(resolve)))
    const first = refresh()
    const second = refresh()
    answers[1]!({ value: 2n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
    answers[0]!({ value: 1n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
    await Promise.all([first, second])
    expect(store.getState().account.balance).toBe('2')
  })

  it('a failed read shows the snackbar, unless silent', async () => {
    const { store, refresh, showSnackbar } = setUp(async () => {
      throw new Error('rpc down')
    })
    await refresh({ silent: true })
    expect(showSnackbar).not.toHaveBeenCalled()
    await refresh()
    expect(store.getState().account.balanceLoading).toBe(false)
    expect(showSnackbar).toHaveBeenCalledWith('error', { key: 'snackbar.failedToFetchTokenBalance' })
  })

  it('reads nothing on an unsupported network', async () => {
    const readBalance = vi.fn()
    const { store, refresh } = setUp(readBalance)
    store.setState((s) => ({ network: { ...s.network, unsupported: true } }))
    await refresh()
    expect(readBalance).not.toHaveBeenCalled()
  })
})

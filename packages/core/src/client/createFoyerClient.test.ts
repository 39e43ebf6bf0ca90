import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RpcNotAllowedError } from '../embedded/rpcNotAllowedError.ts'
import { ConnectorNotFoundError } from '../errors/errors.ts'
import type { FoyerOptions } from '../options/options.ts'
import { FAKE_EVM_ADDRESS, fakeAdapter } from '../test/fakeAdapter.ts'
import { localNetwork } from '../test/localNetwork.ts'
import { createFoyerClient } from './createFoyerClient.ts'

const ADDRESS = FAKE_EVM_ADDRESS

describe('createFoyerClient', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setup(extra: Partial<FoyerOptions> = {}, adapter = fakeAdapter()) {
    const client = createFoyerClient({
      adapters: [adapter],
      networks: [localNetwork(31337, 'One'), localNetwork(31338, 'Two')],
      ...extra,
    })
    client.mount()
    return { adapter, client, state: client.getState }
  }

  it('opens on Connect, connects, closes, and reopens on Account with the balance', async () => {
    const { client, state } = setup()
    client.open()
    expect(state().modal.open).toBe(true)
    expect(state().router.view).toBe('Connect')
    await client.connect('dev.foyer.testwallet')
    expect(state().modal.open).toBe(false)
    expect(state().account).toMatchObject({
      isConnected: true,
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
    })
    await vi.waitFor(() => expect(state().account.balance).toBe('1.234567'))
    const events: string[] = []
    client.subscribeEvents((event) => events.push(event.event))
    client.open()
    expect(state().router.view).toBe('Account')
    expect(events).toEqual(['MODAL_OPEN', 'VIEW_ACCOUNT'])
  })

  it('lists announced wallets as features.eip6963 says; unset, as the adapter’s default says', async () => {
    const listed = (client: ReturnType<typeof setup>['client']) => client.getState().connectors.map((c) => c.id)
    expect(setup().client.options.features.eip6963).toBe(true)
    expect(listed(setup().client)).toEqual(['dev.foyer.testwallet'])
    const off = setup({ features: { eip6963: false } })
    expect(listed(off.client)).toEqual([])
    await expect(off.client.connect('dev.foyer.testwallet')).rejects.toBeInstanceOf(ConnectorNotFoundError)
    // An adapter whose default is off (core's own default): nothing announced shows unless the site turns it on.
    expect(listed(setup({}, fakeAdapter({ eip6963: false })).client)).toEqual([])
    expect(listed(setup({ features: { eip6963: true } }, fakeAdapter({ eip6963: false })).client)).toEqual([
      'dev.foyer.testwallet',
    ])
  })

  it('lists Wallet Standard (Solana) wallets whatever features.eip6963 says', () => {
    const solana = fakeAdapter({ namespace: 'solana' })
    const client = createFoyerClient({
      adapters: [fakeAdapter(), solana],
      networks: [localNetwork(31337, 'One')],
      features: { eip6963: false },
    })
    client.mount()
    expect(client.getState().connectors.map((c) => c.id)).toEqual(['solana:Test Wallet'])
  })

  it('shows the site’s token where `tokens` names one, the native balance elsewhere; a failed read says so', async () => {
    const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const reads: string[] = []
    let failing = false
    const adapter = Object.assign(fakeAdapter(), {
      async getTokenBalance({ network, tokenAddress }: { network: { id: string }; tokenAddress: string }) {
        reads.push(`${network.id} ${tokenAddress}`)
        if (failing) throw new Error('execution reverted')
        return { value: 12_345_000n, decimals: 6, symbol: 'fUSD' }
      },
    })
    const { client, state } = setup({ tokens: { 'eip155:31337': { address: TOKEN } }, logLevel: 'silent' }, adapter)
    await client.connect('dev.foyer.testwallet')
    await vi.waitFor(() => expect(state().account).toMatchObject({ balance: '12.345', balanceSymbol: 'fUSD' }))
    await client.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(state().account).toMatchObject({ balance: '1.234567', balanceSymbol: 'ETH' }))
    expect(reads).toEqual([`eip155:31337 ${TOKEN}`])
    failing = true
    await client.switchNetwork('eip155:31337')
    await vi.waitFor(() =>
      expect(state().snackbar).toMatchObject({
        open: true,
        variant: 'error',
        message: { key: 'snackbar.failedToFetchTokenBalance' },
      }),
    )
    expect(state().account.balanceLoading).toBe(false)
  })

  it('keeps the view and reports a rejection', async () => {
    const { adapter, client, state } = setup()
    adapter.reject = true
    client.open()
    client.navigate.push('ConnectingExternal', { connectorId: 'dev.foyer.testwallet' })
    await expect(client.connect('dev.foyer.testwallet')).rejects.toThrow('User rejected')
    expect(state().account.status).toBe('disconnected')
    expect(state().modal.open).toBe(true)
    expect(state().lastEvent).toMatchObject({ event: 'CONNECT_ERROR', properties: { rejected: true } })
  })

  it('returns to the view before Networks after a switch, or closes', async () => {
    const { adapter, client, state } = setup()
    await client.connect('dev.foyer.testwallet')
    client.open()
    client.navigate.push('Networks')
    await client.switchNetwork('eip155:31338')
    expect(adapter.calls).toContain('switch:eip155:31338')
    expect(state().router.view).toBe('Account')
    expect(state().network.selectedNetworkId).toBe('eip155:31338')
    client.open({ view: 'Networks' })
    await client.switchNetwork('eip155:31337')
    expect(state().modal.open).toBe(false)
  })

  it('opens UnsupportedChain 300 ms after the wallet moves to an unknown network', async () => {
    const { adapter, client, state } = setup()
    await client.connect('dev.foyer.testwallet')
    adapter.controller().setNetwork('eip155:1')
    expect(state().network.unsupported).toBe(true)
    expect(state().network.selectedNetworkId).toBe('eip155:31337')
    await vi.advanceTimersByTimeAsync(299)
    expect(state().modal.open).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(state().router.view).toBe('UnsupportedChain')
    adapter.controller().setNetwork('eip155:31338')
    expect(state().modal.open).toBe(false)
  })

  it('does not flash UnsupportedChain when the wallet comes back within 300 ms, nor when allowed', async () => {
    const { adapter, client, state } = setup()
    await client.connect('dev.foyer.testwallet')
    adapter.controller().setNetwork('eip155:1')
    adapter.controller().setNetwork('eip155:31337')
    await vi.advanceTimersByTimeAsync(500)
    expect(state().modal.open).toBe(false)
    const allowed = setup({ allowUnsupportedChain: true })
    await allowed.client.connect('dev.foyer.testwallet')
    allowed.adapter.controller().setNetwork('eip155:1')
    await vi.advanceTimersByTimeAsync(500)
    expect(allowed.state().network.unsupported).toBe(false)
    expect(allowed.state().modal.open).toBe(false)
  })

  it('shakes for 500 ms when a close is refused; back closes with one view left', async () => {
    const { client, state } = setup()
    client.open()
    client.setCloseGuard(() => false)
    expect(client.close()).toBe(false)
    expect(state().modal).toMatchObject({ open: true, shake: true })
    await vi.advanceTimersByTimeAsync(500)
    expect(state().modal.shake).toBe(false)
    client.setCloseGuard(undefined)
    client.navigate.push('WhatIsAWallet')
    client.navigate.goBack()
    expect(state().router.view).toBe('Connect')
    client.navigate.goBack()
    expect(state().modal.open).toBe(false)
  })

  it('hides success and error snackbars after a while, keeps loading ones', async () => {
    const { client, state } = setup()
    client.showSnackbar('error', { key: 'snackbar.somethingWentWrong' })
    expect(state().snackbar).toMatchObject({ open: true, variant: 'error' })
    await vi.advanceTimersByTimeAsync(2200)
    expect(state().snackbar.open).toBe(false)
    client.showSnackbar('loading', { key: 'snackbar.confirmTransaction' })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(state().snackbar.open).toBe(true)
  })

  it('an error snackbar with no words of its own reads "An error occurred"', () => {
    const { client, state } = setup()
    client.showSnackbar('error', { text: '' })
    expect(state().snackbar).toMatchObject({
      open: true,
      variant: 'error',
      message: { key: 'snackbar.anErrorOccurred' },
    })
    client.showSnackbar('error', { text: 'Nonce too low' })
    expect(state().snackbar.message).toEqual({ text: 'Nonce too low' })
  })

  it('a method the embedded wallet refuses: "Requested RPC call is not allowed" in the log, "Action not allowed" shown', () => {
    const { adapter, state } = setup()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      adapter
        .controller()
        .rpcNotAllowed('eth_coinbase_export_key', new RpcNotAllowedError({ method: 'eth_coinbase_export_key' }))
      expect(log).toHaveBeenCalledWith('[foyer]', expect.stringContaining('Requested RPC call is not allowed'))
      expect(log.mock.calls[0]![1]).toContain('eth_coinbase_export_key')
      adapter.controller().rpcNotAllowed('eth_other')
      expect(log).toHaveBeenLastCalledWith('[foyer]', 'Requested RPC call is not allowed: eth_other')
    } finally {
      log.mockRestore()
    }
    expect(state().snackbar).toMatchObject({ open: true, variant: 'error', message: { key: 'error.actionNotAllowed' } })
  })

  it('disconnects, resets the account and closes', async () => {
    const { adapter, client, state } = setup()
    await client.connect('dev.foyer.testwallet')
    client.open()
    await client.disconnect()
    expect(adapter.calls).toContain('disconnect')
    expect(state().account.isConnected).toBe(false)
    expect(state().modal.open).toBe(false)
  })

  it('translates and switches locale', async () => {
    const { client } = setup()
    expect(client.t('modal.close')).toBe('Close')
    await client.setLocale('es')
    expect(client.t('modal.close')).toBe('Cerrar')
  })
})

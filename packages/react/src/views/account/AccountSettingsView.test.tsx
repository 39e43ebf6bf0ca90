// @vitest-environment jsdom
import { EmbeddedWalletError } from '@foyer/core'
import type { EmbeddedAccountType } from '@foyer/core/internal'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { embeddedConnector, embeddedWalletStandIn } from '../../test/embeddedWalletStandIn.ts'
import { ADDRESS, fakeAdapter, localNetwork, testWallet } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

/**
 * Test double for the frame-backed wallet: the account type as the frame keeps it (the real frame's handling is
 * tested in apps/frame/src/smart-account/smartAccount.test.ts against anvil and the bundler).
 */
function accountTypeWallet({ networks = [31337], refuse = false }: { networks?: number[]; refuse?: boolean } = {}) {
  const calls: string[] = []
  let type: EmbeddedAccountType = {
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
    accounts: [{ address: ADDRESS, type: 'eoa' }],
  }
  const wallet = embeddedWalletStandIn({
    getEmail: () => 'ana@example.com',
    readAccountType: async () => type,
    getSmartAccountNetworks: async () => networks,
    async setPreferredAccountType(preferred) {
      calls.push(`set:${preferred}`)
      if (refuse) throw new EmbeddedWalletError({ code: 'failed' })
      type = { ...type, preferredAccountType: preferred, accounts: [{ address: ADDRESS, type: preferred }] }
    },
  })
  return { wallet, calls }
}

async function setup(options: Parameters<typeof accountTypeWallet>[0] = {}) {
  const embedded = accountTypeWallet(options)
  const foyer = createFoyer({
    adapters: [{ ...fakeAdapter([testWallet, embeddedConnector]), embeddedWallet: embedded.wallet }],
    networks: [localNetwork(31337, 'Foyer Local')],
    logLevel: 'silent',
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.connect('foyer-embedded'))
  await act(async () => foyer.open({ view: 'Account' }))
  await openedModal('Account')
  return { foyer, ...embedded }
}

afterEach(async () => {
  await cleanup()
})

describe('AccountSettings', () => {
  it('from Account: the regular account in use; choosing the smart account switches it and returns to Account', async () => {
    const { foyer, calls } = await setup()
    await waitFor(() => expect(byTestId('account-settings').textContent).toBe('Account typeRegular account'))
    await click(byTestId('account-settings'))
    await openedModal('AccountSettings')
    expect(byTestId('account-type-eoa').getAttribute('aria-current')).toBe('true')
    expect(byTestId('account-type-smartAccount').getAttribute('aria-current')).toBeNull()
    expect(byTestId('account-type-current').textContent).toBe('In use')

    await click(byTestId('account-type-smartAccount'))
    await openedModal('Account')
    expect(calls).toEqual(['set:smartAccount'])
    expect(foyer.getState().account).toMatchObject({
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      allAccounts: [{ address: ADDRESS, type: 'smartAccount' }],
    })
    await waitFor(() => expect(byTestId('account-settings').textContent).toBe('Account typeSmart account'))
    await click(byTestId('account-settings'))
    await openedModal('AccountSettings')
    expect(byTestId('account-type-smartAccount').getAttribute('aria-current')).toBe('true')
    expect(byTestId('account-type-current').textContent).toBe('In use, set up with your first transaction')
    // The one in use again: nothing is asked.
    await click(byTestId('account-type-smartAccount'))
    expect(calls).toEqual(['set:smartAccount'])
  })

  it('says so when no network offers a smart account, and shows a refusal without leaving', async () => {
    await setup({ networks: [] })
    await click(byTestId('account-settings'))
    await openedModal('AccountSettings')
    expect(byTestId('account-type-unavailable').textContent).toBe(
      'No network of this site offers a smart account, so your account is a regular one.',
    )
    expect(queryTestId('account-type-smartAccount')).toBeNull()
    await cleanup()

    const refused = await setup({ refuse: true })
    await click(byTestId('account-settings'))
    await openedModal('AccountSettings')
    await click(byTestId('account-type-smartAccount'))
    await waitFor(() =>
      expect(byTestId('account-type-error').textContent).toBe('The email wallet could not complete the request'),
    )
    expect(refused.foyer.getState().router.view).toBe('AccountSettings')
    expect(refused.foyer.getState().account.preferredAccountType).toBe('eoa')
  })
})

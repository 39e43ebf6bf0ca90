import { describe, expect, it } from 'vitest'
import { type AccountState, disconnectedAccount } from '../account/account.ts'
import { createQueryCache } from '../query/queryCache.ts'
import { localNetwork } from '../test/localNetwork.ts'
import type { ProjectSettings } from './fetchProjectSettings.ts'
import { isAccountGasSponsored, isTransactionSponsored, usesSmartAccount } from './transactionSponsorship.ts'

// The rule over account states and settings as the frame and `GET /v1/project` give them; that the client reads the
// settings `loadProjectSettings` cached from the real server is tested in projectSettings.test.ts.
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const connected: AccountState = {
  ...disconnectedAccount,
  status: 'connected',
  isConnected: true,
  address,
  preferredAccountType: 'eoa',
  allAccounts: [{ address, type: 'eoa' }],
}
/** What the frame reports for the smart account on its chain (the address lower-case, as a node may give it). */
const smartAccount: AccountState = {
  ...connected,
  preferredAccountType: 'smartAccount',
  allAccounts: [{ address: address.toLowerCase(), type: 'smartAccount' }],
}
const sponsoring = { sponsorship: { chains: [31337] } }
const local = localNetwork(31337, 'Local')
const other = localNetwork(31338, 'Other')
const solana = { chainNamespace: 'solana' as const, chainId: '31337' }

describe('usesSmartAccount', () => {
  it('is the embedded wallet’s smart account in use on the frame’s chain; an eoa, no address: no', () => {
    expect(usesSmartAccount(smartAccount)).toBe(true)
    expect(usesSmartAccount(connected)).toBe(false)
    expect(usesSmartAccount(disconnectedAccount)).toBe(false)
    // Chosen, but the frame's chain offers no smart account (no bundler): the key's own account sends.
    expect(usesSmartAccount({ ...smartAccount, allAccounts: [{ address, type: 'eoa' }] })).toBe(false)
    // A list about another address (a reply that came before an account change) says nothing of this one.
    expect(
      usesSmartAccount({ ...smartAccount, allAccounts: [{ address: `0x${'1'.repeat(40)}`, type: 'smartAccount' }] }),
    ).toBe(false)
    expect(usesSmartAccount({ ...smartAccount, address: undefined })).toBe(false)
  })
})

describe('isAccountGasSponsored', () => {
  it('needs the smart account and a chain the project sponsors', () => {
    expect(isAccountGasSponsored({ account: smartAccount, settings: sponsoring, network: local })).toBe(true)
    expect(isAccountGasSponsored({ account: connected, settings: sponsoring, network: local })).toBe(false)
    expect(isAccountGasSponsored({ account: smartAccount, settings: sponsoring, network: other })).toBe(false)
    expect(
      isAccountGasSponsored({ account: smartAccount, settings: { sponsorship: { chains: [] } }, network: local }),
    ).toBe(false)
    expect(isAccountGasSponsored({ account: smartAccount, settings: sponsoring, network: solana })).toBe(false)
  })

  it('settings not loaded, failed, or from a server without sponsorship: not sponsored', () => {
    expect(isAccountGasSponsored({ account: smartAccount, settings: undefined, network: local })).toBe(false)
    const older = { id: 'p', name: 'p', features: {} } as unknown as ProjectSettings
    expect(isAccountGasSponsored({ account: smartAccount, settings: older, network: local })).toBe(false)
  })
})

describe('isTransactionSponsored', () => {
  function client(account: AccountState, projectId?: string) {
    const queries = createQueryCache()
    return { getState: () => ({ account }), queries, options: { projectId } }
  }

  it('reads the project’s settings from the client’s cache, under its project id; nothing cached: no', async () => {
    const site = client(smartAccount, 'sponsoring')
    expect(isTransactionSponsored(site, local)).toBe(false)
    await site.queries.fetch(['foyer', 'project', 'sponsoring'], async () => sponsoring)
    expect(isTransactionSponsored(site, local)).toBe(true)
    expect(isTransactionSponsored(site, other)).toBe(false)

    // Another project's answer is not this one's.
    const elsewhere = client(smartAccount, 'elsewhere')
    await elsewhere.queries.fetch(['foyer', 'project', 'sponsoring'], async () => sponsoring)
    expect(isTransactionSponsored(elsewhere, local)).toBe(false)

    const eoa = client(connected, 'sponsoring')
    await eoa.queries.fetch(['foyer', 'project', 'sponsoring'], async () => sponsoring)
    expect(isTransactionSponsored(eoa, local)).toBe(false)
  })
})

import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { type AccountState, disconnectedAccount } from '../account/account.ts'
import { createQueryCache } from '../query/queryCache.ts'
import { localNetwork } from '../test/localNetwork.ts'
import type { ProjectSettings } from './fetchProjectSettings.ts'
import {
  areContractsSponsored,
  isAccountGasSponsored,
  isTransactionSponsored,
  usesSmartAccount,
} from './transactionSponsorship.ts'

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
/** The policy's contracts as `GET /v1/project` answers them: lower-case. */
const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const router = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const person = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const sponsoring = { sponsorship: { chains: [31337], contracts: [token, router] } }
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

describe('areContractsSponsored', () => {
  it('every target in the policy’s contracts, whatever its case; none, or one outside: no', () => {
    // A token send's target is the token; a swap's the router and the approved token (checksummed as viem gives them).
    expect(areContractsSponsored(sponsoring, [token])).toBe(true)
    expect(areContractsSponsored(sponsoring, [getAddress(router), getAddress(token)])).toBe(true)
    // A native send's target is its receiver: a person the policy does not name.
    expect(areContractsSponsored(sponsoring, [person])).toBe(false)
    expect(areContractsSponsored(sponsoring, [router, person])).toBe(false)
    // No call: the paymaster refuses an operation that calls nothing.
    expect(areContractsSponsored(sponsoring, [])).toBe(false)
  })

  it('a policy without contracts sponsors no call; an answer without the list (an older server) neither', () => {
    expect(areContractsSponsored({ sponsorship: { chains: [31337], contracts: [] } }, [token])).toBe(false)
    const older = { sponsorship: { chains: [31337] } } as unknown as ProjectSettings
    expect(areContractsSponsored(older, [token])).toBe(false)
    expect(areContractsSponsored(undefined, [token])).toBe(false)
  })
})

describe('isAccountGasSponsored', () => {
  const sponsored = (parameters: Partial<Parameters<typeof isAccountGasSponsored>[0]>) =>
    isAccountGasSponsored({
      account: smartAccount,
      settings: sponsoring,
      network: local,
      targets: [token],
      ...parameters,
    })

  it('needs the smart account, a chain the project sponsors and every target in its policy', () => {
    expect(sponsored({})).toBe(true)
    expect(sponsored({ account: connected })).toBe(false)
    expect(sponsored({ network: other })).toBe(false)
    expect(sponsored({ settings: { sponsorship: { chains: [], contracts: [token] } } })).toBe(false)
    expect(sponsored({ network: solana })).toBe(false)
    // A native send to a person, on the sponsored chain, with the smart account: the paymaster would refuse it.
    expect(sponsored({ targets: [person] })).toBe(false)
    expect(sponsored({ targets: [router, token] })).toBe(true)
    expect(sponsored({ targets: [] })).toBe(false)
  })

  it('settings not loaded, failed, or from a server without sponsorship: not sponsored', () => {
    expect(sponsored({ settings: undefined })).toBe(false)
    const older = { id: 'p', name: 'p', features: {} } as unknown as ProjectSettings
    expect(sponsored({ settings: older })).toBe(false)
  })
})

describe('isTransactionSponsored', () => {
  function client(account: AccountState, projectId?: string) {
    const queries = createQueryCache()
    return { getState: () => ({ account }), queries, options: { projectId } }
  }

  it('reads the project’s settings from the client’s cache, under its project id; nothing cached: no', async () => {
    const site = client(smartAccount, 'sponsoring')
    expect(isTransactionSponsored(site, local, [token])).toBe(false)
    await site.queries.fetch(['foyer', 'project', 'sponsoring'], async () => sponsoring)
    expect(isTransactionSponsored(site, local, [token])).toBe(true)
    expect(isTransactionSponsored(site, other, [token])).toBe(false)
    expect(isTransactionSponsored(site, local, [person])).toBe(false)

    // Another project's answer is not this one's.
    const elsewhere = client(smartAccount, 'elsewhere')
    await elsewhere.queries.fetch(['foyer', 'project', 'sponsoring'], async () => sponsoring)
    expect(isTransactionSponsored(elsewhere, local, [token])).toBe(false)

    const eoa = client(connected, 'sponsoring')
    await eoa.queries.fetch(['foyer', 'project', 'sponsoring'], async () => sponsoring)
    expect(isTransactionSponsored(eoa, local, [token])).toBe(false)
  })
})

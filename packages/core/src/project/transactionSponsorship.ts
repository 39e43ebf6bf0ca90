import type { AccountState } from '../account/account.ts'
import type { CaipNetwork } from '../networks/networks.ts'
import type { QueryCache } from '../query/queryCache.ts'
import type { ProjectSettings } from './fetchProjectSettings.ts'
import { isGasSponsored } from './gasSponsorship.ts'

/** What the rule reads of the account: its address and the account type the embedded wallet's frame reported. */
export type SponsorshipAccount = Pick<AccountState, 'address' | 'preferredAccountType' | 'allAccounts'>

/**
 * Whether the account sends as the embedded wallet's smart account: the person chose it (`preferredAccountType`)
 * and the frame lists the address as a smart account on its chain (`allAccounts`; a chain without a bundler keeps
 * the key's own account). A browser or WalletConnect wallet is always `eoa`.
 */
export function usesSmartAccount(account: SponsorshipAccount): boolean {
  const { address } = account
  if (account.preferredAccountType !== 'smartAccount' || !address) return false
  return account.allAccounts.some((a) => a.type === 'smartAccount' && a.address.toLowerCase() === address.toLowerCase())
}

/**
 * Whether the site pays the gas of a transaction the account sends on `network`: the account is the embedded wallet's
 * smart account (its frame sends user operations with the project's paymaster) and the project sponsors the chain
 * (`GET /v1/project`'s `sponsorship.chains`). Settings not known yet, or failed: not sponsored.
 *
 * The project's answer names chains only, not the contracts its policy allows: a call to a contract the policy does
 * not name is refused by the paymaster, and the frame then has the person pay (or says why not) before anything is
 * signed.
 */
export function isAccountGasSponsored(parameters: {
  account: SponsorshipAccount
  settings: Pick<ProjectSettings, 'sponsorship'> | undefined
  network: Pick<CaipNetwork, 'chainNamespace' | 'chainId'>
}): boolean {
  const { account, settings, network } = parameters
  if (network.chainNamespace !== 'eip155') return false
  return usesSmartAccount(account) && isGasSponsored(settings, Number(network.chainId))
}

/** What the client-level rule reads: the account state, the query cache and the project id. */
export type SponsorshipClient = {
  getState(): { account: SponsorshipAccount }
  queries: Pick<QueryCache, 'getState'>
  options: { projectId?: string }
}

/**
 * The project's settings as `loadProjectSettings` caches them (the key is `projectSettingsQueryKey`'s), read without
 * importing the project module (`fetchProjectSettings.ts`): importing it from the send and swap controllers would
 * move it out of the modal shell's chunk into a chunk of its own, fetched before the first click.
 */
export function cachedProjectSettings(client: Omit<SponsorshipClient, 'getState'>): ProjectSettings | undefined {
  return client.queries.getState<ProjectSettings>(['foyer', 'project', client.options.projectId ?? null]).data
}

/**
 * Whether the client's send or swap on `network` is sponsored now (`isAccountGasSponsored` over the account state
 * and the cached project settings). Send and swap then charge no network cost: a token goes with 0 ETH, and the
 * native token's whole balance can be sent.
 */
export function isTransactionSponsored(
  client: SponsorshipClient,
  network: Pick<CaipNetwork, 'chainNamespace' | 'chainId'>,
): boolean {
  return isAccountGasSponsored({
    account: client.getState().account,
    settings: cachedProjectSettings(client),
    network,
  })
}

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
 * Whether the project's policy lets an operation call every one of `targets` (`GET /v1/project`'s
 * `sponsorship.contracts`, lower-case): the paymaster refuses an operation with a call to anything else, and one
 * with no call at all. An answer without the list (a server older than it) allows nothing: saying "sponsored" for a
 * call the paymaster then refuses would let a smart account without ETH try a send that fails.
 */
export function areContractsSponsored(
  settings: Pick<ProjectSettings, 'sponsorship'> | undefined,
  targets: readonly string[],
): boolean {
  const contracts: unknown = settings?.sponsorship?.contracts
  if (!Array.isArray(contracts) || targets.length === 0) return false
  return targets.every((target) => contracts.includes(target.toLowerCase()))
}

/**
 * Whether the site pays the gas of a transaction the account sends on `network` calling `targets` (each call's
 * `to`: a token send's token contract, a native send's receiver, a swap's router and the token it approves): the
 * account is the embedded wallet's smart account (its frame sends user operations with the project's paymaster),
 * the project sponsors the chain (`GET /v1/project`'s `sponsorship.chains`) and its policy names every target
 * (`sponsorship.contracts`). Settings not known yet, or failed, or targets not known yet: not sponsored.
 */
export function isAccountGasSponsored(parameters: {
  account: SponsorshipAccount
  settings: Pick<ProjectSettings, 'sponsorship'> | undefined
  network: Pick<CaipNetwork, 'chainNamespace' | 'chainId'>
  targets: readonly string[]
}): boolean {
  const { account, settings, network, targets } = parameters
  if (network.chainNamespace !== 'eip155') return false
  return (
    usesSmartAccount(account) &&
    isGasSponsored(settings, Number(network.chainId)) &&
    areContractsSponsored(settings, targets)
  )
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
 * Whether the client's send or swap on `network`, calling `targets`, is sponsored now (`isAccountGasSponsored` over
 * the account state and the cached project settings). Send and swap then charge no network cost: a token goes with
 * 0 ETH, and the native token's whole balance can be sent.
 */
export function isTransactionSponsored(
  client: SponsorshipClient,
  network: Pick<CaipNetwork, 'chainNamespace' | 'chainId'>,
  targets: readonly string[],
): boolean {
  return isAccountGasSponsored({
    account: client.getState().account,
    settings: cachedProjectSettings(client),
    network,
    targets,
  })
}

/**
 * The smart account as the frame reports it to the site: which chains offer it (those whose server config names a
 * bundler), which account type the signed-in person uses, and the account fields of the user (`accounts`,
 * `smartAccountDeployed` read from the chain, `preferredAccountType`).
 */
import type { EmbeddedChain } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import type { Address, Chain } from 'viem'
import type { AccountType, AccountTypes } from './accountType.ts'
import { isDelegatedTo } from './delegation.ts'
import { usableSupport } from './support.ts'

export function smartAccountState(chains: readonly EmbeddedChain[], types: AccountTypes) {
  const support = new Map(chains.map((c) => [c.id, usableSupport(c.smartAccount)]))
  const enabledNetworks = chains.filter((c) => support.get(c.id)).map((c) => c.id)
  const preferred = (userId: string | undefined): AccountType =>
    userId && enabledNetworks.length ? types.preferred(userId) : 'eoa'
  /** The chain's support when the person's account is the smart account there; undefined: the key's own. */
  const activeOn = (chainId: number, userId: string | undefined) =>
    preferred(userId) === 'smartAccount' ? support.get(chainId) : undefined

  return {
    enabledNetworks,
    preferred,
    activeOn,
    setPreferred(userId: string, type: AccountType) {
      if (type === 'smartAccount' && !enabledNetworks.length)
        throw new FrameHostError('unsupported', 'No network of this wallet offers a smart account')
      types.setPreferred(userId, type)
      return type
    },
    /** The user's account fields on `chain`; a node that does not answer counts as not delegated. */
    async userFields(chain: Chain, address: Address, userId: string | undefined) {
      const active = activeOn(chain.id, userId)
      const deployed = active ? await isDelegatedTo(chain, address, active.implementation).catch(() => false) : false
      return {
        accounts: [{ address, type: active ? ('smartAccount' as const) : ('eoa' as const) }],
        smartAccountDeployed: deployed,
        preferredAccountType: preferred(userId),
      }
    },
  }
}

/**
 * Which account a person uses on a project: `eoa` (the key's own transactions) or `smartAccount` (the same
 * address delegated to Simple7702Account, transactions as user operations through the chain's bundler). The
 * person's own choice is kept in this project's storage, per user; without one, the site's default applies.
 */
export type AccountType = 'eoa' | 'smartAccount'

export function accountTypes(projectId: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage) {
  const key = (userId: string) => `foyer.frame[${projectId}].accountType.${userId}`
  let siteDefault: AccountType = 'eoa'
  return {
    /** The site's choice for people who made none (SYNC_DAPP_DATA). */
    setSiteDefault(type: AccountType) {
      siteDefault = type
    },
    preferred(userId: string): AccountType {
      const stored = storage.getItem(key(userId))
      return stored === 'eoa' || stored === 'smartAccount' ? stored : siteDefault
    },
    setPreferred(userId: string, type: AccountType) {
      storage.setItem(key(userId), type)
    },
  }
}
export type AccountTypes = ReturnType<typeof accountTypes>

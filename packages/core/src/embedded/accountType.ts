/** The embedded wallet's account type, as the AccountSettings view reads and switches it. */
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { afterPreferredAccountType } from '../router/router.ts'
import type { ViewName } from '../router/views.ts'
import { requireEmbeddedWallet } from './emailLogin.ts'
import { EmbeddedWalletError } from './embeddedErrors.ts'

type AccountTypeClient = Pick<FoyerClient, 'options' | 'getState' | 'refreshBalance' | 'siwe'>

/** The chain ids where the person's wallet can be a smart account; empty: only the key's own account. */
export async function readSmartAccountNetworks(client: Pick<FoyerClient, 'options'>): Promise<number[]> {
  return (await requireEmbeddedWallet(client).getSmartAccountNetworks?.()) ?? []
}

/**
 * Makes `type` the person's account in the frame and re-reads the account state. Where the site uses sign-in with
 * Ethereum, the session made by the other account ends and the answer is ConnectingSiwe, so the new account signs
 * in; else Account. The frame refuses a smart account when no chain offers one.
 */
export async function switchAccountType(client: AccountTypeClient, type: 'eoa' | 'smartAccount'): Promise<ViewName> {
  const wallet = requireEmbeddedWallet(client)
  if (!wallet.setPreferredAccountType) throw new EmbeddedWalletError({ code: 'not_available' })
  await wallet.setPreferredAccountType(type)
  await client.refreshBalance()
  const siweEnabled = !!client.options.siwe
  if (siweEnabled && client.getState().siwe.status === 'signed-in') await client.siwe.signOut()
  return afterPreferredAccountType({ siweEnabled, chainNamespace: 'eip155' })
}

import { describe, expect, it, vi } from 'vitest'
import type { FoyerClient } from '../client/createFoyerClient.ts'
import { readSmartAccountNetworks, switchAccountType } from './accountType.ts'
import { EmbeddedWalletError } from './embeddedErrors.ts'
import type { EmbeddedWallet } from './embeddedWallet.ts'

/** The parts of a client the account type uses, around a recording stand-in for the frame-backed wallet. */
function clientWith(
  { siwe, status }: { siwe: boolean; status: 'signed-in' | 'signed-out' },
  wallet?: Partial<EmbeddedWallet>,
) {
  const calls: string[] = []
  const embedded = {
    getSmartAccountNetworks: async () => [31337, 31338],
    setPreferredAccountType: async (type: string) => void calls.push(`set:${type}`),
    ...wallet,
  } as EmbeddedWallet
  const client = {
    options: { adapters: [{ embeddedWallet: embedded }], siwe: siwe ? {} : undefined },
    getState: () => ({ siwe: { status } }),
    refreshBalance: vi.fn(async () => void calls.push('refresh')),
    siwe: { signOut: vi.fn(async () => void calls.push('signOut')) },
  } as unknown as FoyerClient
  return { client, calls }
}

describe('switchAccountType', () => {
  it('sets the type in the frame and re-reads the account; without sign-in, on to Account', async () => {
    const { client, calls } = clientWith({ siwe: false, status: 'signed-out' })
    expect(await switchAccountType(client, 'smartAccount')).toBe('Account')
    expect(calls).toEqual(['set:smartAccount', 'refresh'])
  })

  it('where the site uses sign-in, the other account’s session ends and the new one signs in (ConnectingSiwe)', async () => {
    const signedIn = clientWith({ siwe: true, status: 'signed-in' })
    expect(await switchAccountType(signedIn.client, 'eoa')).toBe('ConnectingSiwe')
    expect(signedIn.calls).toEqual(['set:eoa', 'refresh', 'signOut'])
    const signedOut = clientWith({ siwe: true, status: 'signed-out' })
    expect(await switchAccountType(signedOut.client, 'smartAccount')).toBe('ConnectingSiwe')
    expect(signedOut.calls).toEqual(['set:smartAccount', 'refresh'])
  })

  it('a refusal reaches the caller with nothing re-read; a wallet without account types is not available', async () => {
    const refused = clientWith(
      { siwe: true, status: 'signed-in' },
      {
        setPreferredAccountType: async () => {
          throw new EmbeddedWalletError({ code: 'failed' })
        },
      },
    )
    await expect(switchAccountType(refused.client, 'smartAccount')).rejects.toBeInstanceOf(EmbeddedWalletError)
    expect(refused.calls).toEqual([])
    const old = clientWith({ siwe: false, status: 'signed-out' }, { setPreferredAccountType: undefined })
    await expect(switchAccountType(old.client, 'smartAccount')).rejects.toMatchObject({ code: 'not_available' })
    expect(await readSmartAccountNetworks(old.client)).toEqual([31337, 31338])
    const none = clientWith({ siwe: false, status: 'signed-out' }, { getSmartAccountNetworks: undefined })
    expect(await readSmartAccountNetworks(none.client)).toEqual([])
  })
})

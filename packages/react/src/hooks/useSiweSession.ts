import type { SiweSession, SiweStatus } from '@foyer/core'
import { useMemo } from 'react'
import { useFoyerClient } from './useFoyerClient.ts'
import { useFoyerStore } from './useFoyerStore.ts'

export type UseSiweSessionReturnType = {
  /** `disabled` without the `siwe` option; `checking` while the stored session is read at start-up. */
  status: SiweStatus
  /** The signed-in account (address, chain, expiry), or undefined. */
  session: SiweSession | undefined
  isSignedIn: boolean
  /** Asks the connected wallet to sign in (the modal's ConnectingSiwe does this for you after a connect). */
  signIn(): Promise<SiweSession>
  /** Ends the session; the wallet stays connected (the next connect, or a reload, asks to sign in again). */
  signOut(): Promise<void>
}

/** Sign-in with Ethereum: the session and its status, with sign-in and sign-out. */
export function useSiweSession(): UseSiweSessionReturnType {
  const client = useFoyerClient()
  const status = useFoyerStore((s) => s.siwe.status)
  const session = useFoyerStore((s) => s.siwe.session)
  return useMemo(
    () => ({
      status,
      session,
      isSignedIn: status === 'signed-in',
      signIn: client.siwe.signIn,
      signOut: client.siwe.signOut,
    }),
    [client, status, session],
  )
}

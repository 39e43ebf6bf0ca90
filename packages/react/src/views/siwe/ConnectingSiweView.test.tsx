// @vitest-environment jsdom
import type { SiweConfig, SiweSession } from '@foyer/core'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { useSiweSession } from '../../hooks/useSiweSession.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { ADDRESS, fakeAdapter, localNetwork } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, press, queryTestId, render, waitFor } from '../../test/render.tsx'

afterEach(cleanup)

type SignOutcome = 'ok' | 'reject' | 'hang'

/** A site with its own sign-in backend (in memory) and a fake wallet that signs, declines or waits. */
async function siteWithSignIn({ verified = true }: { verified?: boolean } = {}) {
  let session: SiweSession | null = null
  let release: (() => void) | undefined
  const wallet = Object.assign(fakeAdapter(), {
    signOutcome: 'ok' as SignOutcome,
    messages: [] as string[],
    async signMessage({ message }: { message: string }) {
      wallet.messages.push(message)
      if (wallet.signOutcome === 'reject') throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      if (wallet.signOutcome === 'hang') await new Promise<void>((resolve) => (release = resolve))
      return '0xsigned'
    },
  })
  const siwe: SiweConfig = {
    getNonce: async () => 'abcdefgh12345678ZZ',
    verifyMessage: async () => {
      if (verified) session = { address: ADDRESS, chainId: 31337 }
      return verified
    },
    getSession: async () => session,
    signOut: async () => {
      session = null
    },
  }
  const foyer = createFoyer({
    adapters: [wallet],
    networks: [localNetwork(31337, 'Foyer Local')],
    metadata: { name: 'Shop' },
    logLevel: 'silent',
    themeMode: 'dark',
    siwe,
  })
  let hook: ReturnType<typeof useSiweSession> | undefined
  function Probe() {
    hook = useSiweSession()
    return null
  }
  await render(
    <FoyerProvider foyer={foyer}>
      <Probe />
    </FoyerProvider>,
  )
  await waitFor(() => expect(foyer.getState().siwe.status).toBe('signed-out'))
  await act(async () => foyer.open())
  await act(async () => foyer.connect('dev.foyer.testwallet'))
  const dialog = await openedModal('ConnectingSiwe')
  return { foyer, wallet, dialog, hook: () => hook!, release: () => release?.() }
}

describe('ConnectingSiwe view', () => {
  it('names the site and the account, refuses to close, waits for the wallet, and signs in', async () => {
    const { foyer, wallet, dialog, hook, release } = await siteWithSignIn()
    expect(dialog.textContent).toContain('Shop asks you to sign in')
    expect(byTestId('siwe-address').textContent).toContain('2266')
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy()
    expect(hook().status).toBe('signed-out')

    // Escape is refused while signed out: the dialog shakes and stays.
    await press('Escape')
    expect(foyer.getState().modal).toMatchObject({ open: true, shake: true })

    wallet.signOutcome = 'hang'
    await click(byTestId('siwe-sign'))
    await waitFor(() => expect(byTestId('foyer-modal').textContent).toContain('Waiting for your wallet…'))
    expect(byTestId('siwe-sign').getAttribute('aria-disabled')).toBe('true')
    expect(wallet.messages[0]).toContain('Sign in to Shop with this account.')
    await act(async () => release())
    await openedModal('Account')
    await waitFor(() => expect(hook()).toMatchObject({ status: 'signed-in', isSignedIn: true }))
    expect(hook().session).toEqual({ address: ADDRESS, chainId: 31337 })

    // Signed in, Escape closes.
    await press('Escape')
    await waitFor(() => expect(queryTestId('foyer-modal')).toBeNull())
  })

  it('a decline disconnects and the snackbar says why', async () => {
    const { foyer, wallet } = await siteWithSignIn()
    wallet.signOutcome = 'reject'
    await click(byTestId('siwe-sign'))
    await openedModal('Connect')
    expect(foyer.getState().account.isConnected).toBe(false)
    expect(byTestId('snackbar').textContent).toContain('Sign-in declined in the wallet. You have been disconnected.')
  })

  it('Cancel disconnects', async () => {
    const { foyer } = await siteWithSignIn()
    await click(byTestId('siwe-cancel'))
    await openedModal('Connect')
    expect(foyer.getState().account.isConnected).toBe(false)
    expect(byTestId('snackbar').textContent).toContain('Sign-in cancelled. You have been disconnected.')
  })

  it('shows a refusal of the backend and lets the person try again, in their language', async () => {
    const { foyer } = await siteWithSignIn({ verified: false })
    await click(byTestId('siwe-sign'))
    await waitFor(() => expect(byTestId('siwe-error').textContent).toContain('The sign-in could not be verified'))
    expect(byTestId('siwe-error').getAttribute('role')).toBe('alert')
    expect(foyer.getState().account.isConnected).toBe(true)
    await act(async () => foyer.setLocale('es'))
    expect(byTestId('foyer-modal').textContent).toContain('Shop te pide iniciar sesión')
    expect(byTestId('siwe-error').textContent).toContain('No se pudo verificar el inicio de sesión')
  })
})

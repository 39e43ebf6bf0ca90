// @vitest-environment jsdom
import { SocialLoginExpiredError } from '@foyer/core'
import { projectSettingsQueryKey } from '@foyer/core/internal'
import { DEFAULT_FEATURES, LOGIN_PROVIDERS } from '@foyer/core/protocol'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFoyer } from '../../createFoyer.ts'
import { FoyerProvider } from '../../provider/FoyerProvider.tsx'
import { embeddedConnector, embeddedWalletStandIn } from '../../test/embeddedWalletStandIn.ts'
import { fakeAdapter, localNetwork, testWallet } from '../../test/fakeAdapter.ts'
import { byTestId, cleanup, click, openedModal, queryTestId, render, waitFor } from '../../test/render.tsx'

/** Test double for the frame-backed wallet (the real one runs in e2e/social-login.spec.ts). */
function recordingSocialWallet() {
  const calls: string[] = []
  const waiting: { resolve?: () => void; reject?: (error: unknown) => void } = {}
  const wallet = embeddedWalletStandIn({
    connectSocial: async ({ provider }) => {
      calls.push(`start:${provider}`)
      return { url: `https://accounts.example/${provider}` }
    },
    connectFarcaster: async () => {
      calls.push('start:farcaster')
      return { url: 'https://farcaster.xyz/~/siwf?channelToken=abc' }
    },
    awaitSocial: (options) =>
      new Promise<void>((resolve, reject) => {
        calls.push('await')
        Object.assign(waiting, { resolve, reject })
        options?.signal?.addEventListener('abort', () => calls.push('await-aborted'))
      }),
    cancelSocial: async () => void calls.push('cancel'),
    getLogin: () => ({ provider: 'x', name: 'ana' }),
  })
  return { wallet, calls, waiting }
}

async function setup({ projectSocials = [...LOGIN_PROVIDERS] as string[] } = {}) {
  const adapter = fakeAdapter([testWallet, embeddedConnector])
  const embedded = recordingSocialWallet()
  const foyer = createFoyer({
    adapters: [{ ...adapter, embeddedWallet: embedded.wallet }],
    networks: [localNetwork(31337, 'Foyer Local')],
    apiUrl: 'http://127.0.0.1:9',
    projectId: 'foyer-demo',
    features: { socials: [...LOGIN_PROVIDERS] },
    logLevel: 'silent',
  })
  foyer.queries.setData(projectSettingsQueryKey(foyer), {
    id: 'foyer-demo',
    name: 'Foyer demo',
    features: { ...DEFAULT_FEATURES, socials: projectSocials },
  })
  await render(
    <FoyerProvider foyer={foyer}>
      <div>site</div>
    </FoyerProvider>,
  )
  await act(async () => foyer.open({ view: 'Connect' }))
  await openedModal('Connect')
  await act(async () => {
    await import('../connect/ConnectSocialLogin.tsx')
  })
  return { foyer, ...embedded, adapterCalls: adapter.calls }
}

const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name)

beforeEach(() => localStorage.clear())
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup()
})

describe('social sign-in views', () => {
  it("shows the first provider as a row, the next four as named icon buttons and All socials, within the project's list", async () => {
    await setup()
    await waitFor(() => expect(queryTestId('social-login')).not.toBeNull())
    expect(byTestId('social-google').textContent).toBe('Continue with Google')
    for (const name of ['X', 'Discord', 'Farcaster', 'GitHub'])
      expect(buttonNamed(`Continue with ${name}`)?.querySelector('svg[data-provider]')).not.toBeNull()
    expect(queryTestId('social-apple')).toBeNull()
    await click(byTestId('all-socials'))
    await openedModal('ConnectSocials')
    expect(document.querySelectorAll('[data-testid^="social-"]')).toHaveLength(7)
    await cleanup()

    await setup({ projectSocials: ['github', 'farcaster'] })
    await waitFor(() => expect(queryTestId('social-login')).not.toBeNull())
    // The site's order, within the project's list.
    expect(byTestId('social-farcaster').textContent).toBe('Continue with Farcaster')
    expect(byTestId('social-github').getAttribute('aria-label')).toBe('Continue with GitHub')
    expect(queryTestId('all-socials')).toBeNull()
    await cleanup()

    await setup({ projectSocials: [] })
    expect(queryTestId('social-login')).toBeNull()
    expect(queryTestId('wallet-selector-io.foyer.test')).toBeDefined()
  })

  it('opens the popup inside the click, sends it to the provider, and connects when the frame finishes', async () => {
    const popup = { closed: false, location: { href: '' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window)
    const { calls, waiting, adapterCalls } = await setup()
    await waitFor(() => expect(queryTestId('social-google')).not.toBeNull())
    await click(byTestId('social-google'))
    expect(open).toHaveBeenCalledWith('', 'foyer-social', 'popup,width=500,height=640')
    await openedModal('ConnectingSocial')
    // (React's strict mode runs the view's effect twice: the first run is aborted before it waits.)
    await waitFor(() => expect(calls.at(-1)).toBe('await'))
    expect(calls.filter((c) => c === 'await')).toHaveLength(1)
    expect(popup.location.href).toBe('https://accounts.example/google')
    expect(byTestId('connecting-social').textContent).toContain('Continue in the Google window')
    await act(async () => waiting.resolve!())
    await waitFor(() => expect(adapterCalls).toContain('connect:foyer-embedded'))
    await waitFor(() => expect(popup.close).toHaveBeenCalled())
  })

  it('a blocked popup shows why, and Try again opens it again within its click', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { calls } = await setup()
    await waitFor(() => expect(queryTestId('social-google')).not.toBeNull())
    await click(byTestId('social-google'))
    await openedModal('ConnectingSocial')
    await waitFor(() =>
      expect(byTestId('social-error').textContent).toBe(
        'The sign-in window was blocked. Allow pop-ups for this site, then try again.',
      ),
    )
    expect(calls).toEqual([])
    await click(byTestId('social-retry'))
    expect(open).toHaveBeenCalledTimes(2)
  })

  it('Farcaster: the QR code and the link while waiting; expiry shows with Try again; Cancel goes back', async () => {
    const { calls, waiting } = await setup()
    await waitFor(() => expect(buttonNamed('Continue with Farcaster')).toBeDefined())
    await click(buttonNamed('Continue with Farcaster')!)
    await openedModal('ConnectingFarcaster')
    await waitFor(() => expect(queryTestId('farcaster-qr-code')).not.toBeNull())
    expect(byTestId('farcaster-open').getAttribute('href')).toBe('https://farcaster.xyz/~/siwf?channelToken=abc')
    await waitFor(() => expect(calls.at(-1)).toBe('await'))
    await act(async () => waiting.reject!(new SocialLoginExpiredError()))
    await waitFor(() =>
      expect(byTestId('social-error').textContent).toBe('The sign-in took too long and expired. Try again.'),
    )
    const starts = calls.filter((c) => c === 'start:farcaster').length
    await click(byTestId('social-retry'))
    await waitFor(() => expect(calls.filter((c) => c === 'start:farcaster').length).toBeGreaterThan(starts))
    await waitFor(() => expect(queryTestId('farcaster-cancel')).not.toBeNull())
    await click(byTestId('farcaster-cancel'))
    await openedModal('Connect')
    expect(calls).toContain('cancel')
  })

  it('Account says who signed in, without an email row for a person with no email; disconnecting forgets it', async () => {
    const { foyer } = await setup()
    await act(async () => foyer.connect('foyer-embedded'))
    expect(foyer.getState().account).toMatchObject({ socialProvider: 'x', socialUserName: 'ana' })
    await act(async () => foyer.open({ view: 'Account' }))
    await openedModal('Account')
    await waitFor(() => expect(queryTestId('account-signed-in-with')).not.toBeNull())
    expect(byTestId('account-signed-in-with').textContent).toBe('Signed in with X as ana')
    expect(queryTestId('account-update-email')).toBeNull()
    expect(queryTestId('account-devices')).not.toBeNull()
    await act(async () => foyer.disconnect())
    expect(foyer.getState().account.socialProvider).toBeUndefined()
    expect(foyer.getState().account.socialUserName).toBeUndefined()
  })
})

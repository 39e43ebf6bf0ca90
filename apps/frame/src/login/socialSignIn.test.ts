// @vitest-environment jsdom
import type { EmbeddedUser, SocialFinishResponse } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { keyVault } from '../keyVault.ts'
import type { ServerApi } from '../serverApi.ts'
import { createSocialFlow } from './socialSignIn.ts'

// The server is faked here (its routes have their own tests): what matters is what the frame does with each
// answer. The key material is real (keyVault, viem).

const FLOW = 'f'.repeat(43)
const expiresAt = new Date(Date.now() + 3_600_000).toISOString()
const login = { provider: 'google' as const, username: null, displayName: 'Ana', avatarUrl: null, fid: null }

type Answer = SocialFinishResponse | FrameHostError

/** A fake server that answers finish from a script (the last answer repeats) and links wallets. */
function fakeServer(script: Answer[]) {
  const calls: { link?: boolean }[] = []
  let linked: EmbeddedUser | undefined
  const api = {
    socialStart: vi.fn(async () => ({ flow: FLOW, url: 'https://accounts.example/authorize?x=1', expiresAt })),
    socialFinish: vi.fn(async (_flow: string, _device: string, link?: boolean) => {
      calls.push({ link })
      const answer = script.length > 1 ? script.shift()! : script[0]!
      if (answer instanceof FrameHostError) throw answer
      return answer
    }),
    createWallet: vi.fn(async (_token: string, address: string, authShare: string) => {
      linked = { id: 'u1', email: null, address, authShare, login }
      return { user: linked }
    }),
  }
  return { api: api as unknown as ServerApi, calls, raw: api, linked: () => linked }
}

const signedIn = (user: EmbeddedUser): SocialFinishResponse => ({
  status: 'signed_in',
  sessionToken: 's'.repeat(43),
  expiresAt,
  user,
})

/** Clicks a frame button once it is drawn. */
async function click(testId: string) {
  await vi.waitFor(() => expect(document.querySelector(`[data-testid="${testId}"]`)).not.toBeNull())
  ;(document.querySelector(`[data-testid="${testId}"]`) as HTMLButtonElement).click()
}

function flowWith(api: ServerApi) {
  const shown: boolean[] = []
  const keepShown = vi.fn(async <result>(task: () => Promise<result>) => {
    const done = task()
    await click('frame-recovery-saved')
    return done
  })
  const flow = createSocialFlow({
    api,
    vault: keyVault('p1'),
    keepShown: keepShown as never,
    origin: 'http://127.0.0.1:5173',
    showFrame: (visible) => shown.push(visible),
    pollMs: 5,
  })
  return { flow, shown, keepShown }
}

describe('social sign-in in the frame', () => {
  beforeEach(() => {
    localStorage.clear()
    document.body.innerHTML = '<main id="frame-root"></main>'
  })

  it('keeps the flow token, waits while pending, then makes a new key and shows its recovery code once', async () => {
    const server = fakeServer([
      { status: 'pending' },
      { status: 'pending' },
      signedIn({ id: 'u1', email: null, address: null, authShare: null, login }),
    ])
    const { flow, shown, keepShown } = flowWith(server.api)
    const started = await flow.start('google')
    expect(started).toEqual({ url: 'https://accounts.example/authorize?x=1' }) // the token stays here
    expect(server.raw.socialStart).toHaveBeenCalledWith(
      'google',
      expect.stringMatching(/^[0-9a-f]{64}$/),
      'http://127.0.0.1:5173',
    )
    const state = await flow.wait()
    expect(server.calls.length).toBe(3)
    expect(keepShown).toHaveBeenCalledOnce()
    expect(state.account.address).toBe(server.linked()!.address)
    expect(state.user.login?.provider).toBe('google')
    expect(state.session).toMatchObject({ userId: 'u1', email: null })
    expect(shown).toEqual([true, false])
  })

  it('rebuilds a known wallet from the device share without any screen', async () => {
    const vault = keyVault('p1')
    const { account, authShare } = await vault.createKey('u2')
    const server = fakeServer([
      signedIn({ id: 'u2', email: 'bo@example.com', address: account.address, authShare, login }),
    ])
    const { flow, keepShown } = flowWith(server.api)
    await flow.start('google')
    const state = await flow.wait()
    expect(state.account.address).toBe(account.address)
    expect(keepShown).not.toHaveBeenCalled()
    expect(server.raw.createWallet).not.toHaveBeenCalled()
  })

  it('asks before adding the provider to the account with the same email, then finishes with link: true', async () => {
    const server = fakeServer([
      { status: 'link', email: 'ana@example.com', provider: 'google' },
      signedIn({ id: 'u1', email: 'ana@example.com', address: null, authShare: null, login }),
    ])
    const { flow } = flowWith(server.api)
    await flow.start('google')
    const waiting = flow.wait()
    await vi.waitFor(() => expect(document.body.dataset.screen).toBe('link-account'))
    expect(document.querySelector('[data-testid="frame-link-body"]')!.textContent).toContain('ana@example.com')
    expect(document.querySelector('[data-testid="frame-link-body"]')!.textContent).toContain('Google')
    await click('frame-link')
    await waiting
    expect(server.calls).toEqual([{ link: false }, { link: true }])
  })

  it('Cancel on the link question ends the sign-in as cancelled, nothing linked', async () => {
    const server = fakeServer([{ status: 'link', email: 'ana@example.com', provider: 'google' }])
    const { flow } = flowWith(server.api)
    await flow.start('google')
    const waiting = flow.wait()
    await click('frame-link-cancel')
    await expect(waiting).rejects.toMatchObject({ code: 'login_cancelled' })
    expect(server.calls).toEqual([{ link: false }])
  })

  it('a closed window: the server is asked once more, and the wait rejects with login_cancelled if still pending', async () => {
    const server = fakeServer([{ status: 'pending' }])
    const { flow } = flowWith(server.api)
    await flow.start('google')
    const waiting = flow.wait()
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(1))
    const before = server.calls.length
    flow.cancel('closed')
    await expect(waiting).rejects.toMatchObject({ code: 'login_cancelled' })
    expect(server.calls.length - before).toBeLessThanOrEqual(2) // the one in flight, and the last check
  })

  it('a closed window after the person finished still signs in (the last check finds it)', async () => {
    const script: Answer[] = [{ status: 'pending' }]
    const server = fakeServer(script)
    const { flow } = flowWith(server.api)
    await flow.start('google')
    const waiting = flow.wait()
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0))
    const vault = keyVault('p1')
    const { account, authShare } = await vault.createKey('u3')
    script[0] = signedIn({ id: 'u3', email: null, address: account.address, authShare, login })
    flow.cancel('closed')
    expect((await waiting).account.address).toBe(account.address)
  })

  it.each(['login_expired', 'login_failed', 'login_cancelled'] as const)(
    'the server ending the flow with %s rejects the wait with that code',
    async (code) => {
      const server = fakeServer([{ status: 'pending' }, new FrameHostError(code, 'ended')])
      const { flow } = flowWith(server.api)
      await flow.start('google')
      await expect(flow.wait()).rejects.toMatchObject({ code })
    },
  )

  it('the modal going away aborts the wait; waiting without a start is refused', async () => {
    const server = fakeServer([{ status: 'pending' }])
    const { flow } = flowWith(server.api)
    await expect(flow.wait()).rejects.toMatchObject({ code: 'invalid_request' })
    await flow.start('farcaster')
    const waiting = flow.wait()
    flow.cancel('aborted')
    await expect(waiting).rejects.toMatchObject({ code: 'aborted' })
  })
})

/**
 * Social login and Sign in with Farcaster inside the frame. `start` asks the server for a flow from this device for
 * the site the frame serves and keeps the flow's token here (the site only gets the URL to open); `wait` asks the
 * server about the flow about every second until the person is signed in, asks the person before adding the
 * provider to an existing account with the same email, and then takes the key step as email login does.
 */

import { loginProviderName } from '@foyer/core/internal'
import type { LoginProvider, SocialFinishResponse } from '@foyer/core/protocol'
import { FrameHostError } from '@foyer/embedded/host'
import { deviceId, type KeyVault } from '../keyVault.ts'
import type { ServerApi } from '../serverApi.ts'
import { askLink } from './linkScreen.ts'
import { completeSignIn, type KeepShown, type SignedIn } from './signIn.ts'

/** How often the frame asks the server whether the person finished signing in. */
export const SOCIAL_POLL_MS = 1000

export type SocialFlowOptions = {
  api: ServerApi
  vault: KeyVault
  keepShown: KeepShown
  /** The site the frame serves (its pinned parent origin): the server checks it against the project's origins. */
  origin: string
  /** The frame is about to draw a sign-in screen (true) or is done with them (false): the site shows it meanwhile. */
  showFrame: (visible: boolean) => void
  pollMs?: number
}

type Pending = { flow: string; provider: LoginProvider; cancelled: 'closed' | 'aborted' | undefined; wake?: () => void }

/** Read through a call: the flow is cancelled from outside while the wait runs. */
const aborted = (flow: Pending) => flow.cancelled === 'aborted'

export function createSocialFlow({
  api,
  vault,
  keepShown,
  origin,
  showFrame,
  pollMs = SOCIAL_POLL_MS,
}: SocialFlowOptions) {
  let pending: Pending | undefined

  /** Waits `ms`, or less when the flow is cancelled meanwhile. */
  const pause = (flow: Pending, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        flow.wake = undefined
        resolve()
      }
      flow.wake = done
    })

  async function answerOf(flow: Pending, link: boolean): Promise<SocialFinishResponse> {
    return api.socialFinish(flow.flow, deviceId(), link)
  }

  return {
    /** Starts a sign-in (a newer one replaces a waiting one); answers where the person signs in. */
    async start(provider: LoginProvider): Promise<{ url: string }> {
      const previous = pending
      if (previous) {
        previous.cancelled = 'aborted'
        previous.wake?.()
      }
      const started = await api.socialStart(provider, deviceId(), origin)
      pending = { flow: started.flow, provider, cancelled: undefined }
      return { url: started.url }
    },

    /** Resolves once signed in and the wallet's key is ready; rejects with the flow's end otherwise. */
    async wait(): Promise<SignedIn> {
      const flow = pending
      if (!flow) throw new FrameHostError('invalid_request', 'Start a sign-in first')
      let link = false
      let shown = false
      try {
        while (true) {
          if (aborted(flow)) throw new FrameHostError('aborted', 'Request was aborted')
          // After a cancel the server is asked once more: the person may have finished just before closing.
          const lastCheck = flow.cancelled === 'closed'
          const answer = await answerOf(flow, link)
          if (pending !== flow) throw new FrameHostError('aborted', 'Request was aborted')
          if (answer.status === 'pending') {
            if (lastCheck) throw new FrameHostError('login_cancelled', 'The sign-in window was closed')
            await pause(flow, pollMs)
            continue
          }
          if (!shown) {
            shown = true
            showFrame(true)
          }
          if (answer.status === 'link') {
            if (link) throw new FrameHostError('login_failed', 'The account could not be linked')
            const yes = await askLink({ email: answer.email, provider: loginProviderName(answer.provider) })
            if (!yes && aborted(flow)) throw new FrameHostError('aborted', 'Request was aborted')
            if (!yes) throw new FrameHostError('login_cancelled', 'The person did not link the accounts')
            link = true
            continue
          }
          const { sessionToken, expiresAt, user } = answer
          // No "Remember this device" question here: as in email login it is off unless chosen.
          vault.setRememberDevice(user.id, false)
          return await completeSignIn({ api, vault, keepShown, signedIn: { sessionToken, expiresAt, user } })
        }
      } finally {
        if (shown) showFrame(false)
        if (pending === flow) pending = undefined
      }
    },

    /**
     * The person closed the sign-in window (`closed`: the server is asked once more, then the wait rejects with
     * `login_cancelled`) or the modal went away (`aborted`).
     */
    cancel(reason: 'closed' | 'aborted') {
      const flow = pending
      if (!flow) return
      flow.cancelled = reason
      flow.wake?.()
    },
  }
}
export type SocialFlow = ReturnType<typeof createSocialFlow>

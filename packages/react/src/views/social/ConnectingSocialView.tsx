import { enSocial, loginProviderName, type SocialProvider, socialLogin } from '@foyer/core/internal'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '../../components/Spinner.tsx'
import { useFoyerClient } from '../../hooks/useFoyerClient.ts'
import { useFoyerLocale } from '../../hooks/useFoyerLocale.ts'
import { useFoyerStore } from '../../hooks/useFoyerStore.ts'
import { useStyle } from '../../hooks/useStyle.ts'
import { FrameHost } from '../email/FrameHost.tsx'
import { SocialMark } from './SocialMark.tsx'
import { isAbort, socialErrorText } from './socialErrorText.ts'
import { openPopupFor, takePopup } from './socialPopup.ts'
import { socialCss } from './socialStyles.ts'

/**
 * Signing in with an OAuth provider in the popup the click opened: the provider's mark and a spinner while the
 * person is there; the secure frame when it has something to ask (link an existing account, the recovery code);
 * each way it can end (window blocked or closed, cancelled, failed, expired) with Try again, which is a click and
 * so may open the window again. The modal closes once connected.
 */
export function ConnectingSocialView() {
  useStyle('foyer-social-style', socialCss)
  const client = useFoyerClient()
  const { t } = useFoyerLocale(enSocial)
  const provider = (useFoyerStore((s) => s.router.data.socialProvider) ?? 'google') as SocialProvider
  const name = loginProviderName(provider)
  const [attempt, setAttempt] = useState(0)
  const [error, setError] = useState<string>()
  const [frameShown, setFrameShown] = useState(false)
  // The window this attempt uses: the one the click opened (Connect's button, or Try again).
  const popup = useRef<Window | null | undefined>(undefined)
  popup.current ??= takePopup(client) ?? null
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: Try again bumps it to run the sign-in again
  useEffect(() => {
    clearTimeout(closing.current) // the same view again (a re-run): its window stays
    const abort = new AbortController()
    const window = popup.current ?? null
    setError(undefined)
    setFrameShown(false)
    socialLogin(client, { provider, popup: window }, { signal: abort.signal, onFrameVisible: setFrameShown }).then(
      () => undefined,
      (caught: unknown) => {
        if (abort.signal.aborted || isAbort(caught)) return
        setFrameShown(false)
        setError(socialErrorText(caught, t))
      },
    )
    return () => {
      abort.abort()
      // The view went away (back, the modal closed): its window goes too, unless a re-run or Try again uses it.
      closing.current = setTimeout(() => {
        if (window && !window.closed && popup.current !== window) window.close()
        else if (window && !window.closed && !mounted.current) window.close()
      }, 0)
    }
  }, [attempt, client, provider])

  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  function retry() {
    popup.current = openPopupFor(client) // inside the click: a blocker lets it through
    takePopup(client)
    setAttempt((n) => n + 1)
  }

  if (frameShown) return <FrameHost />
  return (
    <div className="fo-social-waiting" data-testid="connecting-social" data-provider={provider}>
      <SocialMark provider={provider} size={52} />
      {error ? (
        <>
          <p className="fo-error" role="alert" data-testid="social-error">
            {error}
          </p>
          <button type="button" className="fo-primary" data-testid="social-retry" onClick={retry}>
            {t('social.retry')}
          </button>
        </>
      ) : (
        <>
          <Spinner size={28} />
          <p className="fo-heading" role="status">
            {t('social.continueInPopup', { provider: name })}
          </p>
          <p className="fo-muted">{t('social.popupHint')}</p>
        </>
      )}
    </div>
  )
}

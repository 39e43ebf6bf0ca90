/**
 * The console: the session first (a `?link=` token from a sign-in mail is spent with a POST), then the page the URL
 * names. Every page talks to the API through the client in ConsoleContext.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ConsoleSession } from '../../../server/src/console/contract.ts'
import { AnalyticsPage } from '../analytics/AnalyticsPage.tsx'
import type { ConsoleApi } from '../api/consoleApi.ts'
import { useLocale } from '../locale/locale.tsx'
import { ProjectPage } from '../project/ProjectPage.tsx'
import { ProjectsPage } from '../projects/ProjectsPage.tsx'
import { SignInPage } from '../sign-in/SignInPage.tsx'
import { ConsoleContext } from './consoleContext.tsx'
import { errorMessage } from './errorMessage.ts'
import { Header } from './Header.tsx'
import { PageHeading } from './PageHeading.tsx'
import { Link, useRoute } from './router.tsx'

type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; linkError?: string }
  | { status: 'signedIn'; session: ConsoleSession }

export function ConsoleApp({ api }: { api: ConsoleApi }) {
  const { t } = useLocale()
  const [state, setState] = useState<SessionState>({ status: 'loading' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return // StrictMode runs effects twice; a link token works once
    started.current = true
    const url = new URL(location.href)
    const token = url.searchParams.get('link')
    if (token) {
      url.searchParams.delete('link')
      history.replaceState(null, '', url.pathname + url.search + url.hash) // the token leaves the address bar
      api.signInWithLink(token).then(
        (session) => setState({ status: 'signedIn', session }),
        (e) => setState({ status: 'signedOut', linkError: errorMessage(e, t) }),
      )
      return
    }
    api.getSession().then(
      (session) => setState({ status: 'signedIn', session }),
      () => setState({ status: 'signedOut' }),
    )
  }, [api, t])

  const onSignedOut = useCallback(() => setState({ status: 'signedOut' }), [])
  const signOut = useCallback(async () => {
    try {
      await api.signOut()
    } finally {
      setState({ status: 'signedOut' })
    }
  }, [api])
  const context = useMemo(
    () => ({ api, session: state.status === 'signedIn' ? state.session : null, onSignedOut }),
    [api, state, onSignedOut],
  )

  return (
    <ConsoleContext.Provider value={context}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header session={context.session} onSignOut={signOut} />
      <main id="main" className="main">
        {state.status === 'loading' ? (
          <p role="status">{t('app.loading')}</p>
        ) : state.status === 'signedOut' ? (
          <SignInPage linkError={state.linkError} onSignedIn={(session) => setState({ status: 'signedIn', session })} />
        ) : (
          <Page />
        )}
      </main>
    </ConsoleContext.Provider>
  )
}

function Page() {
  const { t } = useLocale()
  const route = useRoute()
  switch (route.page) {
    case 'projects':
      return <ProjectsPage />
    case 'project':
      return <ProjectPage key={route.projectId} projectId={route.projectId} />
    case 'analytics':
      return <AnalyticsPage key={route.projectId} projectId={route.projectId} />
    default:
      return (
        <>
          <PageHeading>{t('app.notFound')}</PageHeading>
          <Link to={{ page: 'projects' }}>{t('app.backToProjects')}</Link>
        </>
      )
  }
}

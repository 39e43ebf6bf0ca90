/**
 * The console's pages by URL, under its base (`/console/`): a few paths, the History API, no router library.
 */
import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from 'react'
import { CONSOLE_PATH } from '../../../server/src/console/contract.ts'

export type Route =
  | { page: 'projects' }
  | { page: 'project'; projectId: string }
  | { page: 'analytics'; projectId: string }
  | { page: 'notFound' }

/** The app's base without its trailing slash (vite.config.ts `base` is this plus `/`). */
const BASE = CONSOLE_PATH

export function parseRoute(pathname: string): Route {
  const inside = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname
  const parts = inside.split('/').filter(Boolean).map(decodeURIComponent)
  if (parts.length === 0) return { page: 'projects' }
  if (parts[0] === 'projects' && parts.length === 2) return { page: 'project', projectId: parts[1]! }
  if (parts[0] === 'projects' && parts.length === 3 && parts[2] === 'analytics')
    return { page: 'analytics', projectId: parts[1]! }
  return { page: 'notFound' }
}

export function routePath(route: Route): string {
  switch (route.page) {
    case 'project':
      return `${BASE}/projects/${encodeURIComponent(route.projectId)}`
    case 'analytics':
      return `${BASE}/projects/${encodeURIComponent(route.projectId)}/analytics`
    default:
      return `${BASE}/`
  }
}

const NAVIGATED = 'foyer-console-navigate'

export function navigate(path: string, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', path)
  else history.pushState(null, '', path)
  window.dispatchEvent(new Event(NAVIGATED))
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname))
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname))
    window.addEventListener('popstate', update)
    window.addEventListener(NAVIGATED, update)
    return () => {
      window.removeEventListener('popstate', update)
      window.removeEventListener(NAVIGATED, update)
    }
  }, [])
  return route
}

/** An ordinary link (middle-click and "open in new tab" work) that navigates in place on a plain click. */
export function Link({ to, ...props }: { to: Route } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const href = routePath(to)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    navigate(href)
  }
  return <a {...props} href={href} onClick={onClick} />
}

import { useEffect, useRef } from 'react'
import { useLocale } from '../locale/locale.tsx'

/**
 * The page's <h1>, focused when the page opens so a keyboard or screen-reader user starts at the new page, and the
 * document's title (what a screen reader announces on navigation, and the tab's name).
 */
export function PageHeading({ children }: { children: string }) {
  const { t } = useLocale()
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus({ preventScroll: true })
  }, [])
  useEffect(() => {
    document.title = `${children} · ${t('app.title')}`
  }, [children, t])
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  )
}

import { type ReactNode, useEffect, useRef } from 'react'

/** The page's <h1>, focused when the page opens so a keyboard or screen-reader user starts at the new page. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus({ preventScroll: true })
  }, [])
  return (
    <h1 ref={ref} tabIndex={-1} className="page-heading">
      {children}
    </h1>
  )
}

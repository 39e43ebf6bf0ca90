import { type RefObject, useEffect } from 'react'

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

export function focusableElements(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.closest('[hidden],[inert],[aria-hidden="true"]'),
  )
}

type Options = {
  /** The portal root: a direct child of `document.body`. */
  rootRef: RefObject<HTMLElement | null>
  /** The element with role="dialog"; focusable itself (tabIndex -1). */
  dialogRef: RefObject<HTMLElement | null>
  /** Where first focus goes when it has focusable content (the view), before the header. */
  bodyRef: RefObject<HTMLElement | null>
  onEscape: () => void
}

/**
 * What makes the shell a modal dialog, while it is mounted: focus moves in and is trapped, and returns to the
 * opener on close; Escape closes; the page behind cannot scroll and is inert and hidden from assistive tech.
 */
export function useDialogBehaviour({ rootRef, dialogRef, bodyRef, onEscape }: Options) {
  useEffect(() => {
    const root = rootRef.current
    const dialog = dialogRef.current
    if (!root || !dialog) return
    const returnFocus = rememberOpener()
    const focusInside = () => (focusableElements(bodyRef.current ?? dialog)[0] ?? dialog).focus({ preventScroll: true })

    const restoreScroll = lockBodyScroll()
    const restoreOutside = hideOutside(root)
    focusInside()

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault()
        onEscape()
        return
      }
      if (event.key !== 'Tab' || !dialog) return
      const items = focusableElements(dialog)
      const active = document.activeElement
      if (!items.length) {
        event.preventDefault()
        dialog.focus()
        return
      }
      const first = items[0]!
      const last = items[items.length - 1]!
      const outside = !dialog.contains(active)
      if (event.shiftKey && (outside || active === first || active === dialog)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (outside || active === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that escapes (a click on the page behind, a screen reader's virtual cursor) is brought back.
    function onFocusIn(event: FocusEvent) {
      if (event.target instanceof Element && event.target.closest('[data-foyer-frame]')) return
      if (event.target instanceof Node && !root!.contains(event.target)) focusInside()
    }
    // When the focused element goes away (a view switch, a button replaced), focus would fall to <body>.
    const observer = new MutationObserver(() => {
      const active = document.activeElement
      if (root.isConnected && (!active || active === document.body)) focusInside()
    })
    observer.observe(dialog, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden'],
    })
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)

    return () => {
      observer.disconnect()
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      restoreOutside()
      restoreScroll()
      const active = document.activeElement
      if (!active || active === document.body || root.contains(active)) returnFocus()
    }
  }, [rootRef, dialogRef, bodyRef, onEscape])
}

/**
 * Remembers what opened the modal. If it was replaced meanwhile (Connect Wallet becomes the account button
 * once connected), focus goes to the focusable element that took its place.
 */
function rememberOpener(): () => void {
  const opener =
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null
  const parent = opener?.parentElement
  const index = parent ? Array.prototype.indexOf.call(parent.children, opener) : -1
  return () => {
    if (opener?.isConnected) return opener.focus({ preventScroll: true })
    const replacement = parent?.isConnected ? parent.children[index] : undefined
    if (replacement instanceof HTMLElement && replacement.matches(focusableSelector))
      replacement.focus({ preventScroll: true })
  }
}

/** Stops the page scrolling behind the modal, keeping its width (no jump where the scrollbar was). */
function lockBodyScroll(): () => void {
  const { body, documentElement } = document
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
  const scrollbar = window.innerWidth - documentElement.clientWidth
  if (scrollbar > 0) {
    const padding = Number.parseFloat(getComputedStyle(body).paddingRight) || 0
    body.style.paddingRight = `${padding + scrollbar}px`
  }
  body.style.overflow = 'hidden'
  return () => {
    body.style.overflow = previous.overflow
    body.style.paddingRight = previous.paddingRight
  }
}

/** Makes every sibling of the portal inert and hidden from assistive tech; restores exactly what was there. */
function hideOutside(root: HTMLElement): () => void {
  const changed: { element: Element; ariaHidden: string | null }[] = []
  for (const element of Array.from(document.body.children)) {
    if (
      element === root ||
      element.hasAttribute('inert') ||
      ['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE'].includes(element.tagName)
    )
      continue
    // The embedded wallet's secure frame is part of the modal while it shows an approval.
    if (element.hasAttribute('data-foyer-frame')) continue
    changed.push({ element, ariaHidden: element.getAttribute('aria-hidden') })
    element.setAttribute('inert', '')
    element.setAttribute('aria-hidden', 'true')
  }
  return () => {
    for (const { element, ariaHidden } of changed) {
      element.removeAttribute('inert')
      if (ariaHidden === null) element.removeAttribute('aria-hidden')
      else element.setAttribute('aria-hidden', ariaHidden)
    }
  }
}

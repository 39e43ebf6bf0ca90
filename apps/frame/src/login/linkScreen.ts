/**
 * The frame's own question when a provider's verified email belongs to an existing account: add this provider to
 * that account? Drawn on the frame's origin, so the site cannot answer it for the person.
 */
import { clearScreen, el, root, t } from '../screens.ts'
import { holdScreen } from './flowScreen.ts'

/** Resolves true for Link, false for Cancel or when the modal takes the screen down. */
export function askLink({ email, provider }: { email: string; provider: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (answer: boolean) => {
      release()
      clearScreen()
      resolve(answer)
    }
    const release = holdScreen(() => settle(false))
    const link = el('button', {
      type: 'button',
      className: 'primary',
      textContent: t('frame.link'),
      testId: 'frame-link',
    })
    const cancel = el('button', { type: 'button', textContent: t('frame.cancel'), testId: 'frame-link-cancel' })
    link.onclick = () => settle(true)
    cancel.onclick = () => settle(false)
    root().replaceChildren(
      el('h1', { textContent: t('frame.linkTitle', { provider }) }),
      el('p', { className: 'muted', textContent: t('frame.linkBody', { email, provider }), testId: 'frame-link-body' }),
      el('div', { className: 'actions' }, cancel, link),
    )
    document.body.dataset.screen = 'link-account'
    link.focus()
  })
}

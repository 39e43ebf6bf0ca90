/** "Change your email from A to B?": the person confirms the change in the frame, where the site cannot click. */
import { FrameHostError } from '@foyer/embedded/host'
import { clearScreen, el, root, t } from '../screens.ts'
import { holdScreen } from './flowScreen.ts'

/** Resolves true on Confirm, false on Cancel; rejects with `aborted` when the screen is taken down. */
export function confirmEmailChange(from: string, to: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const confirm = el('button', {
      type: 'button',
      className: 'primary',
      textContent: t('frame.confirm'),
      testId: 'frame-change-email-confirm',
    })
    const cancel = el('button', { type: 'button', textContent: t('frame.cancel'), testId: 'frame-change-email-cancel' })
    const settle = (finish: () => void) => {
      release()
      clearScreen()
      finish()
    }
    const finish = (value: boolean) => settle(() => resolve(value))
    const release = holdScreen(() => settle(() => reject(new FrameHostError('aborted', 'Request was aborted'))))
    confirm.onclick = () => finish(true)
    cancel.onclick = () => finish(false)
    root().replaceChildren(
      el('h1', { textContent: t('frame.changeEmailTitle') }),
      el('p', { textContent: t('frame.changeEmailQuestion', { from, to }), testId: 'frame-change-email-text' }),
      el('p', { className: 'muted', textContent: t('frame.changeEmailHint') }),
      el('div', { className: 'actions' }, cancel, confirm),
    )
    document.body.dataset.screen = 'change-email-confirm'
    confirm.focus()
  })
}

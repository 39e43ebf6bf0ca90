/**
 * The one-time code entry, drawn by the frame on its own origin: the site's page never holds the code. Six digits
 * (typed or pasted, spaces and dashes dropped) submit by themselves; a wrong or expired code shows why and the
 * person tries again in place (a new code comes from the modal's resend link).
 */
import { FrameHostError } from '@foyer/embedded/host'
import { clearScreen, el, type FrameMessageKey, root, t } from '../screens.ts'
import { holdScreen } from './flowScreen.ts'

export type CodeScreen = {
  title: string
  body: string
  /** Login only: the "Remember this device" choice (off unless ticked). */
  offerRemember?: boolean
  /** Checks the code with the server; a FrameHostError says why it was refused. */
  check: (code: string) => Promise<void>
}

/** Codes the person can fix here (type again, or resend first); anything else ends the flow. */
const retryable: Partial<Record<string, FrameMessageKey>> = {
  invalid_code: 'frame.codeWrong',
  code_expired: 'frame.codeExpired',
  too_many_attempts: 'frame.codeTooMany',
  rate_limited: 'frame.codeTooMany',
  server_error: 'frame.codeFailed',
}

export function askCode(screen: CodeScreen): Promise<{ remember: boolean }> {
  return new Promise((resolve, reject) => {
    const input = el('input', {
      type: 'text',
      inputMode: 'numeric',
      autocomplete: 'one-time-code',
      spellcheck: false,
      id: 'code-input',
      testId: 'frame-code-input',
    })
    const remember = el('input', { type: 'checkbox', id: 'remember-input', testId: 'frame-remember' })
    const error = el('p', {
      className: 'error',
      role: 'alert',
      testId: 'frame-code-error',
    } as Partial<HTMLParagraphElement>)
    const status = el('p', { className: 'muted', role: 'status' } as Partial<HTMLParagraphElement>)
    const submit = el('button', {
      type: 'submit',
      className: 'primary',
      textContent: t('frame.verify'),
      testId: 'frame-code-submit',
    })
    const rememberRow = screen.offerRemember
      ? [
          el('label', { htmlFor: 'remember-input', className: 'remember' }, remember, ` ${t('frame.rememberDevice')}`),
          el('p', { className: 'muted', textContent: t('frame.rememberHint') }),
        ]
      : []
    const form = el(
      'form',
      {},
      el('label', { htmlFor: 'code-input', textContent: t('frame.codeLabel') }),
      input,
      ...rememberRow,
      error,
      status,
      el('div', { className: 'actions' }, submit),
    )
    form.style.cssText = 'display:flex;flex-direction:column;gap:8px;flex:1'
    input.style.cssText = 'font-size:20px;letter-spacing:8px;text-align:center'
    let busy = false

    const settle = (finish: () => void) => {
      release()
      clearScreen()
      finish()
    }
    const release = holdScreen(() => settle(() => reject(new FrameHostError('aborted', 'Request was aborted'))))

    async function send() {
      const code = input.value
      if (busy) return
      if (!/^\d{6}$/.test(code)) {
        error.textContent = t('frame.codeIncomplete')
        return
      }
      busy = true
      input.disabled = submit.disabled = true
      error.textContent = ''
      status.textContent = t('frame.codeChecking')
      try {
        await screen.check(code)
        settle(() => resolve({ remember: remember.checked }))
      } catch (caught) {
        const known = caught instanceof FrameHostError ? retryable[caught.code] : undefined
        if (!known) return settle(() => reject(caught))
        error.textContent = t(known)
        input.value = ''
      } finally {
        busy = false
        input.disabled = submit.disabled = false
        status.textContent = ''
        if (input.isConnected) input.focus()
      }
    }

    input.oninput = () => {
      const digits = input.value.replace(/\D/g, '').slice(0, 6)
      if (digits !== input.value) input.value = digits
      if (digits.length === 6) void send()
    }
    form.onsubmit = (event) => {
      event.preventDefault()
      void send()
    }
    root().replaceChildren(
      el('h1', { textContent: screen.title }),
      el('p', { className: 'muted', textContent: screen.body, testId: 'frame-code-body' }),
      form,
    )
    document.body.dataset.screen = 'code-entry'
    input.focus()
  })
}

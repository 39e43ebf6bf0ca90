/**
 * What the frame shows when the site's modal hosts it: the recovery code of a new wallet, or the recovery code entry
 * on a new device (approvals have their own folder, approval/). Plain DOM, no framework.
 */
import {
  createTranslate,
  enFrame,
  isSupportedLocale,
  type KeysWith,
  loadCatalogue,
  type MessageParameters,
} from '@foyer/core/internal'

export const root = () => document.getElementById('frame-root')!

/** The keys the frame shows: the English base and the frame's own part. */
export type FrameMessageKey = KeysWith<typeof enFrame>

let translate = createTranslate({}, enFrame)
export const t = (key: FrameMessageKey, parameters?: MessageParameters) => translate(key, parameters)

/** The frame speaks the site's modal language (core's catalogue, the `frame.*` keys). */
export async function setFrameLocale(locale: string | undefined) {
  if (!locale || !isSupportedLocale(locale)) return
  translate = createTranslate(await loadCatalogue(locale), enFrame)
  document.documentElement.lang = locale
}

const css = `
:root{color-scheme:light dark;--fg:#16181d;--muted:#5c6270;--bg:#fff;--line:#e3e6ec;--accent:#3b5bdb;--accent-fg:#fff;--danger:#c92a2a}
[data-theme=dark]{--fg:#eef0f4;--muted:#a3a9b6;--bg:#16181d;--line:#2b2f38}
*{box-sizing:border-box}html,body{margin:0;height:100%;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
main{display:flex;flex-direction:column;gap:12px;padding:16px;height:100%}
h1{font-size:17px;margin:0}p{margin:0}.muted{color:var(--muted);font-size:13px}
pre{margin:0;padding:10px;border:1px solid var(--line);border-radius:10px;white-space:pre-wrap;word-break:break-all;max-height:160px;overflow:auto;font:13px/1.4 ui-monospace,monospace}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0;font-size:13px}dt{color:var(--muted)}dd{margin:0;word-break:break-all;font-family:ui-monospace,monospace}
.actions{display:flex;gap:8px;margin-top:auto}button{flex:1;min-height:44px;border-radius:999px;border:1px solid var(--line);background:transparent;color:var(--fg);font:inherit;font-weight:600;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}button:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
input{width:100%;min-height:44px;padding:0 12px;border-radius:10px;border:1px solid var(--line);background:transparent;color:var(--fg);font:14px ui-monospace,monospace}
.error{color:var(--danger);font-size:13px}`

export function installStyles() {
  const style = document.createElement('style')
  style.textContent = css
  document.head.appendChild(style)
}

export function applyTheme(mode: 'light' | 'dark', variables: Record<string, string> = {}) {
  document.documentElement.dataset.theme = mode
  const accent = variables['--foyer-accent']
  if (accent && /^[#(),.%\w\s-]{1,60}$/.test(accent)) document.documentElement.style.setProperty('--accent', accent)
}

export function el<tag extends keyof HTMLElementTagNameMap>(
  tag: tag,
  props: Partial<HTMLElementTagNameMap[tag]> & { testId?: string } = {},
  ...children: (Node | string)[]
) {
  const element = document.createElement(tag)
  const { testId, ...rest } = props
  Object.assign(element, rest)
  if (testId) element.dataset.testid = testId
  element.append(...children)
  return element
}

let current: { cancel: () => void } | undefined

export function clearScreen() {
  root().replaceChildren()
  delete document.body.dataset.screen
}

/** Cancels what is shown (the modal closed): the waiting promise settles as rejected/aborted. */
export function cancelScreen() {
  current?.cancel()
}

/** A new wallet: the person keeps the recovery code (needed to sign in on another device). */
export function showRecoveryCode(code: string): Promise<void> {
  return new Promise((resolve) => {
    const done = el('button', {
      type: 'button',
      className: 'primary',
      textContent: t('frame.saved'),
      testId: 'frame-recovery-saved',
    })
    const finish = () => {
      current = undefined
      clearScreen()
      resolve()
    }
    done.onclick = finish
    current = { cancel: finish }
    root().replaceChildren(
      el('h1', { textContent: t('frame.saveRecoveryTitle') }),
      el('p', { className: 'muted', textContent: t('frame.saveRecoveryBody') }),
      el('pre', { textContent: code, testId: 'frame-recovery-code' }),
      el('div', { className: 'actions' }, done),
    )
    document.body.dataset.screen = 'recovery-code'
    done.focus()
  })
}

/** A new device: asks for the recovery code until `check` accepts it; rejects with 'aborted' if cancelled. */
export function askRecoveryCode(check: (code: string) => Promise<boolean>): Promise<void> {
  return new Promise((resolve, reject) => {
    const input = el('input', {
      type: 'text',
      autocomplete: 'off',
      spellcheck: false,
      id: 'recovery-input',
      testId: 'frame-recovery-input',
    })
    const error = el('p', { className: 'error', role: 'alert' } as Partial<HTMLParagraphElement>)
    const submit = el('button', {
      type: 'submit',
      className: 'primary',
      textContent: t('frame.continue'),
      testId: 'frame-recovery-submit',
    })
    const form = el(
      'form',
      {},
      el('label', { htmlFor: 'recovery-input', textContent: t('frame.recoveryLabel') }),
      input,
      error,
      el('div', { className: 'actions' }, submit),
    )
    form.style.cssText = 'display:flex;flex-direction:column;gap:8px;flex:1'
    form.onsubmit = async (event) => {
      event.preventDefault()
      if (await check(input.value)) {
        current = undefined
        clearScreen()
        resolve()
      } else error.textContent = t('frame.recoveryWrong')
    }
    current = {
      cancel: () => {
        current = undefined
        clearScreen()
        reject(new Error('aborted'))
      },
    }
    root().replaceChildren(
      el('h1', { textContent: t('frame.newDeviceTitle') }),
      el('p', { className: 'muted', textContent: t('frame.newDeviceBody') }),
      form,
    )
    document.body.dataset.screen = 'recovery-entry'
    input.focus()
  })
}

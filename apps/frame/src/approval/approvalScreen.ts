/**
 * One approval on screen: what is asked, by whom, on which network, and Approve / Reject. Approve starts disabled
 * and arms only per the rules in arming.ts (visible and unchanged for a while, a fresh press); focus starts on the
 * title, so a key already held or pressed on the site's say-so lands nowhere.
 */
import type { MessageParameters } from '@foyer/core/internal'
import { el, type FrameMessageKey, root, t } from '../screens.ts'
import { installApprovalStyles } from './approvalStyles.ts'
import { type Arming, type ArmingState, createArming, type DisarmReason } from './arming.ts'
import { watchVisibility } from './visibilityWatch.ts'

export type ApprovalDetails = {
  title: FrameMessageKey
  site: string
  rows: [FrameMessageKey, string][]
  /** Plain sentences above the rows (e.g. what a permit allows). */
  summary?: { key: FrameMessageKey; parameters: MessageParameters }[]
  body?: string
}

const STATUS_KEYS: Record<DisarmReason, FrameMessageKey> = {
  arming: 'frame.approvalArming',
  hidden: 'frame.approvalHidden',
  'too-small': 'frame.approvalTooSmall',
  covered: 'frame.approvalCovered',
}

/** The arming of the approval on screen, so a change made from outside (a theme) can restart it. */
let active: Arming | undefined

/** Something the person sees changed (e.g. the theme): Approve disarms and counts again. */
export function approvalChanged() {
  active?.restart()
}

/** Shows `details`; `decide` gets true (Approve) or false (Reject) once; the returned function removes the screen. */
export function presentApproval(details: ApprovalDetails, decide: (approved: boolean) => void): () => void {
  installApprovalStyles()
  const status = el('p', { className: 'approval-status', id: 'frame-approval-status', testId: 'frame-approval-status' })
  status.setAttribute('role', 'status')
  status.setAttribute('aria-live', 'polite')
  const approve = el('button', {
    type: 'button',
    className: 'approval-approve',
    textContent: t('frame.approve'),
    testId: 'frame-approve',
    disabled: true,
  })
  approve.setAttribute('aria-describedby', status.id)
  const reject = el('button', {
    type: 'button',
    className: 'approval-reject',
    textContent: t('frame.reject'),
    testId: 'frame-reject',
  })
  const title = el('h1', { textContent: t(details.title), id: 'frame-title', tabIndex: -1 })

  const render = (state: ArmingState) => {
    approve.disabled = !state.armed
    approve.dataset.armed = String(state.armed)
    document.body.dataset.approvalArmed = String(state.armed)
    if (state.armed) delete document.body.dataset.approvalBlocked
    else document.body.dataset.approvalBlocked = state.reason
    status.textContent = state.armed ? t('frame.approvalReady') : t(STATUS_KEYS[state.reason])
  }
  const arming = createArming({ onChange: render })
  active = arming

  // A press begins: it may only approve if Approve was already armed at that moment (arming.ts).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.repeat) {
      // A held key never decides anything here.
      event.preventDefault()
      event.stopImmediatePropagation()
      return
    }
    if (event.key === 'Enter' || event.key === ' ') arming.pressStarted()
  }
  // Every pointer event tells where the frame is on screen: a frame moved under a still pointer disarms (arming.ts).
  const onPointer = (event: MouseEvent) => {
    const x = event.screenX - event.clientX
    const y = event.screenY - event.clientY
    if (Number.isFinite(x) && Number.isFinite(y)) arming.pointerSeen(x, y)
  }
  const onPointerDown = (event: MouseEvent) => {
    onPointer(event)
    arming.pressStarted()
  }
  const pointerEvents = ['pointermove', 'pointerover', 'pointerup'] as const
  window.addEventListener('keydown', onKeyDown, true)
  window.addEventListener('pointerdown', onPointerDown, true)
  for (const type of pointerEvents) window.addEventListener(type, onPointer, true)

  approve.onclick = (event) => {
    if (!arming.mayActivate()) {
      event.preventDefault()
      return
    }
    decide(true)
  }
  reject.onclick = () => decide(false)

  const rows = el('dl')
  for (const [term, value] of details.rows)
    rows.append(
      el('dt', { textContent: t(term) }),
      el('dd', { textContent: value, testId: `frame-row-${term.replace(/^frame\./, '')}` }),
    )
  // The details scroll inside their own box; the status and the buttons always stay in view (the page never scrolls,
  // so the frame's content never moves out of its viewport).
  const scroller = el(
    'div',
    { className: 'approval-details' },
    title,
    el('p', { className: 'muted', textContent: t('frame.requestedBy', { site: details.site }) }),
    ...(details.summary ?? []).map((line) =>
      el('p', {
        className: 'approval-summary',
        textContent: t(line.key, line.parameters),
        testId: 'frame-approval-summary',
      }),
    ),
    rows,
    ...(details.body !== undefined ? [el('pre', { textContent: details.body, testId: 'frame-request-body' })] : []),
  )
  root().replaceChildren(scroller, status, el('div', { className: 'actions approval-actions' }, reject, approve))
  document.body.dataset.screen = 'approval'
  title.focus()
  arming.restart()
  const stopWatching = watchVisibility(
    root(),
    (reason) => arming.setBlocked(reason),
    () => arming.restart(),
  )

  return () => {
    stopWatching()
    arming.stop()
    if (active === arming) active = undefined
    window.removeEventListener('keydown', onKeyDown, true)
    window.removeEventListener('pointerdown', onPointerDown, true)
    for (const type of pointerEvents) window.removeEventListener(type, onPointer, true)
    root().replaceChildren()
    delete document.body.dataset.screen
    delete document.body.dataset.approvalArmed
    delete document.body.dataset.approvalBlocked
  }
}

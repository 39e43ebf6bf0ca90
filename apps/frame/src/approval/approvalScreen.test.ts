// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { approvalChanged, presentApproval } from './approvalScreen.ts'
import { ARM_DELAY_MS } from './arming.ts'
import { MIN_FRAME_WIDTH } from './visibilityWatch.ts'

const details = {
  title: 'frame.sendTransaction' as const,
  site: 'http://127.0.0.1:5173',
  rows: [['frame.network', 'Foyer Local (31337)']] as [never, string][],
}
const approveButton = () => document.querySelector<HTMLButtonElement>('[data-testid=frame-approve]')!
const status = () => document.querySelector('[data-testid=frame-approval-status]')!.textContent
const press = (init: KeyboardEventInit) =>
  window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }))
const pointerDown = () => window.dispatchEvent(new Event('pointerdown'))
/** A pointer event at client (x, y) with the frame's top-left at (frameX, frameY) on screen. */
const pointer = (type: string, frameX: number, frameY: number, x = 50, y = 40) =>
  window.dispatchEvent(
    new MouseEvent(type, { bubbles: true, clientX: x, clientY: y, screenX: frameX + x, screenY: frameY + y }),
  )

describe('approval screen', () => {
  let decisions: boolean[]
  let dismiss: () => void
  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = '<main id="frame-root"></main>'
    decisions = []
    dismiss = presentApproval(details, (approved) => decisions.push(approved))
  })
  afterEach(() => {
    dismiss()
    vi.useRealTimers()
  })

  it('arrives with focus on the title and Approve disabled, saying why', () => {
    expect(document.activeElement?.id).toBe('frame-title')
    expect(approveButton().disabled).toBe(true)
    expect(approveButton().getAttribute('aria-describedby')).toBe('frame-approval-status')
    expect(status()).toBe('Check the request: Approve becomes available in a moment.')
    expect(document.querySelector('[data-testid=frame-row-network]')?.textContent).toBe('Foyer Local (31337)')
    approveButton().click()
    expect(decisions).toEqual([])
  })

  it('arms after the delay; then only a fresh press approves', () => {
    pointerDown() // pressed before arming
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(approveButton().disabled).toBe(false)
    expect(document.body.dataset.approvalArmed).toBe('true')
    approveButton().click() // the release of that early press
    expect(decisions).toEqual([])
    pointerDown()
    approveButton().click()
    expect(decisions).toEqual([true])
  })

  it('ignores key repeats (a held Enter) and a key pressed before arming', () => {
    press({ key: 'Enter' })
    vi.advanceTimersByTime(ARM_DELAY_MS)
    approveButton().click()
    expect(decisions).toEqual([])
    const repeat = new KeyboardEvent('keydown', { key: 'Enter', repeat: true, cancelable: true })
    window.dispatchEvent(repeat)
    expect(repeat.defaultPrevented).toBe(true)
    approveButton().click()
    expect(decisions).toEqual([])
    press({ key: 'Enter' })
    approveButton().click()
    expect(decisions).toEqual([true])
  })

  it('re-arms from zero after a theme change or a resize', () => {
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(approveButton().disabled).toBe(false)
    approvalChanged()
    expect(approveButton().disabled).toBe(true)
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(approveButton().disabled).toBe(false)
    window.dispatchEvent(new Event('resize'))
    expect(approveButton().disabled).toBe(true)
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(approveButton().disabled).toBe(false)
  })

  it('refuses a click after the frame moved under a still pointer, and re-arms from zero', () => {
    pointer('pointermove', 300, 200) // the pointer rests over the frame while it arms
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(approveButton().disabled).toBe(false)
    // The site moves the frame so Approve sits under the pointer; the next press shows the new place.
    pointer('pointerdown', 420, 260, 30, 10)
    approveButton().click()
    expect(decisions).toEqual([])
    expect(approveButton().disabled).toBe(true)
    expect(status()).toBe('Check the request: Approve becomes available in a moment.')
    pointer('pointerup', 420, 260, 30, 10)
    vi.advanceTimersByTime(ARM_DELAY_MS - 1)
    expect(approveButton().disabled).toBe(true)
    vi.advanceTimersByTime(1)
    pointer('pointerdown', 420, 260, 35, 12) // same place, pointer moved inside the frame: a real press
    approveButton().click()
    expect(decisions).toEqual([true])
  })

  it('stays disarmed while the frame is too small, and says so', () => {
    const width = window.innerWidth
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 10 })
    window.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(5 * ARM_DELAY_MS)
    expect(approveButton().disabled).toBe(true)
    expect(document.body.dataset.approvalBlocked).toBe('too-small')
    expect(status()).toMatch(/too small/)
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: Math.max(width, MIN_FRAME_WIDTH) })
    window.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(ARM_DELAY_MS - 1)
    expect(approveButton().disabled).toBe(true)
    vi.advanceTimersByTime(1)
    expect(approveButton().disabled).toBe(false)
  })

  it('Reject decides false at once; dismissing clears the screen', () => {
    document.querySelector<HTMLButtonElement>('[data-testid=frame-reject]')!.click()
    expect(decisions).toEqual([false])
    dismiss()
    expect(document.getElementById('frame-root')!.children).toHaveLength(0)
    expect(document.body.dataset.screen).toBeUndefined()
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ARM_DELAY_MS, type ArmingState, createArming } from './arming.ts'

describe('arming', () => {
  let states: ArmingState[]
  const make = () => createArming({ onChange: (state) => states.push(state) })
  beforeEach(() => {
    vi.useFakeTimers()
    states = []
  })
  afterEach(() => vi.useRealTimers())

  it('arms only after ARM_DELAY_MS without a change', () => {
    const arming = make()
    arming.restart()
    expect(arming.state).toEqual({ armed: false, reason: 'arming' })
    vi.advanceTimersByTime(ARM_DELAY_MS - 1)
    expect(arming.state.armed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(arming.state).toEqual({ armed: true })
    expect(ARM_DELAY_MS).toBe(1000)
  })

  it('counts again from zero after a change', () => {
    const arming = make()
    arming.restart()
    vi.advanceTimersByTime(900)
    arming.restart() // a resize, a new request, a theme change
    vi.advanceTimersByTime(900)
    expect(arming.state.armed).toBe(false)
    vi.advanceTimersByTime(100)
    expect(arming.state.armed).toBe(true)
    arming.restart()
    expect(arming.state).toEqual({ armed: false, reason: 'arming' })
  })

  it('stays disarmed while blocked and recounts from zero once visible again', () => {
    const arming = make()
    arming.restart()
    vi.advanceTimersByTime(ARM_DELAY_MS)
    arming.setBlocked('covered')
    expect(arming.state).toEqual({ armed: false, reason: 'covered' })
    vi.advanceTimersByTime(10 * ARM_DELAY_MS)
    expect(arming.state).toEqual({ armed: false, reason: 'covered' })
    arming.setBlocked('too-small')
    expect(arming.state).toEqual({ armed: false, reason: 'too-small' })
    arming.setBlocked(undefined)
    expect(arming.state).toEqual({ armed: false, reason: 'arming' })
    vi.advanceTimersByTime(ARM_DELAY_MS - 1)
    expect(arming.state.armed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(arming.state.armed).toBe(true)
  })

  it('a press that began before arming never activates, even when it ends after', () => {
    const arming = make()
    arming.restart()
    arming.pressStarted() // key or button already down when the request appears
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(arming.state.armed).toBe(true)
    expect(arming.mayActivate()).toBe(false)
    arming.pressStarted() // a fresh press after arming
    expect(arming.mayActivate()).toBe(true)
  })

  it('a press from an earlier armed period does not count after a re-arm', () => {
    const arming = make()
    arming.restart()
    vi.advanceTimersByTime(ARM_DELAY_MS)
    arming.pressStarted()
    arming.restart() // the frame changed while the button was held
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(arming.state.armed).toBe(true)
    expect(arming.mayActivate()).toBe(false)
  })

  it('a frame moved on screen (a new place from a pointer event) disarms and recounts from zero', () => {
    const arming = make()
    arming.restart()
    arming.pointerSeen(100, 200) // seen while arming
    vi.advanceTimersByTime(ARM_DELAY_MS)
    arming.pointerSeen(100.5, 199.5) // rounding of fractional coordinates: not a move
    expect(arming.state.armed).toBe(true)
    arming.pointerSeen(340, 200) // the site slid the frame under the pointer
    arming.pressStarted()
    expect(arming.state).toEqual({ armed: false, reason: 'arming' })
    expect(arming.mayActivate()).toBe(false)
    vi.advanceTimersByTime(ARM_DELAY_MS - 1)
    expect(arming.state.armed).toBe(false)
    vi.advanceTimersByTime(1)
    arming.pointerSeen(340, 200) // still there: no new move
    expect(arming.state.armed).toBe(true)
  })

  it('a restart for another reason (a resize, a theme) forgets the place seen before it', () => {
    const arming = make()
    arming.restart()
    arming.pointerSeen(100, 192) // mid-animation, while the site's modal rises into place (and resizes the frame)
    arming.restart()
    arming.pointerSeen(100, 200) // at rest
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(arming.state.armed).toBe(true)
    arming.pointerSeen(100, 200)
    arming.pressStarted()
    expect(arming.mayActivate()).toBe(true)
  })

  it('reports every change and nothing after stop', () => {
    const arming = make()
    arming.restart()
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(states).toEqual([{ armed: false, reason: 'arming' }, { armed: true }])
    arming.stop()
    arming.restart()
    vi.advanceTimersByTime(ARM_DELAY_MS)
    expect(states).toHaveLength(2)
    expect(arming.mayActivate()).toBe(false)
  })
})

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hasVisibilityTracking, MIN_FRAME_HEIGHT, watchVisibility } from './visibilityWatch.ts'

/** A stand-in for Chromium's IntersectionObserver v2 (jsdom has none): the test reports entries by hand. */
class FakeObserver {
  static last: FakeObserver | undefined
  options: IntersectionObserverInit & { trackVisibility?: boolean; delay?: number }
  constructor(
    readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit,
  ) {
    this.options = options
    FakeObserver.last = this
  }
  observe() {}
  disconnect() {}
  report(entry: { isVisible: boolean; isIntersecting?: boolean; intersectionRatio?: number }) {
    this.callback(
      [{ isIntersecting: true, intersectionRatio: 1, ...entry } as unknown as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    )
  }
}
class FakeEntry {
  get isVisible() {
    return false
  }
}

describe('visibility watch', () => {
  let reasons: (string | undefined)[]
  let changes: number
  let stop: () => void
  const g = globalThis as Record<string, unknown>
  beforeEach(() => {
    g.IntersectionObserver = FakeObserver
    g.IntersectionObserverEntry = FakeEntry
    reasons = []
    changes = 0
    document.body.innerHTML = '<main id="frame-root"></main>'
    stop = watchVisibility(
      document.getElementById('frame-root')!,
      (reason) => reasons.push(reason),
      () => changes++,
    )
  })
  afterEach(() => {
    stop()
    delete g.IntersectionObserver
    delete g.IntersectionObserverEntry
  })

  it('asks for IntersectionObserver v2 visibility tracking and fails closed until the first report', () => {
    expect(hasVisibilityTracking()).toBe(true)
    expect(FakeObserver.last!.options).toMatchObject({ trackVisibility: true, delay: 100 })
    expect(reasons).toEqual(['covered'])
    FakeObserver.last!.report({ isVisible: true })
    expect(reasons.at(-1)).toBeUndefined()
  })

  it('covered, faded or transformed (isVisible false) or partly out of view: blocked', () => {
    FakeObserver.last!.report({ isVisible: true })
    FakeObserver.last!.report({ isVisible: false })
    expect(reasons.at(-1)).toBe('covered')
    FakeObserver.last!.report({ isVisible: true, intersectionRatio: 0.5 })
    expect(reasons.at(-1)).toBe('covered')
    FakeObserver.last!.report({ isVisible: true, isIntersecting: false, intersectionRatio: 0 })
    expect(reasons.at(-1)).toBe('covered')
    FakeObserver.last!.report({ isVisible: true })
    expect(reasons.at(-1)).toBeUndefined()
  })

  it('a hidden page or a too small frame wins over a visible report; a resize is reported as a change', () => {
    FakeObserver.last!.report({ isVisible: true })
    const height = window.innerHeight
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: MIN_FRAME_HEIGHT - 1 })
    window.dispatchEvent(new Event('resize'))
    expect(reasons.at(-1)).toBe('too-small')
    expect(changes).toBe(1)
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: height })
    window.dispatchEvent(new Event('resize'))
    expect(reasons.at(-1)).toBeUndefined()
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(reasons.at(-1)).toBe('hidden')
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(reasons.at(-1)).toBeUndefined()
  })
})

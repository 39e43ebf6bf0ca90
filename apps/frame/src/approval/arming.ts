/**
 * When Approve may be used. A person must have been able to read the request before it counts: Approve arms only
 * after the request has been on screen, visible and unchanged, for ARM_DELAY_MS. Anything that changes what the
 * person sees (another request, a resize, the frame hidden or covered, a theme change) disarms it and the count
 * starts again from zero. A press only approves when it both began and ended while armed in the same period, so
 * a key or button held down before the request arrived (or before it became visible) never approves.
 * The frame moving on screen (seen from pointer events, `pointerSeen`) is such a change too: a site that slides the
 * frame under a still pointer, so that a click meant for its own page lands on Approve, gets a disarmed button.
 */

/** How long the request must be visible and unchanged before Approve works. */
export const ARM_DELAY_MS = 1000

/** A smaller change of the frame's place on screen is rounding (fractional pointer coordinates), not a move. */
export const MOVE_TOLERANCE_PX = 1

/** Why Approve is not available right now. `arming`: counting down; the others: the frame is not visible enough. */
export type DisarmReason = 'arming' | 'hidden' | 'too-small' | 'covered'

export type ArmingState = { armed: true } | { armed: false; reason: DisarmReason }

export type Arming = ReturnType<typeof createArming>

export function createArming(options: { delayMs?: number; onChange: (state: ArmingState) => void }) {
  const delayMs = options.delayMs ?? ARM_DELAY_MS
  let blocked: Exclude<DisarmReason, 'arming'> | undefined
  let armed = false
  /** Moves on every arm and every disarm: a press belongs to exactly one armed period. */
  let period = 0
  /** The armed period in which the current press began; undefined when it began while disarmed. */
  let pressPeriod: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  /**
   * The frame's place on screen (screenX − clientX, screenY − clientY) the last pointer event of this arming period
   * showed. Each restart forgets it: places seen before (e.g. while the site's modal animated in, resizing the
   * frame) say nothing about the frame since the count began.
   */
  let place: { x: number; y: number } | undefined

  const state = (): ArmingState => (armed ? { armed: true } : { armed: false, reason: blocked ?? 'arming' })

  /** Disarms and, unless the frame is blocked, counts again from zero. */
  function restart() {
    if (stopped) return
    clearTimeout(timer)
    timer = undefined
    armed = false
    period++
    place = undefined
    if (!blocked) {
      timer = setTimeout(() => {
        timer = undefined
        armed = true
        period++
        options.onChange(state())
      }, delayMs)
    }
    options.onChange(state())
  }

  return {
    restart,
    /** The frame became not visible enough (a reason) or visible again (undefined): both disarm and recount. */
    setBlocked(reason: Exclude<DisarmReason, 'arming'> | undefined) {
      if (reason === blocked) return
      blocked = reason
      restart()
    },
    get state() {
      return state()
    },
    /**
     * A pointer event showed the frame at this place on screen. Another place than the one seen before means the
     * frame (or the window) moved: disarm and count again from zero. Call it before `pressStarted` for a pointerdown.
     */
    pointerSeen(x: number, y: number) {
      const moved =
        place !== undefined && (Math.abs(place.x - x) > MOVE_TOLERANCE_PX || Math.abs(place.y - y) > MOVE_TOLERANCE_PX)
      place = { x, y }
      if (moved) restart()
    },
    /** A pointer or key press began (pointerdown, or a keydown that is not a repeat). */
    pressStarted() {
      pressPeriod = armed ? period : undefined
    },
    /** Whether an activation (the click that ends a press) may approve: armed, and the press began in this armed period. */
    mayActivate(): boolean {
      return armed && pressPeriod === period
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      armed = false
    },
  }
}

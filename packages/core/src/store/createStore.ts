/** A minimal external store: one immutable state object, shallow-merged updates, synchronous listeners. */
export type Listener<state> = (state: state, previous: state) => void

export type Store<state> = {
  getState(): state
  setState(update: Partial<state> | ((state: state) => Partial<state>)): void
  subscribe(listener: Listener<state>): () => void
}

export function createStore<state extends object>(initial: state): Store<state> {
  let state = initial
  const listeners = new Set<Listener<state>>()
  return {
    getState: () => state,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update
      const next = { ...state, ...patch }
      if (Object.keys(patch).every((key) => Object.is(state[key as keyof state], next[key as keyof state]))) return
      const previous = state
      state = next
      for (const listener of [...listeners]) listener(state, previous)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

import type { AnalyticsEventName, AnalyticsEventType, AnalyticsProps } from '../protocol/analytics.ts'
import type { Store } from '../store/createStore.ts'

/**
 * The events of the modal, one list with the analytics the site's server receives (`ANALYTICS_EVENTS` in
 * `@foyer/core/protocol`, with each event's props).
 */
export type FoyerEventName = AnalyticsEventName

export type FoyerEvent = {
  timestamp: number
  type: AnalyticsEventType
  event: FoyerEventName
  properties?: Record<string, string | number | boolean | undefined>
}

/** Emits event `E` with its props (`AnalyticsProps<E>`); `type` is `error` for a failure. */
export type EmitEvent = <E extends FoyerEventName>(
  event: E,
  properties?: AnalyticsProps<E>,
  type?: AnalyticsEventType,
) => void

/** Records each event as the store's `lastEvent` and hands it to every subscriber. */
export function createEventBus(store: Store<{ lastEvent?: FoyerEvent }>) {
  const listeners = new Set<(event: FoyerEvent) => void>()
  const emit: EmitEvent = (event, properties, type = 'track') => {
    const record: FoyerEvent = {
      timestamp: Date.now(),
      type,
      event,
      properties: properties as FoyerEvent['properties'],
    }
    store.setState({ lastEvent: record })
    for (const listener of [...listeners]) {
      // A subscriber's failure is its own: the modal's step and the other subscribers go on.
      try {
        listener(record)
      } catch {}
    }
  }
  return {
    emit,
    subscribe(listener: (event: FoyerEvent) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

import type { FoyerClient } from '../client/createFoyerClient.ts'
import { isFeatureAvailable } from '../options/options.ts'
import type { ApiErrorCode } from '../protocol/errors.ts'
import type { OnrampProvider } from '../protocol/onramp.ts'
import { createStore, type Store } from '../store/createStore.ts'
import { fetchOnrampProviders } from './fetchOnrampProviders.ts'

export type BuyAvailabilityState = {
  /** idle: not asked; loading; ready: the server answered; error: it failed (the providers view offers a retry). */
  status: 'idle' | 'loading' | 'ready' | 'error'
  providers: OnrampProvider[]
  restrictedTimezones: string[]
  /** The server refused the on-ramp for this project (the `onramp` feature is off there: 403). */
  disabled: boolean
}

const initialState: BuyAvailabilityState = { status: 'idle', providers: [], restrictedTimezones: [], disabled: false }

/** The visitor's IANA time zone (`Europe/Madrid`), or undefined where Intl does not say. */
export function visitorTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/**
 * Whether Buy shows: the site's `onramp` feature with an `apiUrl`, a visitor outside the operator's restricted time
 * zones, and a server that did not refuse the on-ramp for the project. Unknown (not asked yet, or the providers call
 * failed) counts as shown: the providers view says what went wrong.
 */
export function isBuyVisible(
  client: Pick<FoyerClient, 'options'>,
  state: BuyAvailabilityState,
  timeZone = visitorTimeZone(),
): boolean {
  if (!isFeatureAvailable(client.options, 'onramp')) return false
  if (state.disabled) return false
  if (state.status === 'ready' && state.providers.length === 0) return false
  return !(timeZone && state.restrictedTimezones.includes(timeZone))
}

export type BuyAvailability = {
  store: Store<BuyAvailabilityState>
  /** Asks the server for the providers (once; `force` asks again). */
  load(force?: boolean): Promise<void>
}

const availabilities = new WeakMap<FoyerClient, BuyAvailability>()

/** The on-ramp providers and restricted zones of one client (asked for once, on first use). */
export function getBuyAvailability(client: FoyerClient): BuyAvailability {
  let availability = availabilities.get(client)
  if (availability) return availability
  const store = createStore(initialState)
  let pending: Promise<void> | undefined
  availability = {
    store,
    load(force = false) {
      if (!isFeatureAvailable(client.options, 'onramp')) return Promise.resolve()
      if (pending && !force) return pending
      if (store.getState().status === 'ready' && !force) return Promise.resolve()
      store.setState({ status: 'loading' })
      pending = fetchOnrampProviders(client).then(
        ({ providers, restrictedTimezones }) => {
          store.setState({
            status: 'ready',
            providers: Array.isArray(providers) ? providers : [],
            restrictedTimezones: Array.isArray(restrictedTimezones) ? restrictedTimezones : [],
            disabled: false,
          })
        },
        (error: unknown) => {
          client.logger.error('onramp: providers', error)
          store.setState({ status: 'error', disabled: httpStatusOf(error) === 403 })
          pending = undefined
        },
      )
      return pending
    },
  }
  availabilities.set(client, availability)
  return availability
}

/** The HTTP status behind an error (a FoyerError's cause chain), if the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (typeof current === 'object' && 'status' in current && typeof current.status === 'number') return current.status
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The server's error code behind an error (`amount_below_minimum`, `quote_expired` …), if it sent one. */
export function httpCodeOf(error: unknown): ApiErrorCode | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    if (typeof current === 'object' && 'code' in current && typeof current.code === 'string' && 'status' in current)
      return current.code as ApiErrorCode
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

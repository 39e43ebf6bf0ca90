import type { FoyerClient } from './createFoyerClient.ts'

/**
 * One value per Foyer client, made on first use: the flows' controllers (swap, send, names, buy) are made when a
 * view first asks, so pages that never open the view never run them.
 */
export function onePerClient<value>(make: (client: FoyerClient) => value): (client: FoyerClient) => value {
  const made = new WeakMap<FoyerClient, value>()
  return (client) => {
    let value = made.get(client)
    if (value === undefined) {
      value = make(client)
      made.set(client, value)
    }
    return value
  }
}

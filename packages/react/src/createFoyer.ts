import { createFoyerClient, type FoyerClient, type FoyerOptions } from '@foyer/core'

/** The Foyer client a site creates once and hands to `<FoyerProvider foyer={…}>`. */
export type Foyer = FoyerClient

/**
 * Creates the Foyer client: the headless store and actions the modal, buttons and hooks read.
 * Nothing runs at creation time (no window access, no network), so it is safe to call during SSR.
 *
 * @example
 * const foyer = createFoyer({ adapters: [evmAdapter({ wagmiConfig })], networks: [mainnet, base] })
 */
export function createFoyer(options: FoyerOptions): Foyer {
  return createFoyerClient(options)
}

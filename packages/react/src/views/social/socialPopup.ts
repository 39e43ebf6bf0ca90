import type { FoyerClient } from '@foyer/core'
import { openSocialPopup } from '@foyer/core/internal'

/**
 * The sign-in window opened in the person's click, handed from the button to ConnectingSocial (which sends it to
 * the provider's page). Kept per client, taken once.
 */
const opened = new WeakMap<FoyerClient, Window | null>()

/** Opens the window now (call it synchronously in a click handler) and keeps it for the waiting view. */
export function openPopupFor(client: FoyerClient): Window | null {
  const popup = openSocialPopup()
  opened.set(client, popup)
  return popup
}

/** The window the last click opened (null: blocked; undefined: none, e.g. the view was opened directly). */
export function takePopup(client: FoyerClient): Window | null | undefined {
  const popup = opened.get(client)
  opened.delete(client)
  return popup
}

/**
 * Opens an empty window for the provider's checkout (called in the click handler, so no popup blocker stops it);
 * the caller then sets its location. The new page cannot reach back into the site (`opener` is cleared). Null when
 * the browser refused a window: BuyInProgress then offers a link.
 */
export function openCheckoutWindow(): Window | null {
  if (typeof window === 'undefined') return null
  const popup = window.open('', '_blank')
  if (popup) popup.opener = null
  return popup
}

import { FrameHost } from './FrameHost.tsx'

/**
 * Hosts the secure frame while it asks the person something (approve a signature or a transaction, save or enter
 * a recovery code). The frame, on its own origin, shows the request and takes the decision; the site never can.
 */
export function ApproveTransactionView() {
  return <FrameHost />
}

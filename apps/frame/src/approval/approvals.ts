/**
 * The frame's approvals as the message handlers use them: one line of requests (approvalQueue.ts), each shown by
 * approvalScreen.ts, answered as the site's request expects (FrameHostError codes).
 */
import { FrameHostError } from '@foyer/embedded/host'
import { ApprovalQueueFullError, createApprovalQueue } from './approvalQueue.ts'
import { type ApprovalDetails, presentApproval } from './approvalScreen.ts'

export type Approvals = ReturnType<typeof createApprovals>

export function createApprovals(options: { onBusyChange: (busy: boolean) => void; present?: typeof presentApproval }) {
  const queue = createApprovalQueue<ApprovalDetails>({
    present: options.present ?? presentApproval,
    onBusyChange: options.onBusyChange,
  })
  return {
    /** Resolves when the person approves; throws `rejected` (declined, or too many waiting) or `aborted`. */
    async approve(details: ApprovalDetails): Promise<void> {
      let approved: boolean
      try {
        approved = await queue.request(details)
      } catch (error) {
        if (error instanceof ApprovalQueueFullError)
          throw new FrameHostError('rejected', 'Too many pending requests: decide the ones in the wallet first')
        throw new FrameHostError('aborted', 'Request was aborted')
      }
      if (!approved) throw new FrameHostError('rejected', 'The request was rejected in the wallet')
    },
    abortAll: () => queue.abortAll(),
    get busy() {
      return queue.busy
    },
    /**
     * The network is part of what the person approves: it must not change under an open or waiting approval.
     * Refused as `rejected` (EIP-1193 4001 at the site), the code wallets use for a declined network switch.
     */
    assertNetworkMayChange() {
      if (queue.busy)
        throw new FrameHostError(
          'rejected',
          'The network cannot change while a request waits for approval in the wallet',
        )
    },
  }
}

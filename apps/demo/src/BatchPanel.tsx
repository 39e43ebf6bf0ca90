import { useState } from 'react'
import { useAccount, useCapabilities, useChainId, useSendCalls, useWaitForCallsStatus } from 'wagmi'

/** Dev accounts 0 and 1: the two receivers of the demo's batch. */
const RECEIVERS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] as const

/**
 * EIP-5792 through wagmi, as a site would use it: what the connected wallet reports for this chain
 * (`useCapabilities`), and two transfers of 0.001 ETH sent as one batch (`useSendCalls`), followed until they land
 * (`useWaitForCallsStatus`).
 */
export function BatchPanel() {
  const { address } = useAccount()
  const chainId = useChainId()
  const capabilities = useCapabilities({ account: address, chainId })
  const { sendCallsAsync, data: sent, isPending } = useSendCalls()
  const status = useWaitForCallsStatus({ id: sent?.id, pollingInterval: 250 })
  const [error, setError] = useState<string>()
  const atomic = capabilities.data?.atomic?.status

  async function sendBatch() {
    setError(undefined)
    try {
      await sendCallsAsync({
        calls: RECEIVERS.map((to) => ({ to, value: 1_000_000_000_000_000n })),
      })
    } catch (e) {
      setError((e as { shortMessage?: string }).shortMessage ?? 'Sending the calls failed')
    }
  }

  return (
    <div>
      <p>
        Atomic batching:{' '}
        <span data-testid="batch-atomic">{capabilities.isPending ? '…' : (atomic ?? 'unsupported')}</span>
      </p>
      <button type="button" data-testid="send-batch" disabled={isPending} onClick={() => void sendBatch()}>
        Send two calls
      </button>
      {sent && (
        <p>
          Batch <span data-testid="batch-status">{status.data?.status ?? 'pending'}</span>
          {status.data?.receipts?.map((r) => (
            <span key={r.transactionHash} data-testid="batch-tx" className="mono">
              {' '}
              {r.transactionHash}
            </span>
          ))}
        </p>
      )}
      {error && (
        <p data-testid="batch-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

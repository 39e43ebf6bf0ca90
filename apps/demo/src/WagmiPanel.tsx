import { useState } from 'react'
import { useAccount, useBalance, useChainId, useSignMessage } from 'wagmi'

/** wagmi hooks beside Foyer: they see the connection Foyer made. */
export function WagmiPanel() {
  const { address, status } = useAccount()
  const chainId = useChainId()
  const balance = useBalance({ address, query: { enabled: Boolean(address) } })
  const { signMessageAsync, isPending } = useSignMessage()
  const [signature, setSignature] = useState<string>()
  const [error, setError] = useState<string>()

  async function sign() {
    setError(undefined)
    try {
      setSignature(await signMessageAsync({ message: 'Hello from the Foyer demo' }))
    } catch (e) {
      setError((e as { shortMessage?: string }).shortMessage ?? 'Signing failed')
    }
  }

  return (
    <section className="card" aria-label="wagmi">
      <h2>wagmi sees</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{chainId}</dd>
        <dt>Balance</dt>
        <dd data-testid="wagmi-balance">{balance.data ? `${balance.data.value} wei` : '—'}</dd>
      </dl>
      <button type="button" data-testid="sign-message" disabled={!address || isPending} onClick={() => void sign()}>
        Sign a message
      </button>
      {signature && <p data-testid="signature" className="mono">{signature}</p>}
      {error && <p data-testid="sign-error" role="alert">{error}</p>}
    </section>
  )
}

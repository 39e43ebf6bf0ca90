import { useState } from 'react'
import { useAccount, useBalance, useChainId, useSendTransaction, useSignMessage } from 'wagmi'
import { BatchPanel } from './BatchPanel.tsx'

/** wagmi hooks beside Foyer: they see the connection Foyer made. */
export function WagmiPanel() {
  const { address, status } = useAccount()
  const chainId = useChainId()
  const balance = useBalance({ address, query: { enabled: Boolean(address) } })
  const { signMessageAsync, isPending } = useSignMessage()
  const [signature, setSignature] = useState<string>()
  const [error, setError] = useState<string>()
  const { sendTransactionAsync, isPending: isSending } = useSendTransaction()
  const [sent, setSent] = useState<string>()

  /** Sends 0.01 ETH to dev account 0, so a journey can check a real transfer on anvil. */
  async function send() {
    setError(undefined)
    try {
      setSent(
        await sendTransactionAsync({
          to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          value: 10_000_000_000_000_000n,
        }),
      )
    } catch (e) {
      setError((e as { shortMessage?: string }).shortMessage ?? 'Sending failed')
    }
  }

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
      </button>{' '}
      <button type="button" data-testid="send-native" disabled={!address || isSending} onClick={() => void send()}>
        Send 0.01 ETH
      </button>
      {signature && (
        <p data-testid="signature" className="mono">
          {signature}
        </p>
      )}
      {sent && (
        <p data-testid="sent-hash" className="mono">
          {sent}
        </p>
      )}
      {error && (
        <p data-testid="sign-error" role="alert">
          {error}
        </p>
      )}
      {address && <BatchPanel />}
    </section>
  )
}

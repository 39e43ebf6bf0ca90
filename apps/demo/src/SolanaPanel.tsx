import { useState } from 'react'
import type { DemoSolana } from './foyer.ts'

const SOLANA_DEMO_MESSAGE = 'Hello from the Foyer demo on Solana'

/** With `?solana=1`: the site signs a message with the connected Solana wallet, through its own Solana adapter. */
export function SolanaPanel({ adapter }: { adapter: DemoSolana['adapter'] }) {
  const [signature, setSignature] = useState<string>()
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)

  async function sign() {
    setError(undefined)
    setPending(true)
    try {
      setSignature(await adapter.signMessage({ message: SOLANA_DEMO_MESSAGE }))
    } catch (e) {
      setError((e as { shortMessage?: string }).shortMessage ?? 'Signing failed')
    } finally {
      setPending(false)
    }
  }

  return (
    <section className="card" aria-label="Solana">
      <h2>Solana</h2>
      <button type="button" data-testid="solana-sign-message" disabled={pending} onClick={() => void sign()}>
        Sign a Solana message
      </button>
      {signature && (
        <p data-testid="solana-signature" className="mono">
          {signature}
        </p>
      )}
      {error && (
        <p data-testid="solana-sign-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

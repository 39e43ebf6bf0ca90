import { getWallets } from '@wallet-standard/app'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

// The Solana-only site without Foyer: React and the Wallet Standard's registry, whose wallets a plain button lists.
// `npm run bench` measures the Solana-only page (solana.html) against this one.
const wallets = getWallets()

function PlainWalletList() {
  const [names, setNames] = useState<string[]>()
  const list = () =>
    setNames(
      wallets
        .get()
        .filter((wallet) => wallet.chains.some((chain) => chain.startsWith('solana:')))
        .map((wallet) => wallet.name),
    )
  return (
    <>
      <button type="button" onClick={list}>
        Connect Wallet
      </button>
      {names && (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <header>
      <strong>Example</strong> <PlainWalletList />
    </header>
  </StrictMode>,
)

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { useAccount, useConnect, useConnectors, useDisconnect, WagmiProvider } from 'wagmi'
import { WagmiPanel } from '../src/WagmiPanel.tsx'
import { wagmiConfig } from '../src/wagmi.ts'
import '../src/demo.css'

/** The floor page: what a wagmi site has with no wallet modal at all (a plain list of discovered wallets). */
function PlainConnect() {
  const connectors = useConnectors()
  const { connect } = useConnect()
  const { disconnect } = useDisconnect()
  const { isConnected } = useAccount()
  if (isConnected)
    return (
      <button type="button" onClick={() => disconnect()}>
        Disconnect
      </button>
    )
  return (
    <div>
      {connectors.map((c) => (
        <button key={c.uid} type="button" onClick={() => connect({ connector: c })}>
          {c.name}
        </button>
      ))}
    </div>
  )
}

const queryClient = new QueryClient()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <header className="bar">
          <strong>Floor</strong>
          <PlainConnect />
        </header>
        <main className="page">
          <WagmiPanel />
        </main>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { useAccount, useConnect, useDisconnect, WagmiProvider } from 'wagmi'
import { wagmiConfig } from './wagmi.ts'

// The same site without Foyer: wagmi, React, TanStack Query and a plain connect button. `npm run bench` measures
// the Foyer page against this one.
const queryClient = new QueryClient()

function PlainConnectButton() {
  const { address } = useAccount()
  const { connect, connectors } = useConnect()
  const { disconnect } = useDisconnect()
  if (address)
    return <button type="button" onClick={() => disconnect()}>{`${address.slice(0, 6)}…${address.slice(-4)}`}</button>
  return (
    <button type="button" onClick={() => connectors[0] && connect({ connector: connectors[0] })}>
      Connect Wallet
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <header>
          <strong>Example</strong> <PlainConnectButton />
        </header>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)

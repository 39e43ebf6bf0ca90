import { ConnectButton, FoyerProvider } from '@foyer/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { foyer } from './foyer.ts'
import { wagmiConfig } from './wagmi.ts'

const queryClient = new QueryClient()

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <FoyerProvider foyer={foyer}>
          <header>
            <strong>Example</strong> <ConnectButton />
          </header>
        </FoyerProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)

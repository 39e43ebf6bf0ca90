import { ConnectButton, createFoyer, FoyerProvider } from '@foyer/react'
import { solanaAdapter } from '@foyer/solana'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { env } from './env.ts'
import { solanaLocal } from './solana.ts'

// The same site offering Solana wallets only: no wagmi, no viem, no TanStack Query. Foyer needs nothing else.
const foyer = createFoyer({
  adapters: [solanaAdapter()],
  networks: [solanaLocal],
  apiUrl: env.apiUrl,
  projectId: env.projectId,
  metadata: { name: 'Example', description: 'A site with Solana wallets', url: location.origin },
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <FoyerProvider foyer={foyer}>
      <header>
        <strong>Example</strong> <ConnectButton />
      </header>
    </FoyerProvider>
  </StrictMode>,
)
